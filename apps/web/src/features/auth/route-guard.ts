/**
 * Route loaders that keep users out of screens they may not see (spec 2, spec 6: only users
 * with a verified e-mail proceed to /index).
 */
import { redirect } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';
import { meQueryOptions } from './api/get-me.ts';

/** Who may see a guarded screen. */
export type Access = 'verified' | 'signed-in';

/**
 * A loader that sends signed-out users to `/`, and, for 'verified' screens (/index, /my-list,
 * /watch-history, /play), unverified users too: `/` then shows their pending state. The
 * sign-in state comes from the cached `/auth/me` answer while fresh.
 * @throws ApiError (to the route's error screen) when the server cannot say who is signed in.
 */
export function requireUser(access: Access) {
  return async () => {
    const user = await queryClient.query(meQueryOptions());
    if (!user || (access === 'verified' && !user.emailVerified)) return redirect('/');
    return null;
  };
}
