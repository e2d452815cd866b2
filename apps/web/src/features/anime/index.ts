/**
 * The anime feature's public entry: what the play page uses to look up a title's related anime and
 * to show the anime view in place of the movie or show view (PLAY-7 in docs/requirements.md, Anime
 * view).
 */
export type {
  AnimeSelection,
  AnimeSourceMedia,
  AnimeViewProps,
  RelatedAnimeState,
} from './anime-view-contract.ts';
export { AnimeView } from './components/anime-view.tsx';
export { useRelatedAnime } from './api/use-related-anime.ts';
