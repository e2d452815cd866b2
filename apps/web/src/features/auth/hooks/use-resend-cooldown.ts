/** The Resend verification cooldown (spec 4 Auth: 30 s after success and failure). */
import { useCallback, useEffect, useState } from 'react';

/** Cooldown after each resend attempt, in s (spec 9). */
export const RESEND_COOLDOWN_S = 30;

/**
 * `remaining` whole seconds of cooldown (0 when resend is allowed) and `start()`, which begins a
 * new {@link RESEND_COOLDOWN_S} s cooldown. Counts down once a second.
 */
export function useResendCooldown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, 250);
    return () => {
      window.clearInterval(timer);
    };
  }, [remaining]);

  const start = useCallback(() => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + RESEND_COOLDOWN_S * 1000);
  }, []);

  return { remaining, start };
}
