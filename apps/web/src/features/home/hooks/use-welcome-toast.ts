/**
 * The first sign-in welcome on Home (AUTH-11 in docs/requirements.md: a success toast for 5 s, then
 * deleted).
 */
import { useEffect, useState } from 'react';
import { useSessionStore } from '../../../lib/session-store.ts';

/** How long the welcome toast shows, in ms (LIMIT-1, LIMIT-5: welcome toast 5 s). */
export const WELCOME_TOAST_MS = 5_000;

/** Deletes the stored message; writes nothing when it is gone already (e.g. after sign-out). */
function forgetWelcome(): void {
  const store = useSessionStore.getState();
  if (store.welcomeMessage !== null) store.set({ welcomeMessage: null });
}

/**
 * Reads session storage 'PigoStream.Session' `welcomeMessage` once, on mount, and returns it as
 * `welcome` for {@link WELCOME_TOAST_MS} ms (null otherwise). Once shown the stored message is
 * deleted: when the 5 s end, when it is dismissed, or when Home is left before that.
 */
export function useWelcomeToast(): { welcome: string | null; dismiss: () => void } {
  const [message] = useState(() => useSessionStore.getState().welcomeMessage);
  const [visible, setVisible] = useState(message !== null);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => {
      setVisible(false);
      forgetWelcome();
    }, WELCOME_TOAST_MS);
    return () => {
      window.clearTimeout(timer);
      forgetWelcome();
    };
  }, [message]);

  return {
    welcome: visible ? message : null,
    dismiss: () => {
      setVisible(false);
      forgetWelcome();
    },
  };
}
