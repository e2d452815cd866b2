/** A titled sideways strip of cards (seasons, episodes), with the spec's scroll buttons. */
import { useId, useRef, type ReactNode } from 'react';
import { ScrollButtons } from '../../../components/scroll-buttons.tsx';

/**
 * Cards a strip needs before its scroll buttons show (CARD-3 in docs/requirements.md: more than 3).
 */
const SCROLL_BUTTONS_ABOVE = 3;

/**
 * A `<section>` labelled by its `title` heading. `count` cards go in `children`; above 3, the
 * 450 px scroll buttons show (md screens and up). `empty` is shown instead when `count` is 0
 * and `children` is not given (for instance 'No seasons available').
 */
export function Strip({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  const rowRef = useRef<HTMLDivElement>(null);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight md:text-xl">
          {title}
        </h2>
        {count > SCROLL_BUTTONS_ABOVE && <ScrollButtons label={title} target={rowRef} />}
      </div>
      {children ? (
        <div
          ref={rowRef}
          className="scrollbar-none -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 md:-mx-1 md:scroll-px-1 md:px-1"
        >
          {children}
        </div>
      ) : (
        <p className="text-sm text-neutral-400">{empty}</p>
      )}
    </section>
  );
}
