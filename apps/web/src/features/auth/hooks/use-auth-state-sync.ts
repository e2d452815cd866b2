/**
 * App-wide reactions to the sign-in state (AUTH-10 in docs/requirements.md, API-GEN-1). Mounted
 * once at the root, so they run whichever screen the state changes on.
 */
import { useEffect, useRef } from 'react';
import { refreshMe, useMe } from '../api/get-me.ts';
import { usePostAuthUser } from '../api/post-auth-user.ts';
import { showAuthMessage } from './use-auth-alert.ts';

/** Wait before reloading a profile that has no display name yet, in ms (AUTH-14). */
export const DISPLAY_NAME_RELOAD_MS = 1_000;

/**
 * - API-AUTH-1 `POST /auth/users` "on each sign-in state change with a user": whenever the user
 *   appears or changes (a new uid, or the same user becoming verified) their uid is posted.
 *   The server refuses unverified users with 401, so their failures are only logged; a
 *   verified user's failure also shows its ERR-1 message.
 * - AUTH-10, AUTH-14: a signed-in user with no display name causes a 1 s wait and a profile reload
 *   (once per user, so a profile that really has none does not reload forever).
 */
export function useAuthStateSync(): void {
  const { data: user } = useMe();
  const { mutate } = usePostAuthUser();
  const lastKey = useRef<string | null>(null);
  const uid = user?.uid;
  const missingName = user ? !user.displayName : false;

  useEffect(() => {
    if (user === undefined) return;
    const key = user ? `${user.uid}:${String(user.emailVerified)}` : null;
    if (key === lastKey.current) return;
    lastKey.current = key;
    if (!user) return;
    const verified = user.emailVerified;
    mutate(user.uid, {
      onError: (error) => {
        if (!verified) {
          console.info('POST /auth/users is refused until the e-mail is verified', error);
          return;
        }
        console.error('POST /auth/users failed', error);
        showAuthMessage(error.message, 'error');
      },
    });
  }, [user, mutate]);

  useEffect(() => {
    if (!uid || !missingName) return;
    const timer = window.setTimeout(() => {
      void refreshMe().catch((error: unknown) => {
        console.error('Reloading the profile failed', error);
      });
    }, DISPLAY_NAME_RELOAD_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [uid, missingName]);
}
