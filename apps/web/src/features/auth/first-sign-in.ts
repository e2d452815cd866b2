/** The welcome message after a first-ever sign-in (AUTH-11 in docs/requirements.md). */
import { useSessionStore } from '../../lib/session-store.ts';
import type { AuthUser } from './api/get-me.ts';
import { AUTH_MESSAGES } from './messages.ts';

/**
 * How far apart creation and last sign-in may be and still count as "equal", in ms. The spec's
 * identity provider stamped both in one instant. Ours starts no session at sign-up: the first
 * one comes later (the verification link, a password sign-in or Google), and the server stamps
 * it with the user's creation time. A few seconds of tolerance keep the check right if a server
 * ever stamps it when written instead (a Google sign-in writes the user, then the session).
 * Kept short: a returning sign-in seconds later must not count as a first one.
 */
export const FIRST_SIGN_IN_TOLERANCE_MS = 2_000;

/**
 * Local storage key holding the uid of the user last welcomed in this browser, so the first
 * session's later visits (a reload, another tab on the same session) do not welcome again.
 * Sign-out removes it ({@link forgetWelcomedUser}); any later session is not a first one.
 */
export const WELCOMED_USER_KEY = 'PigoStream.Welcomed';

/** True when `user`'s current session is their first-ever (creation time equals last sign-in). */
export function isFirstSignIn(user: AuthUser): boolean {
  const created = Date.parse(user.creationTime);
  const signedIn = Date.parse(user.lastSignInTime);
  if (Number.isNaN(created) || Number.isNaN(signedIn)) return false;
  return Math.abs(signedIn - created) <= FIRST_SIGN_IN_TOLERANCE_MS;
}

/** The stored uid of {@link WELCOMED_USER_KEY}; null when none or storage is unavailable. */
function welcomedUser(): string | null {
  try {
    return localStorage.getItem(WELCOMED_USER_KEY);
  } catch {
    return null;
  }
}

/**
 * AUTH-4, AUTH-10, AUTH-11: when a verified `user` arrives signed in on their first-ever session
 * (the tab that opened the verification link, a tab whose focus check finds the now-verified
 * session, a first Google sign-in) and this browser has not welcomed them yet, stores 'Welcome to
 * PigoStream!' as the session's `welcomeMessage`; Home shows and then deletes it. Only once per
 * user and browser: the uid is kept under {@link WELCOMED_USER_KEY}.
 */
export function rememberWelcomeIfFirst(user: AuthUser | null | undefined): void {
  if (!user?.emailVerified || !isFirstSignIn(user) || welcomedUser() === user.uid) return;
  try {
    localStorage.setItem(WELCOMED_USER_KEY, user.uid);
  } catch {
    // Without local storage the welcome may show once per tab; it still shows.
  }
  useSessionStore.getState().set({ welcomeMessage: AUTH_MESSAGES.welcome });
}

/** AUTH-11, AUTH-13 (sign-out removes the local stored state): forgets the welcomed user. */
export function forgetWelcomedUser(): void {
  try {
    localStorage.removeItem(WELCOMED_USER_KEY);
  } catch {
    // Nothing stored then.
  }
}
