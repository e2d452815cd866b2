/**
 * Watch history calls (API-HIST-1..4 in docs/requirements.md; DATA-2), shared by the play page
 * (saving on Play), the Watch History page and Home's hero (its recommendation reads the newest
 * movie and show). Every call names the signed-in user; the server answers 403 for anyone else.
 */
import {
  okSchema,
  removedSchema,
  savedSchema,
  watchHistorySchema,
  type MediaType,
  type WatchHistory,
} from '@pigostream/contracts';
import { watchHistoryPath } from '@pigostream/contracts/api-paths';
import {
  CLEAR_WATCH_HISTORY,
  RECOMMENDER_INSERT,
  REMOVE_WATCH_HISTORY,
  SAVE_WATCH_HISTORY,
} from '@pigostream/contracts/endpoints';
import { apiGet } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import type { ListLimits } from './my-list.ts';

/** Query key of a user's watch history at `limits`; `['watch-history', uid]` covers every limit. */
export function watchHistoryQueryKey(uid: string | undefined, limits?: ListLimits) {
  return limits
    ? (['watch-history', uid, limits.movieLimit, limits.showLimit] as const)
    : (['watch-history', uid] as const);
}

/**
 * `GET /pigo-stream/watch-history/{uid}/fetch-watch-history?movieLimit=&showLimit=`:
 * `{ moviesHistory, showsHistory }`, newest first, at most `limits` of each.
 * @throws ApiError with an ERR-1 message.
 */
export function fetchWatchHistory(
  uid: string,
  limits: ListLimits,
  signal?: AbortSignal,
): Promise<WatchHistory> {
  return apiGet(watchHistoryPath(uid, limits.movieLimit, limits.showLimit), watchHistorySchema, {
    signal,
  });
}

/**
 * `POST /pigo-stream/watch-history/save-watch-history` with `{ userUID, id, type }`: `{ ok,
 * added }`; watching again moves the title to the front. One attempt.
 * @throws ApiError with an ERR-1 message.
 */
export function saveToWatchHistory(userUID: string, id: number, type: MediaType) {
  return callEndpoint(SAVE_WATCH_HISTORY, { body: { userUID, id, type } }, savedSchema);
}

/**
 * `DELETE /pigo-stream/watch-history/remove-watch-history` with `{ userUID, id, type }`:
 * `{ ok, removed }`. One attempt. @throws ApiError with an ERR-1 message.
 */
export function removeFromWatchHistory(userUID: string, id: number, type: MediaType) {
  return callEndpoint(REMOVE_WATCH_HISTORY, { body: { userUID, id, type } }, removedSchema);
}

/**
 * `DELETE /pigo-stream/watch-history/remove-all-watch-history` with `{ userUID }`: `{ ok,
 * removed }`; only the success status is read (API-HIST-4). One attempt.
 * @throws ApiError with an ERR-1 message.
 */
export function clearWatchHistory(userUID: string) {
  return callEndpoint(CLEAR_WATCH_HISTORY, { body: { userUID } }, removedSchema);
}

/**
 * `POST /pigo-stream/recommender/insert` with `{ user_id, item_id, item_type, watched: true }`
 * (DEC-9, DEC-17 in docs/decisions.md: inserts carry the type): one watch event for the
 * recommender. One attempt.
 * @throws ApiError with an ERR-1 message.
 */
export function insertWatchEvent(userId: string, id: number, type: MediaType) {
  return callEndpoint(
    RECOMMENDER_INSERT,
    { body: { user_id: userId, item_id: id, item_type: type, watched: true } },
    okSchema,
  );
}
