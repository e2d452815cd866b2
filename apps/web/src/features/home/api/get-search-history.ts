/**
 * The user's saved searches (DATA-9 in docs/requirements.md; API-SEARCH-2 fetch-search-history).
 */
import { searchHistorySchema, type SearchHistoryEntry } from '@pigostream/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_HISTORY } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/**
 * `GET /pigo-stream/index/fetch-search-history/{uid}`: `[{ id, query }]`, newest first (the
 * first entry is the latest saved query). @throws ApiError with an ERR-1 message.
 */
export function getSearchHistory(uid: string, signal?: AbortSignal): Promise<SearchHistoryEntry[]> {
  return callEndpoint(SEARCH_HISTORY, { params: { uid } }, searchHistorySchema, { signal });
}

/** Query key of a user's search history; saves and removals invalidate it. */
export function searchHistoryQueryKey(uid: string | undefined) {
  return ['index', 'search-history', uid] as const;
}

/** Query options for {@link getSearchHistory}; idle until the user is known. */
export function searchHistoryQueryOptions(uid: string | undefined) {
  return queryOptions({
    queryKey: searchHistoryQueryKey(uid),
    queryFn: ({ signal }) => {
      if (!uid) throw new Error('User is not authenticated');
      return getSearchHistory(uid, signal);
    },
    enabled: uid !== undefined,
    staleTime: 0,
  });
}

/** The signed-in user's search history as a TanStack query. */
export function useSearchHistory(uid: string | undefined) {
  return useQuery(searchHistoryQueryOptions(uid));
}
