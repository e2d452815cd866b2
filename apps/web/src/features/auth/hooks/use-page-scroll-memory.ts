/** The sign-in screen's remembered page scroll (spec 2: "the scroll position ... restored"). */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSessionStore } from '../../../lib/session-store.ts';

/** Quiet time after the last scroll event before the offset is saved, in ms. */
const SAVE_DELAY_MS = 200;

/**
 * Saves the window's vertical scroll (px) as the session's `pageScrollState` while mounted, and
 * scrolls back to the saved offset once `ready` (the screen's content is laid out).
 */
export function usePageScrollMemory(ready: boolean): void {
  const restored = useRef(false);

  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    const saved = useSessionStore.getState().pageScrollState;
    if (saved > 0) window.scrollTo({ top: saved, behavior: 'instant' });
  }, [ready]);

  useEffect(() => {
    let timer: number | undefined;
    const onScroll = () => {
      // Before the restore, a short page may report 0: keep the saved offset.
      if (!restored.current) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        useSessionStore.getState().set({ pageScrollState: Math.round(window.scrollY) });
      }, SAVE_DELAY_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, []);
}
