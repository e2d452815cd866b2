/** Watch history for the recommendation (spec 4 Recommendations: limit 1 movie and 1 show). */
import { watchHistorySchema, type WatchHistory } from '@pigostream/contracts';
import { apiGet } from '../../../lib/api-client.ts';

/** History items the recommendation reads per kind (spec 9: 1 movie and 1 show). */
export const RECOMMENDATION_HISTORY_LIMIT = 1;

/**
 * `GET /pigo-stream/watch-history/{uid}/fetch-watch-history?movieLimit=&showLimit=`:
 * `{ moviesHistory, showsHistory }`, newest first, `limit` of each (default 1).
 * @throws ApiError with a spec 8 message.
 */
export function getWatchHistory(
  uid: string,
  limit = RECOMMENDATION_HISTORY_LIMIT,
  signal?: AbortSignal,
): Promise<WatchHistory> {
  const query = new URLSearchParams({ movieLimit: String(limit), showLimit: String(limit) });
  return apiGet(
    `/watch-history/${encodeURIComponent(uid)}/fetch-watch-history?${query.toString()}`,
    watchHistorySchema,
    { signal },
  );
}
