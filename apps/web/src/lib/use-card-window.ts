/**
 * The card window of a sideways row (PERF-4 in docs/requirements.md: "rows render only the cards in
 * view plus one screen"): which cards of a row of fixed-width cards are rendered, from the row's
 * scroll offset and width. A library virtualizer (@tanstack/react-virtual) would cost /index about
 * 10 kB of gzip JavaScript of its 160 kB budget (QUAL-1, docs/benchmarks.md) and positions items
 * itself, where a row of equal cards needs a few lines and keeps its own flex layout.
 */
import { useCallback, useEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';

/** The first and last index (inclusive) of the cards to render; `last < first`: none. */
export interface CardRange {
  first: number;
  last: number;
}

/**
 * The cards to render for a row scrolled `offset` px and `width` px wide, of `count` cards
 * `pitch` px apart (card width plus gap): those in view and one screen (`width`) either side.
 */
export function cardWindow(offset: number, width: number, count: number, pitch: number) {
  if (count <= 0) return { first: 0, last: -1 };
  const first = Math.max(0, Math.floor((offset - width) / pitch));
  const last = Math.min(count - 1, Math.floor((offset + 2 * width) / pitch));
  return { first: Math.min(first, last), last };
}

/** The width the server's render of the first screen assumes, in px (see {@link setServerWidth}). */
let serverWidth = 1280;

/**
 * Sets the viewport width in px the server's render assumes (entry-server.tsx, PERF-2): a
 * phone's (390) for a browser that says it is mobile, else a laptop's (1280), so the page
 * carries the cards such a screen shows.
 */
export function setServerWidth(px: number): void {
  serverWidth = px;
}

/** The viewport's width in px (read without a layout); outside a browser, the server's guess. */
function viewportWidth(): number {
  return typeof window === 'undefined' ? serverWidth : window.innerWidth;
}

/** What {@link useCardWindow} gives the row. */
export interface CardWindow {
  /** The indexes to render, in order: the window, and the card with focus and its neighbours. */
  indexes: number[];
  /** Call from the row's `onScroll`. */
  onScroll: () => void;
  /** The row's `onFocus` and `onBlur`: the card with focus and the cards beside it stay rendered. */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * The {@link cardWindow} of the row in `ref` with `count` cards `pitch` px apart, whose cards
 * carry `data-index`. Before the row is laid out it assumes the viewport's width and the
 * remembered `initialOffset` (px), so nothing is measured on the first render; then its width
 * comes from a ResizeObserver and its offset from its scroll events. Re-renders only when the
 * window moves by a card.
 */
export function useCardWindow(
  ref: RefObject<HTMLElement | null>,
  count: number,
  pitch: number,
  initialOffset: number,
): CardWindow {
  const geometry = useRef({ offset: initialOffset, width: viewportWidth() });
  const [range, setRange] = useState<CardRange>(() =>
    cardWindow(initialOffset, viewportWidth(), count, pitch),
  );
  const [focused, setFocused] = useState<number | undefined>(undefined);

  const update = useCallback(() => {
    const { offset, width } = geometry.current;
    const next = cardWindow(offset, width, count, pitch);
    setRange((now) => (now.first === next.first && now.last === next.last ? now : next));
  }, [count, pitch]);

  // A new count (the answer came in, a card was removed) moves the window's end.
  useEffect(update, [update]);

  useEffect(() => {
    const row = ref.current;
    if (!row || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      geometry.current.width = entry.contentRect.width;
      update();
    });
    observer.observe(row);
    return () => {
      observer.disconnect();
    };
  }, [ref, update]);

  const onScroll = useCallback(() => {
    const row = ref.current;
    if (!row) return;
    geometry.current.offset = row.scrollLeft;
    update();
  }, [ref, update]);

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const index = Number(event.target.closest<HTMLElement>('[data-index]')?.dataset.index);
    setFocused(Number.isInteger(index) ? index : undefined);
  }, []);
  // Only when focus leaves the row: moving to the next card keeps the cards beside the last one
  // rendered until the new one is focused.
  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (
      !(event.relatedTarget instanceof Node) ||
      !event.currentTarget.contains(event.relatedTarget)
    ) {
      setFocused(undefined);
    }
  }, []);

  const shown = new Set<number>();
  for (let i = range.first; i <= Math.min(range.last, count - 1); i++) shown.add(i);
  // The card with focus and its neighbours: Tab and Shift+Tab always find the next card in the
  // row, however fast they come (a focus change renders at once; the scroll that follows it
  // moves the window a frame later).
  if (focused !== undefined) {
    for (let i = Math.max(0, focused - 1); i <= Math.min(count - 1, focused + 1); i++) shown.add(i);
  }
  const indexes = [...shown].sort((a, b) => a - b);
  return { indexes, onScroll, onFocus, onBlur };
}
