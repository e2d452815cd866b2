/**
 * 'Who's watching?' after sign-in (PROFILE-3 in docs/requirements.md): the sign-in screen hands
 * the app over with `{ signedIn: true }` as the location's state (a sign-in, a verification link,
 * a return from Google); for a session this device has not offered the chooser to yet, an
 * account with more than one profile goes to /profiles instead. Part of the app frame's chunk,
 * which asks for the profiles only then.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../../auth/index.ts';
import { profilesQueryOptions } from '../api/profiles.ts';
import { useActiveProfileState } from '../hooks/use-active-profile.ts';
import { readProfileMemory, rememberProfile } from '../profile-memory.ts';

/** The location state the sign-in screen leaves for the app frame. */
interface SignedInState {
  signedIn?: unknown;
}

/**
 * PROFILE-3's offer of the chooser: renders `children` (the screen), except just after sign-in on a
 * session this device has not offered the chooser for: then it asks for the account's profiles and,
 * with more than one, goes to /profiles in place of the screen (with one, or when the call fails,
 * the screen shows as before). Either way the session is remembered as offered, so the chooser
 * shows once a session. Every screen under it reads the active profile's remembered UI state
 * (PROFILE-4: {@link useActiveProfileState}).
 */
export function ProfileGate({ children }: { children: ReactNode }) {
  useActiveProfileState();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: user } = useMe();
  const signedIn = (location.state as SignedInState | null)?.signedIn === true;
  const offer =
    signedIn &&
    user?.emailVerified === true &&
    readProfileMemory(user.uid).session !== user.lastSignInTime;
  const profiles = useQuery({ ...profilesQueryOptions(), enabled: offer });
  const settled = profiles.data !== undefined || profiles.isError;
  const many = (profiles.data?.profiles.length ?? 0) > 1;

  useEffect(() => {
    if (!offer || !settled) return;
    rememberProfile(user.uid, { session: user.lastSignInTime });
    void navigate(many ? '/profiles' : location, { replace: true, state: null });
  }, [offer, settled, many, user, navigate, location]);

  return offer && (!settled || many) ? null : children;
}
