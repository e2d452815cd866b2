/** Home's remembered page scroll (spec 2 Home: "page scroll ... remembered across visits"). */
import { useEffect, useRef } from 'react';
import { useLocalStore } from '../../../lib/local-store.ts';

/** Quiet time after the last scroll event before the offset is saved, in ms. */
const SAVE_DELAY_MS = 200;

/** Keys that scroll the page. */
const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']);

/**
 * Saves the window's vertical scroll (px) as 'PigoStream.Local' `pageScroll` while Home is
 * shown, and scrolls back to the saved offset once `ready` (Home's content is laid out). The
 * restore runs in a passive effect, after the router's own scroll reset of the same commit;
 * scrolls before it (that reset, a short page) are not saved. If the user scrolls first
 * (wheel, touch or a scroll key), their position wins and no restore happens.
 */
export function useHomePageScroll(ready: boolean): void {
  const restored = useRef(false);

  useEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    const saved = useLocalStore.getState().pageScroll;
    if (saved > 0) window.scrollTo({ top: saved, behavior: 'instant' });
  }, [ready]);

  useEffect(() => {
    let timer: number | undefined;
    const onScroll = () => {
      if (!restored.current) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        useLocalStore.getState().set({ pageScroll: Math.round(window.scrollY) });
      }, SAVE_DELAY_MS);
    };
    const onUserScroll = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (!SCROLL_KEYS.has(event.key) || event.target instanceof HTMLInputElement) return;
      }
      restored.current = true;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('wheel', onUserScroll, { passive: true });
    window.addEventListener('touchmove', onUserScroll, { passive: true });
    window.addEventListener('keydown', onUserScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('wheel', onUserScroll);
      window.removeEventListener('touchmove', onUserScroll);
      window.removeEventListener('keydown', onUserScroll);
      window.clearTimeout(timer);
    };
  }, []);
}
