/** Watch history for the recommendation (spec 4 Recommendations: limit 1 movie and 1 show). */
import { watchHistorySchema, type WatchHistory } from '@pigostream/contracts';
import { RECOMMENDATION_HISTORY_LIMIT, watchHistoryPath } from '@pigostream/contracts/api-paths';
import { apiGet } from '../../../lib/api-client.ts';

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
  return apiGet(watchHistoryPath(uid, limit), watchHistorySchema, { signal });
}
