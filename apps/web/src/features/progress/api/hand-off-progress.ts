/**
 * The watch progress the player app hand-off passes (PROG-2 in docs/requirements.md; the
 * hand-off link itself is the play page's, DEC-3 in docs/decisions.md): a player token for the
 * one movie or episode, where the player reports to, and where it was left.
 */
import { WATCHED_FRACTION } from '@pigostream/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  getPlayerToken,
  playerReportUrl,
  titleProgressQueryOptions,
  type ProgressTarget,
} from './progress.ts';

/** What the hand-off passes for watch progress (PROG-2). */
export interface HandOffProgress {
  /** A player token for the one movie or episode handed off. */
  token: string;
  /** Where the player posts its progress with it (`.../progress/player-progress`). */
  reportUrl: string;
  /** Where to start, in whole seconds (the saved position); 0 from the start. */
  start: number;
}

/**
 * The watch progress the hand-off passes (PROG-2): a player token for `target` and where it
 * was left; undefined without a user or when the token cannot be had (the hand-off goes on
 * without it, logged).
 */
export async function handOffProgress(
  queryClient: QueryClient,
  uid: string | undefined,
  target: ProgressTarget,
): Promise<HandOffProgress | undefined> {
  if (!uid) return undefined;
  try {
    const [{ token }, items] = await Promise.all([
      getPlayerToken(uid, target),
      queryClient.query(titleProgressQueryOptions(uid, target.type, target.id)).catch(() => []),
    ]);
    const entry = items.find(
      (item) =>
        target.type === 'movie' ||
        (item.season === target.season && item.episode === target.episode),
    );
    const start = entry && entry.position < WATCHED_FRACTION * entry.duration ? entry.position : 0;
    return { token, reportUrl: playerReportUrl(window.location.origin), start };
  } catch (error) {
    console.error('Player token not available', error);
    return undefined;
  }
}
