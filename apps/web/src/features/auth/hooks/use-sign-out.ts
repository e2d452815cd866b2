/**
 * Sign-out for the app screens (AUTH-13 in docs/requirements.md; the sidebar's Sign Out button,
 * HOME-2), which run inside TanStack Query's provider.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearLocalStore } from '../../../lib/local-store.ts';
import { clearSessionStore } from '../../../lib/session-store.ts';
import { setMe } from '../api/get-me.ts';
import { useSignOutMutation } from '../api/sign-out.ts';
import { forgetWelcomedUser } from '../first-sign-in.ts';

/** What a failed sign-out logs (ERR-16: only logged). */
export const SIGN_OUT_FAILED = 'Sign-out failed';

/**
 * Returns `signOut()`, which ends the session, removes local storage 'PigoStream.Local' and
 * 'PigoStream.Welcomed' and session storage 'PigoStream.Session', forgets every cached answer and
 * goes to `/`; and `isPending` while it runs. A failure is only logged ('Sign-out failed', ERR-16):
 * the user stays where they are, still signed in.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutate, isPending } = useSignOutMutation();

  const signOut = useCallback(() => {
    mutate(undefined, {
      onSuccess: () => {
        clearLocalStore();
        forgetWelcomedUser();
        clearSessionStore();
        queryClient.clear();
        setMe(null);
        void navigate('/', { replace: true });
      },
      onError: (error) => {
        console.error(SIGN_OUT_FAILED, error);
      },
    });
  }, [mutate, navigate, queryClient]);

  return { signOut, isPending };
}
