/**
 * What the sign-in screen does as the sign-in state changes (AUTH-1 in docs/requirements.md,
 * AUTH-10 Auth): the loading overlay while it is determined, the pending state for unverified
 * users, the move to /index once verified, and the messages of redirects back to `/`.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { refreshMe, useMe, type AuthUser } from '../api/get-me.ts';
import { GOOGLE_RETURN_PARAM } from '../api/sign-in-google.ts';
import { rememberWelcomeIfFirst } from '../first-sign-in.ts';
import { AUTH_MESSAGES } from '../messages.ts';
import { showAuthMessage } from './use-auth-alert.ts';

/** Longest time the loading overlay is shown, in ms (LIMIT-2: loading overlay max 10 s). */
export const LOADING_OVERLAY_MAX_MS = 10_000;

/** `?error=` codes of a verification link that failed (better-auth's verify-email). */
const VERIFY_LINK_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND']);

/** The message for an `?error=` code the identity server redirected back with. */
function redirectErrorMessage(code: string): string {
  return VERIFY_LINK_ERRORS.has(code.toUpperCase())
    ? AUTH_MESSAGES.verifyLinkInvalid
    : AUTH_MESSAGES.googleFailed;
}

/**
 * Watches the sign-in state for the sign-in screen, reloading it whenever the window regains
 * focus or the tab becomes visible again (AUTH-10: a link verified in another tab or app).
 * Calls `onPending(user)` when the state first resolves to an unverified user; navigates to
 * /index as soon as the user is verified, storing the welcome message first when this is their
 * first-ever session. Returns the user (undefined while unknown) and `showOverlay`: true while
 * the state is being determined, for at most {@link LOADING_OVERLAY_MAX_MS} ms, and while
 * leaving for /index.
 * @throws the failed check's ApiError (to the route's error screen, which then says 'You are
 *   offline') when the state is unknown because the browser has no network.
 */
export function useSignInState(onPending: (user: AuthUser) => void) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Tab switches (visibility) through the sign-in state store; window focus below.
  const me = useMe({ refetchOnWindowFocus: 'always' });
  const user = me.data;
  const [overlayExpired, setOverlayExpired] = useState(false);
  // Read once: the parameters are removed from the address right away.
  const [returned] = useState(() => ({
    error: params.get('error'),
    google: params.get(GOOGLE_RETURN_PARAM) === 'google',
  }));
  const resolved = useRef(false);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setOverlayExpired(true);
    }, LOADING_OVERLAY_MAX_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    const onFocus = () => {
      refreshMe().catch((error: unknown) => {
        console.error('Reloading the user on focus failed', error);
      });
    };
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
    };
  }, []);

  const handledReturn = useRef(false);
  useEffect(() => {
    // Once: `setParams` changes with the location, and a second strip would cancel the move
    // to /index.
    if (handledReturn.current || (!returned.error && !returned.google)) return;
    handledReturn.current = true;
    setParams({}, { replace: true });
    if (returned.error) showAuthMessage(redirectErrorMessage(returned.error), 'error');
  }, [returned, setParams]);

  useEffect(() => {
    if (user === undefined || resolved.current) return;
    resolved.current = true;
    if (user && !user.emailVerified) onPending(user);
  }, [user, onPending]);

  useEffect(() => {
    if (me.error) showAuthMessage(me.error.message, 'error');
  }, [me.error]);

  useEffect(() => {
    if (!user?.emailVerified) return;
    // AUTH-10, AUTH-11: arriving verified on the first-ever session (the verification link's tab,
    // this tab's focus check after verifying elsewhere, a first Google sign-in) leaves the welcome.
    rememberWelcomeIfFirst(user);
    // PROFILE-3: the app frame offers 'Who's watching?' to an account with several profiles.
    void navigate('/index', { replace: true, state: { signedIn: true } });
  }, [user, navigate]);

  // Offline (the installed app's shell starts without the server), no one can sign in here.
  if (me.error && user === undefined && !navigator.onLine) throw me.error;
  const determining = me.isPending && !overlayExpired;
  return { user, showOverlay: determining || user?.emailVerified === true };
}
