/**
 * The anime view (spec 2 Anime view). TEMPORARY: renders nothing until the anime view lands
 * (features/anime is being built); `useRelatedAnime` answers no relations meanwhile.
 */
import type { AnimeViewProps } from '../anime-view-contract.ts';

/** See {@link AnimeViewProps}. */
export function AnimeView(_props: AnimeViewProps) {
  return null;
}
