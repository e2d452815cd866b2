/**
 * The paths (under the API prefix `/pigo-stream`, spec 7) of the calls Home's hero and a show's
 * play page make, built in one place: the web app asks them (apps/web/src/features/home/api,
 * features/play/api), and the server puts their answers into the page under exactly these names
 * (issue 19: the hero and a show's first season are part of the first screen;
 * apps/server/src/modules/web/follow-ups.ts). Plain functions, no schema library
 * (`@pigostream/contracts/api-paths`).
 */

/** A title by TMDB id and media type. */
interface TitleRef {
  id: number;
  type: 'movie' | 'tv';
}

function detailsQuery({ id, type }: TitleRef): string {
  return new URLSearchParams({ id: String(id), type }).toString();
}

/** `GET /index/most-watched`: the '#1 Most Watched' title, or null (spec 1). */
export const MOST_WATCHED_PATH = '/index/most-watched';

/** `GET /index/media-details?id=&type=`: the hero's title (spec 7). */
export function heroMediaDetailsPath(ref: TitleRef): string {
  return `/index/media-details?${detailsQuery(ref)}`;
}

/** `GET /media-details?id=&type=`: a recommendation candidate (spec 7). */
export function mediaDetailsPath(ref: TitleRef): string {
  return `/media-details?${detailsQuery(ref)}`;
}

/** `GET /playground/season?id=&seasonNumber=`: season `seasonNumber` of show `showId` (spec 7). */
export function seasonPath(showId: number, seasonNumber: number): string {
  const query = new URLSearchParams({ id: String(showId), seasonNumber: String(seasonNumber) });
  return `/playground/season?${query.toString()}`;
}

/**
 * The season a show's play page opens on when none is remembered (spec 4: season 1, else the
 * first listed), from the show's `seasons`; undefined when it lists none.
 */
export function defaultSeason<S extends { season_number: number }>(
  seasons: readonly S[],
): S | undefined {
  return seasons.find((s) => s.season_number === 1) ?? seasons[0];
}

/** `GET /watch-history/{uid}/fetch-watch-history?movieLimit=&showLimit=` (spec 7). */
export function watchHistoryPath(uid: string, limit: number): string {
  const query = new URLSearchParams({ movieLimit: String(limit), showLimit: String(limit) });
  return `/watch-history/${encodeURIComponent(uid)}/fetch-watch-history?${query.toString()}`;
}

/** `GET /recommender/user_recommendations?user_id=` (spec 7). */
export function recommendationsPath(uid: string): string {
  return `/recommender/user_recommendations?${new URLSearchParams({ user_id: uid }).toString()}`;
}

/** Recommendation candidates the hero reads (spec 4 Recommendations: the first 20). */
export const MAX_HERO_CANDIDATES = 20;

/** History items the recommendation reads per kind (spec 9: 1 movie and 1 show). */
export const RECOMMENDATION_HISTORY_LIMIT = 1;
