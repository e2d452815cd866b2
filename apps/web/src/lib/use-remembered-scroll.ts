/** Remembers a sideways scroller's offset across visits (spec 2 Home, spec 3 row scroll). */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocalStore } from './local-store.ts';

/** Quiet time after the last scroll event before the offset is saved, in ms. */
const SAVE_DELAY_MS = 200;

/**
 * Returns a `ref` and an `onScroll` handler for a horizontal scroller. Once `ready` (its content
 * is rendered) the saved `scrollLeft` for `rowId` is restored; scrolling saves it again.
 */
export function useRememberedScroll<E extends HTMLElement>(rowId: string, ready: boolean) {
  const ref = useRef<E>(null);
  const restored = useRef(false);
  const saveTimer = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!ready || restored.current || !el) return;
    restored.current = true;
    const saved = useLocalStore.getState().rowScroll[rowId];
    if (saved) el.scrollLeft = saved;
  }, [ready, rowId]);

  useEffect(
    () => () => {
      window.clearTimeout(saveTimer.current);
    },
    [],
  );

  const onScroll = useCallback(() => {
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => {
      const el = ref.current;
      if (el) useLocalStore.getState().setRowScroll(rowId, el.scrollLeft);
    }, SAVE_DELAY_MS);
  }, [rowId]);

  return { ref, onScroll };
}
