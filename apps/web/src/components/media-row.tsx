/** A titled, sideways-scrolling row of poster cards (CARD-1, CARD-3 in docs/requirements.md). */
import { memo, useState, type ReactNode } from 'react';
import { useLocalStore, useRowScrollMemory } from '../lib/local-store.ts';
import { useCardWindow } from '../lib/use-card-window.ts';
import { ErrorNotice } from './error-notice.tsx';
import { MediaCard, type MediaCardItem } from './media-card.tsx';
import { ScrollButtons } from './scroll-buttons.tsx';
import { PosterSkeleton } from './skeleton.tsx';

export { SCROLL_STEP_PX } from './scroll-buttons.tsx';

/** Placeholders shown while loading, and the count a shorter row is padded up to (LIMIT-7). */
export const SKELETON_COUNT = 6;

/**
 * Cards of a screen's first row whose posters load at once, at high priority (QUAL-2: the
 * largest paint; a phone shows two and a half 160 px cards, a desktop up to seven).
 */
export const FIRST_SCREEN_CARDS = 4;

/** Scroll buttons appear only when a row has more items than this (LIMIT-8). */
export const SCROLL_BUTTONS_ABOVE = 3;

/** A card's width (MediaCard's `w-40`) and the gap between cards (`gap-3`), in px. */
const CARD_WIDTH_PX = 160;
const CARD_GAP_PX = 12;
const CARD_PITCH_PX = CARD_WIDTH_PX + CARD_GAP_PX;

/** Props of {@link MediaRow}. */
export interface MediaRowProps {
  /** Stable id: names the heading element and keys the remembered scroll offset. */
  id: string;
  title: string;
  items: readonly MediaCardItem[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry?: () => void;
  /** Scroll buttons show above this many items (default {@link SCROLL_BUTTONS_ABOVE}). */
  buttonsAbove?: number;
  /**
   * Opt-in card removal (My List, Watch History): passed to every card as
   * {@link MediaCard}'s `onRemoveRequest` (long-press 700 ms or right-click).
   */
  onRemoveRequest?: (item: MediaCardItem, card: HTMLAnchorElement) => void;
  /** Id of an element that tells how to remove a card, for each card's description. */
  cardDescribedBy?: string;
  /** Shown under the scroller inside the section, e.g. a View More button. */
  footer?: ReactNode;
  /**
   * How many leading cards are in the first screenful, so their posters load at once at high
   * priority (the page's largest paint); default 0: all load lazily.
   */
  priorityCards?: number;
}

/**
 * A section headed `title` with a horizontal scroller of {@link MediaCard}s. While loading it
 * shows {@link SKELETON_COUNT} pulsing placeholders and pads a shorter row with still ones. On
 * md screens and up, when there are more than `buttonsAbove` items, left/right buttons scroll it
 * by 450 px. A failed load shows an error notice instead of the cards. The scroll offset is
 * remembered under `id` (DATA-16). `onRemoveRequest` makes the cards removable; `footer` goes
 * below the scroller. Memoised: it re-renders only when its props change (give it stable
 * callbacks).
 */
export const MediaRow = memo(function MediaRow({
  id,
  title,
  items = [],
  isLoading,
  error,
  onRetry,
  buttonsAbove = SCROLL_BUTTONS_ABOVE,
  onRemoveRequest,
  cardDescribedBy,
  footer,
  priorityCards = 0,
}: MediaRowProps) {
  const { ref, onScroll } = useRowScrollMemory<HTMLUListElement>(id, items.length > 0);
  const headingId = `${id}-heading`;
  const showButtons = !error && items.length > buttonsAbove;
  const padding = Math.max(0, SKELETON_COUNT - items.length);

  // Only the cards in view and one screen either side are rendered (PERF-4); spacers keep
  // the row's scroll range, and the card with focus and those beside it stay rendered.
  const [rememberedOffset] = useState(() => useLocalStore.getState().rowScroll[id] ?? 0);
  const cardWindow = useCardWindow(ref, items.length, CARD_PITCH_PX, rememberedOffset);
  // The rendered indexes, in order, with a spacer before each run after a gap and at the end.
  const cells: ReactNode[] = [];
  let next = 0;
  for (const index of cardWindow.indexes) {
    const item = items[index];
    if (!item) continue;
    if (index > next) cells.push(<Spacer key={`spacer-${String(index)}`} cards={index - next} />);
    next = index + 1;
    cells.push(
      <li key={`${item.media_type}-${item.id}`} data-index={index}>
        <MediaCard
          item={item}
          onRemoveRequest={onRemoveRequest}
          describedBy={cardDescribedBy}
          priority={index < priorityCards}
        />
      </li>,
    );
  }
  if (next < items.length) cells.push(<Spacer key="spacer-end" cards={items.length - next} />);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex min-h-9 items-center justify-between gap-4 px-4 md:px-8">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight md:text-xl">
          {title}
        </h2>
        {showButtons && <ScrollButtons label={title} target={ref} />}
      </div>

      {error ? (
        <div className="px-4 md:px-8">
          <ErrorNotice message={error.message} onRetry={onRetry} />
        </div>
      ) : (
        <ul
          ref={ref}
          onScroll={() => {
            onScroll();
            cardWindow.onScroll();
          }}
          onFocus={cardWindow.onFocus}
          onBlur={cardWindow.onBlur}
          aria-busy={isLoading}
          className="scrollbar-none flex gap-3 overflow-x-auto px-4 pt-1 pb-2 md:px-8"
        >
          {cells}
          {Array.from({ length: padding }, (_, i) => (
            <li key={`placeholder-${i}`} aria-hidden="true">
              <PosterSkeleton pulse={isLoading} />
            </li>
          ))}
        </ul>
      )}
      {footer}
    </section>
  );
});

/** Stands in for `cards` cards out of the rendered window: their width and the gaps between. */
function Spacer({ cards }: { cards: number }) {
  return (
    <li
      aria-hidden="true"
      data-spacer=""
      className="shrink-0"
      style={{ width: cards * CARD_PITCH_PX - CARD_GAP_PX }}
    />
  );
}
