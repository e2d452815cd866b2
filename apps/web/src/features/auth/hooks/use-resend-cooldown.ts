/**
 * The Resend verification cooldown (AUTH-12 in docs/requirements.md: 30 s after success and
 * failure).
 */
import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '../../../lib/session-store.ts';

/** Cooldown after each resend attempt, in s (LIMIT-3, LIMIT-6). */
export const RESEND_COOLDOWN_S = 30;

/**
 * `remaining` whole seconds of cooldown (0 when resend is allowed) and `start()`, which begins a
 * new {@link RESEND_COOLDOWN_S} s cooldown. Its end is kept in the tab's session store (UI-6: the
 * count once went back to 'Resend verification' a second after it started, when the form mounted
 * again), so a remount, a focus change or a reload keeps counting; the clock is read four times a
 * second until the end.
 */
export function useResendCooldown() {
  const endsAt = useSessionStore((s) => s.resendEndsAt);
  const save = useSessionStore((s) => s.set);
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
    save({ resendEndsAt: at + RESEND_COOLDOWN_S * 1000 });
  }, [save]);

  return { remaining, start };
}
