/** Watch History's Clear All (LISTS-6 in docs/requirements.md, ERR-12). */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { clearWatchHistory, watchHistoryQueryKey } from '../api/watch-history.ts';
import { LIBRARY_MESSAGES } from '../list-rules.ts';
import type { Feedback } from './use-feedback.ts';

/**
 * `clear()` for `uid`: sets `clearing`, calls the server, refetches the history, then reports
 * 'Watch history cleared successfully.'; a failure reports 'Failed to clear watch history.'
 * and no user 'User is not authenticated'. Reports go to `report`.
 */
export function useClearHistory(
  uid: string | undefined,
  report: (text: string, tone: Feedback['tone']) => void,
): { clearing: boolean; clear: () => Promise<void> } {
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState(false);

  return {
    clearing,
    clear: async () => {
      if (clearing) return;
      if (uid === undefined) {
        report(LIBRARY_MESSAGES.notAuthenticated, 'failure');
        return;
      }
      setClearing(true);
      try {
        await clearWatchHistory(uid);
        await queryClient.invalidateQueries({ queryKey: watchHistoryQueryKey(uid) });
        report(LIBRARY_MESSAGES.cleared, 'success');
      } catch {
        report(LIBRARY_MESSAGES.clearFailed, 'failure');
      } finally {
        setClearing(false);
      }
    },
  };
}
