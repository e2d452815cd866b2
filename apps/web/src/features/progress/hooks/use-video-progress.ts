/**
 * Saves how far a `<video>` was played (PROG-1 in docs/requirements.md): every 10 s while it plays,
 * when it pauses or ends, when the page is hidden or left, and when the player goes (another
 * episode, another screen). Nothing is saved before the video has played, so opening a page records
 * nothing. Saves are sent one at a time, in order, and progress reads wait for them (saveProgress).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import { progressQueryKey, saveProgress, type ProgressTarget } from '../api/progress.ts';

/** How often progress is saved while the video plays, in ms (PROG-1: every 10 s). */
export const PROGRESS_SAVE_INTERVAL_MS = 10_000;

/**
 * Saves the progress of the video in `videoRef` (the same element for the component's life)
 * for `target` as user `uid` (nothing without a user or a video). A failed save is logged and
 * left: the next one carries the newer position.
 */
export function useVideoProgress(
  videoRef: RefObject<HTMLVideoElement | null>,
  uid: string | undefined,
  target: ProgressTarget,
): void {
  const queryClient = useQueryClient();
  const { id, type, season, episode } = target;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !uid) return;
    const current = { id, type, season, episode };
    let played = false;
    let timer: number | undefined;
    let lastSaved = -1;

    /**
     * Saves where the video is now, after the save before it has its answer; `unloading` (the
     * page itself is going) sends at once, as nothing that waits would run any more.
     */
    const save = (keepalive = false, unloading = false) => {
      const { duration } = video;
      const position = video.ended ? duration : video.currentTime;
      if (!played || !Number.isFinite(duration) || duration <= 0) return;
      if (position === lastSaved) return;
      lastSaved = position;
      saveProgress(uid, current, position, duration, { keepalive, now: unloading })
        // What shows progress is refetched when next shown; what is on screen now (Home's
        // rows after leaving, the page's episode marks once watched) at once, not every 10 s.
        // A read on its way may have been answered before this save was written: it is
        // cancelled first, as TanStack Query would otherwise hand it back for the refetch
        // when it is a first fetch (CI saw Home keep the position before).
        .then(async (answer) => {
          const queryKey = progressQueryKey(uid);
          const refetchType = keepalive || answer.watched ? 'active' : 'none';
          if (refetchType === 'active') await queryClient.cancelQueries({ queryKey });
          await queryClient.invalidateQueries({ queryKey, refetchType });
        })
        .catch((error: unknown) => {
          console.error('Saving the watch progress failed', error);
        });
    };
    const stopTimer = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const onPlaying = () => {
      played = true;
      stopTimer();
      timer = window.setInterval(() => {
        save();
      }, PROGRESS_SAVE_INTERVAL_MS);
    };
    const onStop = () => {
      stopTimer();
      save();
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') save(true);
    };
    const onPageHide = () => {
      save(true, true);
    };

    video.addEventListener('playing', onPlaying);
    video.addEventListener('pause', onStop);
    video.addEventListener('ended', onStop);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopTimer();
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onStop);
      video.removeEventListener('ended', onStop);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      // The player goes (another episode or screen): its last position is kept.
      save(true);
    };
  }, [videoRef, uid, id, type, season, episode, queryClient]);
}
