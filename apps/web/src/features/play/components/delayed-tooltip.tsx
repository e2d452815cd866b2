/** Name tooltips of season and episode cards (spec 2: on hover, focus or click after 500 ms). */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { TOOLTIP_DELAY_MS } from '../play-rules.ts';

/** Event handlers and ARIA wiring for a tooltip's trigger, from {@link useDelayedTooltip}. */
export interface TooltipTrigger {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onClick: () => void;
  onKeyDown: (event: { key: string }) => void;
  'aria-describedby': string;
}

/**
 * A tooltip that opens {@link TOOLTIP_DELAY_MS} ms after the pointer enters its trigger, the
 * trigger gets focus or is clicked, and closes when the pointer leaves, focus moves away or
 * Escape is pressed. Spread `trigger` on the trigger and render `tooltip(text)` inside it; the
 * text is only in the page while open, so the card's own text does not repeat it.
 */
export function useDelayedTooltip(): {
  trigger: TooltipTrigger;
  open: boolean;
  tooltip: (text: string) => ReactNode;
} {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number>(undefined);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const start = useCallback(() => {
    cancel();
    timer.current = window.setTimeout(() => {
      setOpen(true);
    }, TOOLTIP_DELAY_MS);
  }, [cancel]);
  const close = useCallback(() => {
    cancel();
    setOpen(false);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return {
    open,
    trigger: {
      onPointerEnter: start,
      onPointerLeave: close,
      onFocus: start,
      onBlur: close,
      onClick: () => {
        if (!open) start();
      },
      onKeyDown: (event) => {
        if (event.key === 'Escape') close();
      },
      'aria-describedby': id,
    },
    tooltip: (text) => (
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-2 w-max max-w-56 -translate-x-1/2 rounded-md bg-neutral-800 px-2.5 py-1.5 text-xs leading-snug font-medium text-white shadow-lg ring-1 ring-white/15"
      >
        {open ? text : null}
      </span>
    ),
  };
}
