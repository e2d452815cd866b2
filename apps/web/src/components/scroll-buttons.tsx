/** Left/right buttons of a sideways row (CARD-3 in docs/requirements.md, LIMIT-8: 450 px). */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';

/** Distance one scroll-button click moves a row, in px (LIMIT-8, LIMIT-19). */
export const SCROLL_STEP_PX = 450;

/** Scrolls `el` sideways by one step in `direction`, smoothly unless motion is reduced. */
export function scrollRowBy(el: HTMLElement | null, direction: -1 | 1): void {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el?.scrollBy({ left: direction * SCROLL_STEP_PX, behavior: reduceMotion ? 'auto' : 'smooth' });
}

/**
 * The pair 'Scroll {label} left' / 'Scroll {label} right' moving `target` by
 * {@link SCROLL_STEP_PX} px per click. Desktop only: hidden below the md breakpoint (768 px).
 */
export function ScrollButtons({
  label,
  target,
}: {
  label: string;
  target: RefObject<HTMLElement | null>;
}) {
  return (
    <div className="hidden gap-2 md:flex">
      <RoundButton
        label={`Scroll ${label} left`}
        onClick={() => {
          scrollRowBy(target.current, -1);
        }}
      >
        <ChevronLeft aria-hidden="true" className="size-5" />
      </RoundButton>
      <RoundButton
        label={`Scroll ${label} right`}
        onClick={() => {
          scrollRowBy(target.current, 1);
        }}
      >
        <ChevronRight aria-hidden="true" className="size-5" />
      </RoundButton>
    </div>
  );
}

function RoundButton({
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
