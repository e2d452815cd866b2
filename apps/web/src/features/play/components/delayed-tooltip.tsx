/**
 * Name tooltips of season and episode cards (PLAY-5 in docs/requirements.md: on hover, focus or
 * click after 500 ms).
 */
import * as Tooltip from '@radix-ui/react-tooltip';
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { TOOLTIP_DELAY_MS } from '../play-rules.ts';

/**
 * A Radix tooltip showing `text` for its trigger `children` (one element that takes a ref and
 * event handlers, e.g. a card's button). It opens {@link TOOLTIP_DELAY_MS} ms after the pointer
 * enters the trigger, the trigger gets focus or is clicked (a click on an open one keeps it),
 * and closes when the pointer leaves, focus moves away or Escape is pressed. The trigger is
 * described by the tooltip while it is open; the text is only in the page while open, so the
 * card's own text does not repeat it.
 */
export function DelayedTooltip({ text, children }: { text: string; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number>(undefined);
  // Set on a press of the trigger while open: Radix closes on press, this tooltip stays.
  const keepOnPress = useRef(false);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const openLater = useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      setOpen(true);
    }, TOOLTIP_DELAY_MS);
  }, []);
  const close = useCallback(() => {
    cancel();
    setOpen(false);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return (
    <Tooltip.Provider delayDuration={0} skipDelayDuration={0} disableHoverableContent>
      <Tooltip.Root
        open={open}
        onOpenChange={(next) => {
          if (next) openLater();
          else if (!keepOnPress.current) close();
        }}
      >
        <Tooltip.Trigger
          asChild
          onPointerDown={() => {
            keepOnPress.current = open;
          }}
          onClick={(event) => {
            // The click opens the tooltip (after the delay) rather than closing it.
            event.preventDefault();
            keepOnPress.current = false;
            if (!open) openLater();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          {children}
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="bottom"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-56 rounded-md bg-neutral-800 px-2.5 py-1.5 text-xs leading-snug font-medium text-white shadow-lg ring-1 ring-white/15"
          >
            {text}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
