/**
 * The paths (under the API prefix `/pigo-stream`, API-GEN-1 in docs/requirements.md) of the calls
 * Home's hero and a show's play page make, with their queries, built in one place from their
 * endpoints (endpoints.ts' `pathOf`): the web app asks them (apps/web/src/features/home,
 * features/library/api, features/play/api), and the server puts their answers into the page under
 * exactly these names (the hero and a show's first season are part of the first screen;
 * apps/server/src/modules/web/follow-ups.ts). Plain functions, no schema library
 * (`@pigostream/contracts/api-paths`).
 */
import {
  HERO_DETAILS,
  MEDIA_DETAILS,
  pathOf,
  RECOMMENDATIONS,
  SEASON,
  WATCH_HISTORY,
} from './endpoints.ts';

/** A title by TMDB id and media type. */
interface TitleRef {
  id: number;
  type: 'movie' | 'tv';
}

/** `GET /index/media-details?id=&type=`: the hero's title (API-CAT-2). */
export function heroMediaDetailsPath({ id, type }: TitleRef): string {
  return pathOf(HERO_DETAILS, {}, { id, type });
}

/** `GET /media-details?id=&type=`: a recommendation candidate (API-CAT-1). */
export function mediaDetailsPath({ id, type }: TitleRef): string {
  return pathOf(MEDIA_DETAILS, {}, { id, type });
}

/**
 * `GET /playground/season?id=&seasonNumber=`: season `seasonNumber` of show `showId` (API-PLAY-3).
 */
export function seasonPath(showId: number, seasonNumber: number): string {
  return pathOf(SEASON, {}, { id: showId, seasonNumber });
}

/**
 * The season a show's play page opens on when none is remembered (PLAY-9: season 1, else the
 * first listed), from the show's `seasons`; undefined when it lists none.
 */
export function defaultSeason<S extends { season_number: number }>(
  seasons: readonly S[],
): S | undefined {
  return seasons.find((s) => s.season_number === 1) ?? seasons[0];
}

/**
 * `GET /watch-history/{uid}/fetch-watch-history?movieLimit=&showLimit=` (API-HIST-1): at most
 * `movieLimit` movies and `showLimit` shows (default `movieLimit`) of `uid`'s watch history, as
 * the Watch History page and the hero's recommendation both ask it.
 */
export function watchHistoryPath(uid: string, movieLimit: number, showLimit = movieLimit): string {
  return pathOf(WATCH_HISTORY, { userId: uid }, { movieLimit, showLimit });
}

/** `GET /recommender/user_recommendations?user_id=` (API-RECO-1). */
export function recommendationsPath(uid: string): string {
  return pathOf(RECOMMENDATIONS, {}, { user_id: uid });
}

/** Recommendation candidates the hero reads (RECO-1: the first 20). */
export const MAX_HERO_CANDIDATES = 20;

/** History items the recommendation reads per kind (LIMIT-14: 1 movie and 1 show). */
export const RECOMMENDATION_HISTORY_LIMIT = 1;
