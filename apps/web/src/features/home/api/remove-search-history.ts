/**
 * Removing a saved search (API-SEARCH-3 in docs/requirements.md
 * `DELETE /index/{uid}/remove-search-history/{historyId}`).
 */
import { okSchema, type SearchHistoryEntry } from '@pigostream/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REMOVE_SEARCH_HISTORY } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { searchHistoryQueryKey } from './get-search-history.ts';

/**
 * `DELETE /pigo-stream/index/{uid}/remove-search-history/{historyId}`: `{ ok: true }` (contracts
 * `okSchema`; API-SEARCH-3: the answer is not shown). @throws ApiError with an ERR-1 message.
 */
export async function removeSearchHistory(uid: string, historyId: number): Promise<void> {
  await callEndpoint(REMOVE_SEARCH_HISTORY, { params: { uid, historyId } }, okSchema);
}

/**
 * A mutation removing one entry of `uid`'s history: the entry disappears at once, and the
 * history is refetched when the call settles (so a failure brings it back).
 */
export function useRemoveSearchHistory(uid: string | undefined) {
  const queryClient = useQueryClient();
  const key = searchHistoryQueryKey(uid);
  return useMutation({
    mutationFn: (historyId: number) => {
      if (!uid) throw new Error('User is not authenticated');
      return removeSearchHistory(uid, historyId);
    },
    onMutate: async (historyId) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<SearchHistoryEntry[]>(key, (old) =>
        old?.filter((entry) => entry.id !== historyId),
      );
    },
    onError: (error) => {
      console.error('Removing a saved search failed', error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
