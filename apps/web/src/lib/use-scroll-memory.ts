/**
 * Scroll memory: one hook for every remembered scroll offset (ROUTE-1, UI-1 in
 * docs/requirements.md: the sign-in screen's and Home's page scroll; DATA-16: page scroll, row
 * scroll positions; and each history entry's page scroll for Back and Forward). The page is the
 * window's vertical offset, a row a sideways scroller's `scrollLeft`; where an offset is kept is
 * the caller's {@link ScrollSlot}, so each screen reads and writes only its own.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** Quiet time after the last scroll event before the offset is saved, in ms. */
export const SAVE_DELAY_MS = 200;

/**
 * Whether the window has scrolled since the page loaded (seen by the app's history-entry scroll
 * memory, mounted from the first render on). Until it has, it is at the top, and restoring an
 * offset of 0 needs no `scrollTo`, which would lay the page out in the middle of its first
 * render (PERF-4: no layout forced on the first render; docs/benchmarks.md).
 */
let windowScrolled = false;

/**
 * How long a page restore that the page was too short for keeps waiting for it to grow (rows,
 * pictures and fonts laid out after the screen's first commit), in ms.
 */
export const GROW_WAIT_MS = 3000;

/** Keys that scroll the page when no text field has focus. */
const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']);

/** Where one remembered offset is kept. Keep one object per `key` (a constant or memoised). */
export interface ScrollSlot {
  /** Names the offset; a new key is restored afresh (the previous one saved first). */
  key: string;
  /** The remembered offset in px; undefined: none, the offset is left as it is. */
  read: () => number | undefined;
  /** Remembers `px`, a whole number. */
  write: (px: number) => void;
}

/** What is scrolled: the page (the window, vertically) or a row (an element, sideways). */
export type ScrollAxis = 'page' | 'row';

/**
 * Scrolls the page to `px` again each time it grows, until it gets there, the user scrolls, or
 * {@link GROW_WAIT_MS} have passed (UI-1: a screen comes back where it was left even when its
 * content is laid out after the restore). The user's scroll is a wheel, a touch, a scroll key,
 * or the page found anywhere else than where the restore left it (the scrollbar dragged, a
 * scroll made by a script): from then on the page stays where the user put it.
 * @returns stops waiting.
 */
function followGrowth(px: number): () => void {
  const started = performance.now();
  // Where the restore left the page, px: a scroll event finding it elsewhere is the user's.
  let left = Math.round(window.scrollY);
  const observer = new ResizeObserver(() => {
    if (performance.now() - started > GROW_WAIT_MS) {
      stop();
      return;
    }
    window.scrollTo({ top: px, behavior: 'instant' });
    left = Math.round(window.scrollY);
    if (left >= px) stop();
  });
  const moved = () => {
    if (Math.round(window.scrollY) !== left) stop();
  };
  const stop = () => {
    observer.disconnect();
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchmove', stop);
    window.removeEventListener('keydown', stop);
    window.removeEventListener('scroll', moved);
  };
  observer.observe(document.documentElement);
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchmove', stop, { passive: true });
  window.addEventListener('keydown', stop);
  window.addEventListener('scroll', moved, { passive: true });
  return stop;
}

/**
 * Remembers a scroll offset in `slot`. Once `ready` (the content is laid out) the saved offset
 * is restored, before paint (for the page, again as the page grows, while it is too short to
 * reach it); from then on scrolling saves it again, 200 ms after the last scroll
 * event, and at once when the slot changes, the component unmounts or the page is hidden.
 * Scrolls before the restore (a short page, another screen's offset) are not saved.
 *
 * For the `page` (the default) it is the window's vertical scroll: the hook listens itself, and
 * when the user scrolls first (wheel, touch or a scroll key) their position wins and no restore
 * happens. For a `row` it is the `scrollLeft` of the element given the returned `ref` and
 * `onScroll`.
 */
export function useScrollMemory<E extends HTMLElement = HTMLElement>(
  slot: ScrollSlot,
  ready: boolean,
  axis: ScrollAxis = 'page',
): { ref: RefObject<E | null>; onScroll: () => void } {
  const ref = useRef<E>(null);
  // The key whose offset has been restored (or that the user scrolled first): it is saved.
  const restored = useRef<string | undefined>(undefined);
  const pending = useRef<{ px: number; timer: number } | undefined>(undefined);

  useLayoutEffect(() => {
    if (!ready || restored.current === slot.key) return;
    const row = ref.current;
    if (axis === 'row' && !row) return;
    restored.current = slot.key;
    const px = slot.read();
    if (px === undefined) return;
    if (row) {
      row.scrollLeft = px;
      return;
    }
    if (px === 0 && !windowScrolled) return;
    window.scrollTo({ top: px, behavior: 'instant' });
    // The page too short to reach it yet: again as it grows.
    if (Math.round(window.scrollY) < px) return followGrowth(px);
  }, [ready, slot, axis]);

  useEffect(() => {
    const flush = () => {
      const saved = pending.current;
      if (!saved) return;
      window.clearTimeout(saved.timer);
      pending.current = undefined;
      slot.write(saved.px);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [slot]);

  const onScroll = useCallback(() => {
    if (axis === 'page') windowScrolled = true;
    if (restored.current !== slot.key) return;
    const row = ref.current;
    const px = Math.round(axis === 'row' && row ? row.scrollLeft : window.scrollY);
    if (pending.current) window.clearTimeout(pending.current.timer);
    const timer = window.setTimeout(() => {
      pending.current = undefined;
      slot.write(px);
    }, SAVE_DELAY_MS);
    pending.current = { px, timer };
  }, [slot, axis]);

  useEffect(() => {
    if (axis === 'row') return;
    const onUserScroll = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (!SCROLL_KEYS.has(event.key) || event.target instanceof HTMLInputElement) return;
      }
      restored.current = slot.key;
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
    };
  }, [onScroll, slot, axis]);

  return { ref, onScroll };
}
