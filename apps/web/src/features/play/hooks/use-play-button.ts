/**
 * The Play button (PLAY-10 in docs/requirements.md; LIMIT-16: hand-off timeout 3000 ms; DEC-3 in
 * docs/decisions.md: the `pigoplayer://open?url=..&version=..` link).
 */
import type { Platform } from '@pigostream/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { detectPlatform, supportsPlayerHandOff } from '../../../lib/platform.ts';
import { insertWatchEvent, saveToWatchHistory, watchHistoryQueryKey } from '../../library/index.ts';
import { handOffProgress, type ProgressTarget } from '../../progress/index.ts';
import { appVersionQueryOptions } from '../../store/index.ts';
import type { PlayTarget } from '../api/get-media-info.ts';
import { HAND_OFF_TIMEOUT_MS, handOffLink } from '../play-rules.ts';

/** The player download page Play leads to (STORE-1). */
export const STORE_PATH = '/pigostore';

/** The version sent when the release call fails or the platform has none (contracts' NA). */
const UNKNOWN_VERSION = 'NA';

/** What {@link usePlayButton} answers. */
export interface PlayButton {
  /** Handles a click on Play. */
  play: () => void;
  /** True from the first click until the hand-off wait ends (PLAY-10: the click locks it). */
  locked: boolean;
  /** The player app link opened, while the page waits to see whether the app took focus. */
  handOff: string | undefined;
}

/**
 * Play for `target`, handing `mediaUrl` (the chosen server's link) to the player app. The first
 * click locks the button. On windows and android it opens the player app's link with the
 * release version of the platform; when the window keeps focus (no blur) for 3000 ms it unlocks
 * and goes to /pigostore, otherwise it unlocks and stays. Elsewhere, or with nothing to hand
 * off, it goes to /pigostore at once. The first click of a visit (one mount) also saves the
 * title to the watch history and sends a recommender watch event for `uid`; their failures are
 * only logged (ERR-16). A click while the servers are still loading (`mediaUrlPending`) waits
 * for them, locked, and then hands off the chosen server's link, so an early click on a phone
 * never lands on /pigostore only because the list had not arrived yet.
 */
export function usePlayButton(
  target: PlayTarget,
  mediaUrl: string | undefined,
  uid: string | undefined,
  mediaUrlPending = false,
  progressTarget: ProgressTarget = target,
): PlayButton {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [locked, setLocked] = useState(false);
  const [handOff, setHandOff] = useState<string>();
  const lockedRef = useRef(false);
  const recordedRef = useRef(false);
  const cleanupRef = useRef<() => void>(undefined);
  const waitingRef = useRef(false);
  const [platform] = useState(() => detectPlatform());
  const releasePlatform: Platform | undefined = supportsPlayerHandOff(platform)
    ? (platform as Platform)
    : undefined;

  useEffect(() => {
    if (!releasePlatform) return;
    queryClient.query(appVersionQueryOptions(releasePlatform)).catch(() => undefined);
  }, [queryClient, releasePlatform]);

  useEffect(
    () => () => {
      cleanupRef.current?.();
    },
    [],
  );

  const record = useCallback(() => {
    if (recordedRef.current) return;
    recordedRef.current = true;
    if (!uid) {
      console.error('Watch history not saved: User is not authenticated');
      return;
    }
    saveToWatchHistory(uid, target.id, target.type)
      .then(() => queryClient.invalidateQueries({ queryKey: watchHistoryQueryKey(uid) }))
      .catch((error: unknown) => {
        console.error('Failed to save watch history', error);
      });
    insertWatchEvent(uid, target.id, target.type).catch((error: unknown) => {
      console.error('Failed to send the watch event', error);
    });
  }, [queryClient, target.id, target.type, uid]);

  const unlock = useCallback(() => {
    lockedRef.current = false;
    setLocked(false);
    setHandOff(undefined);
  }, []);

  const openPlayerApp = useCallback(
    async (platformName: Platform, url: string) => {
      const [version, progress] = await Promise.all([
        queryClient
          .query(appVersionQueryOptions(platformName))
          .then((answer) => answer.version)
          .catch((error: unknown) => {
            console.error('Player version unknown', error);
            return UNKNOWN_VERSION;
          }),
        handOffProgress(queryClient, uid, progressTarget),
      ]);
      const link = handOffLink(url, version, progress);
      let blurred = false;
      const onBlur = () => {
        blurred = true;
      };
      window.addEventListener('blur', onBlur);
      const timer = window.setTimeout(() => {
        cleanupRef.current?.();
        unlock();
        if (!blurred) void navigate(STORE_PATH);
      }, HAND_OFF_TIMEOUT_MS);
      cleanupRef.current = () => {
        window.clearTimeout(timer);
        window.removeEventListener('blur', onBlur);
        cleanupRef.current = undefined;
      };
      setHandOff(link);
      window.location.href = link;
    },
    [navigate, queryClient, unlock, uid, progressTarget],
  );

  const handOffOrStore = useCallback(() => {
    if (!releasePlatform || !mediaUrl) {
      void navigate(STORE_PATH);
      return;
    }
    void openPlayerApp(releasePlatform, mediaUrl);
  }, [mediaUrl, navigate, openPlayerApp, releasePlatform]);

  // A click that came while the servers were loading goes on once they have answered.
  useEffect(() => {
    if (!waitingRef.current || mediaUrlPending) return;
    waitingRef.current = false;
    handOffOrStore();
  }, [handOffOrStore, mediaUrlPending]);

  const play = useCallback(() => {
    if (lockedRef.current) return;
    lockedRef.current = true;
    setLocked(true);
    record();
    if (releasePlatform && mediaUrlPending) {
      waitingRef.current = true;
      return;
    }
    handOffOrStore();
  }, [handOffOrStore, mediaUrlPending, record, releasePlatform]);

  return { play, locked, handOff };
}
