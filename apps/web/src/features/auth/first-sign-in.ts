/** The welcome message after a first-ever sign-in (spec 4 Auth). */
import { useSessionStore } from '../../lib/session-store.ts';
import type { AuthUser } from './api/get-me.ts';
import { AUTH_MESSAGES } from './messages.ts';

/**
 * How far apart creation and last sign-in may be and still count as "equal", in ms. The spec's
 * identity provider stamped both in one instant. Ours writes the user row, then the session
 * row; the server stamps that first session with the user's creation time, but a few seconds
 * of tolerance keep the check right if it ever does not (another server version, a slow
 * database). Kept short: a returning sign-in seconds later must not count as a first one.
 */
export const FIRST_SIGN_IN_TOLERANCE_MS = 2_000;

/** True when `user` signed in for the first time ever (creation time equals last sign-in). */
export function isFirstSignIn(user: AuthUser): boolean {
  const created = Date.parse(user.creationTime);
  const signedIn = Date.parse(user.lastSignInTime);
  if (Number.isNaN(created) || Number.isNaN(signedIn)) return false;
  return Math.abs(signedIn - created) <= FIRST_SIGN_IN_TOLERANCE_MS;
}

/**
 * After a sign-up or a Google sign-in: stores 'Welcome to PigoStream!' as the session's
 * `welcomeMessage` when it was `user`'s first-ever sign-in; Home shows and then deletes it.
 */
export function rememberWelcomeIfFirst(user: AuthUser | null): void {
  if (user && isFirstSignIn(user)) {
    useSessionStore.getState().set({ welcomeMessage: AUTH_MESSAGES.welcome });
  }
}
