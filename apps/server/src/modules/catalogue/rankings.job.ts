/**
 * The periodic part of the rankings refresh (RANK-1 in docs/requirements.md): trending
 * scores age with the calendar (a new year's first release moves every title's age), titles
 * written by anything but the importers (which refresh at once) still need a score, and a
 * database upgraded or restored from before the rankings needs them all. Cheap when nothing
 * changed: an index step per media type and one pass over the provider rows.
 */
import type { Database } from '@pigostream/db';
import { refreshStaleRankings } from './rankings.repository.ts';

/** How often the server checks the rankings, in ms (an hour). */
export const RANKINGS_REFRESH_MS = 60 * 60 * 1000;

/**
 * Refreshes what is stale in the rankings (refreshStaleRankings) now and every `everyMs`; errors go to `onError` and the next
 * run tries again. @returns a function that stops the timer.
 */
export function startRankingsRefresh(
  db: Database,
  onError: (error: unknown) => void,
  everyMs = RANKINGS_REFRESH_MS,
): () => void {
  const run = () => {
    refreshStaleRankings(db).catch(onError);
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
