/**
 * Remembered state for this browser tab (DATA-16 in docs/requirements.md): one zustand store
 * persisted to session storage under 'PigoStream.Session'. The sign-in screen keeps its inputs
 * (never the password), its mode, its page scroll and the resend cooldown's end here; Home
 * reads the welcome message.
 * Sign-out clears it ({@link clearSessionStore}).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Session storage key of the remembered state (DATA-16). */
export const SESSION_STORE_KEY = 'PigoStream.Session';

interface SessionValues {
  /** Sign-up username input. */
  userName: string;
  /** E-mail address input. */
  email: string;
  /** true in Sign in mode (the default), false in Sign up mode (AUTH-2, AUTH-8). */
  isSignInState: boolean;
  /** Vertical page scroll of the sign-in screen, in px. */
  pageScrollState: number;
  /** 'Welcome to PigoStream!' after a first-ever sign-in, until Home has shown it (AUTH-11). */
  welcomeMessage: string | null;
  /**
   * When the Resend verification cooldown ends, in ms since the epoch (0: none). Kept here, not
   * in the form, so a form mounted again mid-count keeps counting (UI-6).
   */
  resendEndsAt: number;
}

interface SessionState extends SessionValues {
  /** Merges `values` into the remembered state. */
  set: (values: Partial<SessionValues>) => void;
}

const INITIAL: SessionValues = {
  userName: '',
  email: '',
  isSignInState: true,
  pageScrollState: 0,
  welcomeMessage: null,
  resendEndsAt: 0,
};

/** The persisted per-tab store; read with a selector, e.g. `useSessionStore((s) => s.email)`. */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...INITIAL,
      set: (values) => {
        set(values);
      },
    }),
    {
      name: SESSION_STORE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      // Every value, not the setter.
      partialize: ({ set: _set, ...values }): SessionValues => values,
    },
  ),
);

/**
 * Forgets everything the store holds (AUTH-13: sign-out removes the session state): resets
 * the in-memory values, then removes the 'PigoStream.Session' key itself.
 */
export function clearSessionStore(): void {
  useSessionStore.setState(INITIAL);
  sessionStorage.removeItem(SESSION_STORE_KEY);
}
