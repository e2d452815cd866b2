/**
 * The session's active profile as the app knows it (PROFILE-3, PROFILE-4 in
 * docs/requirements.md), and the remembered UI state that goes with it: each profile has its own
 * (lib/local-store.ts, one local storage key a profile), which the app frame keeps pointed at the
 * active one. The frame's chunk holds this, so the sign-in screen loads none of it (QUAL-1).
 */
import type { Profile } from '@pigostream/contracts';
import { useEffect, useState } from 'react';
import { localStoreKey, selectLocalStore } from '../../../lib/local-store.ts';
import { useMe, type AuthUser } from '../../auth/index.ts';
import { useProfiles } from '../api/profiles.ts';
import { knownActiveProfile, rememberProfile } from '../profile-memory.ts';

/**
 * PROFILE-4: profile `profileId` is the session's active one: this device notes it for the
 * session (`user.lastSignInTime`), and the remembered UI state becomes that profile's (the one
 * it leaves stays under its own key).
 */
export function activateProfileState(
  user: Pick<AuthUser, 'uid' | 'lastSignInTime'>,
  profileId: string,
): void {
  rememberProfile(user.uid, { active: profileId, activeSession: user.lastSignInTime });
  selectLocalStore(localStoreKey(user.uid, profileId));
}

/**
 * The session's active profile id (PROFILE-3): the server's (`GET /profiles`' `active`) once it
 * answered, this device's word for the session until then ({@link knownActiveProfile});
 * undefined without a verified user.
 */
export function useActiveProfileId(): string | undefined {
  const { data: user } = useMe();
  const verified = user?.emailVerified === true;
  const { data } = useProfiles(verified);
  if (!user || !verified) return undefined;
  return data?.active ?? knownActiveProfile(user);
}

/**
 * The session's active profile (PROFILE-3, PROFILE-6: `GET /profiles`), or undefined while it
 * loads, when the call failed, or without a verified user.
 */
export function useActiveProfile(): Profile | undefined {
  const { data: user } = useMe();
  const { data } = useProfiles(user?.emailVerified === true);
  return data?.profiles.find((profile) => profile.id === data.active);
}

/**
 * PROFILE-4: keeps the remembered UI state (Home's tab, provider, search, scroll; the play
 * page's choices) the session's active profile's. Before the screen first renders, the store
 * is pointed at the profile this device last saw active in this session (a new session's is the
 * default profile); then `GET /profiles` says which one it is, and the store follows it there
 * and whenever it changes (a switch, the active profile removed).
 */
export function useActiveProfileState(): void {
  const { data: user } = useMe();
  const verified = user?.emailVerified === true;
  // Once, as the frame first renders: before the screen under it reads or writes the store.
  useState(() => {
    if (user && verified) selectLocalStore(localStoreKey(user.uid, knownActiveProfile(user)));
  });
  const { data } = useProfiles(verified);
  const active = data?.active;
  const uid = user?.uid;
  const session = user?.lastSignInTime;
  useEffect(() => {
    if (!uid || session === undefined || !verified || !active) return;
    activateProfileState({ uid, lastSignInTime: session }, active);
  }, [uid, session, verified, active]);
}
