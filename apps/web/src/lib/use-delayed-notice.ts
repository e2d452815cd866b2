/**
 * Timing of the content and empty notices (HOME-10 in docs/requirements.md and "History and list
 * pages", LIMIT-4: they appear after 2 s and stay 5 s).
 */
import { useEffect, useState } from 'react';

/** Time from a notice's cause to its showing, in ms (LIMIT-4). */
export const NOTICE_DELAY_MS = 2_000;

/** How long a notice stays, in ms (LIMIT-4). */
export const NOTICE_VISIBLE_MS = 5_000;

/**
 * Returns `message` from {@link NOTICE_DELAY_MS} ms after it appears (or changes) until
 * {@link NOTICE_VISIBLE_MS} ms later, and null otherwise. A message that goes away before its
 * delay ends never shows. `dismiss()` hides the current one early.
 */
export function useDelayedNotice(message: string | null): {
  notice: string | null;
  dismiss: () => void;
} {
  const [shownFor, setShownFor] = useState<string | null>(null);

  useEffect(() => {
    if (!message) return;
    const showTimer = window.setTimeout(() => {
      setShownFor(message);
    }, NOTICE_DELAY_MS);
    const hideTimer = window.setTimeout(() => {
      setShownFor(null);
    }, NOTICE_DELAY_MS + NOTICE_VISIBLE_MS);
    return () => {
      window.clearTimeout(showTimer);
      window.clearTimeout(hideTimer);
      setShownFor(null);
    };
  }, [message]);

  return {
    notice: message !== null && shownFor === message ? message : null,
    dismiss: () => {
      setShownFor(null);
    },
  };
}
