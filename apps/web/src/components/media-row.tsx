/** A titled, sideways-scrolling row of poster cards (spec 2 "Media cards and rows"). */
import type { MediaListItem } from '@pigostream/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useRememberedScroll } from '../lib/use-remembered-scroll.ts';
import { ErrorNotice } from './error-notice.tsx';
import { MediaCard } from './media-card.tsx';
import { PosterSkeleton } from './skeleton.tsx';

/** Placeholders shown while loading, and the count a shorter row is padded up to (spec 9). */
export const SKELETON_COUNT = 6;

/** Distance one scroll-button click moves the row, in px (spec 9). */
export const SCROLL_STEP_PX = 450;

/** Scroll buttons appear only when a row has more items than this (spec 9). */
export const SCROLL_BUTTONS_ABOVE = 3;

export interface MediaRowProps {
  /** Stable id: names the heading element and keys the remembered scroll offset. */
  id: string;
  title: string;
  items: readonly MediaListItem[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry?: () => void;
  /** Scroll buttons show above this many items (providers row: 4). */
  buttonsAbove?: number;
}

/**
 * A section headed `title` with a horizontal scroller of {@link MediaCard}s. While loading it
 * shows {@link SKELETON_COUNT} pulsing placeholders and pads a shorter row with still ones. On
 * md screens and up, when there are more than `buttonsAbove` items, left/right buttons scroll it
 * by {@link SCROLL_STEP_PX} px. A failed load shows an error notice instead of the cards.
 */
export function MediaRow({
  id,
  title,
  items = [],
  isLoading,
  error,
  onRetry,
  buttonsAbove = SCROLL_BUTTONS_ABOVE,
}: MediaRowProps) {
  const { ref, onScroll } = useRememberedScroll<HTMLUListElement>(id, items.length > 0);
  const headingId = `${id}-heading`;
  const showButtons = !error && items.length > buttonsAbove;
  const padding = Math.max(0, SKELETON_COUNT - items.length);

  const scroll = (direction: -1 | 1) => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollBy({
      left: direction * SCROLL_STEP_PX,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex min-h-9 items-center justify-between gap-4 px-4 md:px-8">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight md:text-xl">
          {title}
        </h2>
        {showButtons && (
          <div className="hidden gap-2 md:flex">
            <ScrollButton
              label={`Scroll ${title} left`}
              onClick={() => {
                scroll(-1);
              }}
            >
              <ChevronLeft className="size-5" />
            </ScrollButton>
            <ScrollButton
              label={`Scroll ${title} right`}
              onClick={() => {
                scroll(1);
              }}
            >
              <ChevronRight className="size-5" />
            </ScrollButton>
          </div>
        )}
      </div>

      {error ? (
        <div className="px-4 md:px-8">
          <ErrorNotice message={error.message} onRetry={onRetry} />
        </div>
      ) : (
        <ul
          ref={ref}
          onScroll={onScroll}
          aria-busy={isLoading}
          className="scrollbar-none flex gap-3 overflow-x-auto px-4 pt-1 pb-2 md:px-8"
        >
          {items.map((item) => (
            <li key={`${item.media_type}-${item.id}`}>
              <MediaCard item={item} />
            </li>
          ))}
          {Array.from({ length: padding }, (_, i) => (
            <li key={`placeholder-${i}`} aria-hidden="true">
              <PosterSkeleton pulse={isLoading} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ScrollButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex size-9 items-center justify-center rounded-full bg-white/10 text-neutral-100 transition hover:bg-white/20"
    >
      {children}
    </button>
  );
}
