/** The pages' feedback messages (LISTS-5 in docs/requirements.md: shown, gone after 5 s). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { FEEDBACK_MS } from '../list-rules.ts';

/** A feedback message: a success, or a failure of a removal or of Clear All. */
export interface Feedback {
  text: string;
  tone: 'success' | 'failure';
}

/**
 * The current feedback, or null. `show(text, tone)` replaces any shown one and hides it
 * {@link FEEDBACK_MS} ms later; `dismiss()` hides it now.
 */
export function useFeedback(): {
  feedback: Feedback | null;
  show: (text: string, tone: Feedback['tone']) => void;
  dismiss: () => void;
} {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );

  const show = useCallback((text: string, tone: Feedback['tone']) => {
    window.clearTimeout(timer.current);
    setFeedback({ text, tone });
    timer.current = window.setTimeout(() => {
      setFeedback(null);
    }, FEEDBACK_MS);
  }, []);

  const dismiss = useCallback(() => {
    window.clearTimeout(timer.current);
    setFeedback(null);
  }, []);

  return { feedback, show, dismiss };
}
