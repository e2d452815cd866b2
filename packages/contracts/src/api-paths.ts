/**
 * The paths (under the API prefix `/pigo-stream`, spec 7) of the calls Home's hero makes, built
 * in one place: the web app asks them (apps/web/src/features/home/api), and the server puts
 * their answers into the page under exactly these names (issue 19: the hero is part of Home's
 * first screen; apps/server/src/modules/web/route-hints.ts). Plain functions, no schema library
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
