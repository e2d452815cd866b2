/**
 * The related-anime lookup of the play page (PLAY-7 in docs/requirements.md "If related-anime data
 * exists, the anime view replaces the movie or show view"; ANIME-5..8; VALID-8 anime matching).
 */
import { useQuery } from '@tanstack/react-query';
import type { RelatedAnimeState, UseRelatedAnime } from '../anime-view-contract.ts';
import { canLookUp } from '../rules/matching.ts';
import { relatedAnimeQueryOptions } from './get-related-anime.ts';

const NONE: RelatedAnimeState['relations'] = [];

/**
 * See {@link UseRelatedAnime}: the relation graph of the anime entry matching `media`, or [] when
 * `media` is undefined, lacks a title or release date (no call is made), nothing matches or the
 * lookup failed ('Fetch failed: {status}' or 'Unknown error' is logged, ERR-7, ERR-16). `isLoading`
 * is true only while a lookup is in flight.
 */
export const useRelatedAnime: UseRelatedAnime = (media) => {
  const enabled =
    media !== undefined && canLookUp({ title: media.title, releaseDate: media.releaseDate });
  const query = useQuery({
    ...relatedAnimeQueryOptions(
      media ?? { id: 0, type: 'movie', title: '', releaseDate: null, numberOfEpisodes: null },
    ),
    enabled,
  });
  return {
    relations: enabled ? (query.data ?? NONE) : NONE,
    isLoading: enabled && query.isLoading,
  };
};
