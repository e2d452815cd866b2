/**
 * Who may see which screen (ROUTE-1, ROUTE-2 in docs/requirements.md, ROLE-1: only users with a
 * verified e-mail proceed to /index). The router's guard (app/router.tsx) asks {@link
 * useRouteAccess} before it renders a guarded screen.
 */
import { pageAt, type Access } from '@pigostream/contracts/pages';
import { use, useEffect } from 'react';
import { useLocation } from 'react-router';
import { fetchMe, useMe } from './api/get-me.ts';

/** Who may see a screen: verified users, any signed-in user, or anyone. */
export type { Access };

/**
 * The access rule of an app path (a trailing slash is ignored), from the table of pages
 * (contracts' pages.ts); anything else (not found) is public.
 */
export function accessFor(pathname: string): Access {
  return pageAt(pathname)?.access ?? 'public';
}

/** What the guard does: show the screen, or send the user to `/`. */
export type AccessDecision = 'allow' | 'leave';

/**
 * Decides for the current sign-in state, re-checking a stale one (older than 30 s) at every
 * navigation. Signed-out users, and unverified users on 'verified' screens, leave for `/`
 * (which then shows their pending state). While the state is first determined the component
 * suspends (its Suspense fallback shows), so the screen renders once, at its final place.
 * @throws Error (to the route's error screen) when the server cannot say who is signed in and
 *   no earlier answer is known.
 */
export function useRouteAccess(access: Access): AccessDecision {
  const { pathname } = useLocation();
  const me = useMe();
  useEffect(() => {
    if (access !== 'public') fetchMe().catch(() => undefined);
  }, [access, pathname]);
  if (access === 'public') return 'allow';
  if (me.data === undefined && me.error) throw me.error;
  // fetchMe() answers the check already running (started at app start), so `use` waits on
  // one stable promise.
  const user = me.data === undefined ? use(fetchMe()) : me.data;
  if (!user || (access === 'verified' && !user.emailVerified)) return 'leave';
  return 'allow';
}
