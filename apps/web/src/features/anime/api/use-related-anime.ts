/**
 * The related-anime lookup of the play page (spec 4 Anime view; spec 5 anime matching).
 * TEMPORARY: answers no relations until the anime view lands (features/anime is being built).
 */
import type { RelatedAnimeState, UseRelatedAnime } from '../anime-view-contract.ts';

const NONE: RelatedAnimeState = { relations: [], isLoading: false };

/** See {@link UseRelatedAnime}. */
export const useRelatedAnime: UseRelatedAnime = () => NONE;
