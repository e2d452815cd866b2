/**
 * My List calls (API-LIST-1..4 in docs/requirements.md; DATA-3), shared by the play page's bookmark
 * toggle and the My List page. Every call names the signed-in user; the server answers 403 for
 * anyone else.
 */
import {
  myListSchema,
  removedSchema,
  savedSchema,
  type MediaType,
  type MyList,
} from '@pigostream/contracts';
import { MY_LIST, REMOVE_MY_LIST, SAVE_MY_LIST } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/** Movies and shows a list fetch answers by default, and what View More adds (LIMIT-12). */
export const LIST_PAGE_SIZE = 12;

/** The limits of one list fetch: how many movies and how many shows, 1 to 200 each. */
export interface ListLimits {
  movieLimit: number;
  showLimit: number;
}

/** Query key of a user's My List at `limits`; prefix `['my-list', uid]` covers every limit. */
export function myListQueryKey(uid: string | undefined, limits?: ListLimits) {
  return limits
    ? (['my-list', uid, limits.movieLimit, limits.showLimit] as const)
    : (['my-list', uid] as const);
}

/**
 * `GET /pigo-stream/my-list/{uid}/fetch-my-list?movieLimit=&showLimit=`: `{ moviesList,
 * showsList }`, newest first, at most `limits` of each.
 * @throws ApiError with an ERR-1 message ('User is not authenticated' never reaches here: the
 *   caller checks for a user first).
 */
export function fetchMyList(
  uid: string,
  limits: ListLimits,
  signal?: AbortSignal,
): Promise<MyList> {
  return callEndpoint(
    MY_LIST,
    { params: { uid }, query: { movieLimit: limits.movieLimit, showLimit: limits.showLimit } },
    myListSchema,
    { signal },
  );
}

/**
 * `POST /pigo-stream/my-list/save-my-list` with `{ userUID, id, type }`: `{ ok, added }`
 * (`added` false when the title was in the list already). One attempt.
 * @throws ApiError with an ERR-1 message.
 */
export function saveToMyList(userUID: string, id: number, type: MediaType) {
  return callEndpoint(SAVE_MY_LIST, { body: { userUID, id, type } }, savedSchema);
}

/**
 * `DELETE /pigo-stream/my-list/remove-my-list` with `{ userUID, id, type }`: `{ ok, removed }`.
 * One attempt. @throws ApiError with an ERR-1 message.
 */
export function removeFromMyList(userUID: string, id: number, type: MediaType) {
  return callEndpoint(REMOVE_MY_LIST, { body: { userUID, id, type } }, removedSchema);
}
