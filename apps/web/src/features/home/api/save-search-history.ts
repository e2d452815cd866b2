/**
 * Saving a search (API-SEARCH-1 in docs/requirements.md `POST /index/save-search-history`; VALID-6
 * save rule).
 */
import { savedSearchSchema, type SavedSearch } from '@pigostream/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SAVE_SEARCH_HISTORY } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { searchHistoryQueryKey } from './get-search-history.ts';

/**
 * `POST /pigo-stream/index/save-search-history` with `{ userUID, searchQuery }`. The server
 * also keeps only queries that differ from the latest saved one. Answers the latest entry and
 * whether this call added it, `{ id, query, saved }` (contracts `savedSearchSchema`).
 * @throws ApiError with an ERR-1 message.
 */
export function saveSearchHistory(userUID: string, searchQuery: string): Promise<SavedSearch> {
  return callEndpoint(SAVE_SEARCH_HISTORY, { body: { userUID, searchQuery } }, savedSearchSchema);
}

/** A mutation saving a query for `uid`; the history is refetched afterwards. */
export function useSaveSearchHistory(uid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (searchQuery: string) => {
      if (!uid) throw new Error('User is not authenticated');
      return saveSearchHistory(uid, searchQuery);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchHistoryQueryKey(uid) }),
  });
}
