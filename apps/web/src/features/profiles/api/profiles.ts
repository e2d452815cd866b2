/**
 * The household's profile calls (PROFILE-1, PROFILE-3, PROFILE-5, PROFILE-6, PROFILE-8 in
 * docs/requirements.md): the account's profiles and the session's active one, and the writes that
 * add, change, remove and switch them. They name no user: the server acts on the signed-in
 * account.
 */
import {
  activeProfileSchema,
  profileSchema,
  profilesSchema,
  type Profile,
  type ProfileKind,
  type Profiles,
} from '@pigostream/contracts';
import {
  CREATE_PROFILE,
  PROFILES,
  REMOVE_PROFILE,
  SWITCH_PROFILE,
  UPDATE_PROFILE,
} from '@pigostream/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/** The query key of the account's profiles: the one cached answer a switch of profile keeps. */
export const PROFILES_QUERY_KEY = ['profiles'] as const;

/** What `POST /profiles/create` takes (PROFILE-6). */
export interface NewProfile {
  name: string;
  avatar: string;
  kind?: ProfileKind;
  maxRatingAge?: number;
  showUnrated?: boolean;
  /** A 4-digit PIN for an adult profile; none when undefined or null. */
  newPin?: string | null;
}

/** What `POST /profiles/update` changes (PROFILE-6): only the fields given. */
export interface ProfileChanges extends Partial<NewProfile> {
  id: string;
}

/**
 * `GET /pigo-stream/profiles`: `{ profiles, active }`, in the order they were made; a full load
 * of a profile page carries it (contracts' pages.ts `FIRST_CALLS`).
 * @throws ApiError with an ERR-1 message.
 */
export function fetchProfiles(signal?: AbortSignal): Promise<Profiles> {
  return callEndpoint(PROFILES, {}, profilesSchema, { signal });
}

/** Query options of {@link fetchProfiles} (PROFILE-6), keyed {@link PROFILES_QUERY_KEY}. */
export function profilesQueryOptions() {
  return queryOptions({
    queryKey: PROFILES_QUERY_KEY,
    queryFn: ({ signal }) => fetchProfiles(signal),
  });
}

/** The account's profiles as a TanStack query (PROFILE-6); none asked while `enabled` is false. */
export function useProfiles(enabled = true) {
  return useQuery({ ...profilesQueryOptions(), enabled });
}

/**
 * `POST /pigo-stream/profiles/create` (PROFILE-1): the new profile. One attempt.
 * @throws ApiError: 409 past 6 profiles, 403 from a kids' profile, 400 for a bad field.
 */
export function createProfile(profile: NewProfile): Promise<Profile> {
  return callEndpoint(CREATE_PROFILE, { body: profile }, profileSchema);
}

/**
 * `POST /pigo-stream/profiles/update` (PROFILE-1, PROFILE-8): the changed profile; `pin` unlocks a
 * locked profile that is not the session's active one. One attempt.
 * @throws ApiError: 403 without the right PIN or from a kids' profile, 429 past the PIN limits,
 *   409 to make the main profile a kids' one, 400 for a bad field.
 */
export function updateProfile(changes: ProfileChanges, pin?: string): Promise<Profile> {
  return callEndpoint(UPDATE_PROFILE, { body: { ...changes, pin } }, profileSchema);
}

/**
 * `POST /pigo-stream/profiles/remove` (PROFILE-5): the profiles left and the active one. One
 * attempt.
 * @throws ApiError: 409 for the main profile, 403 without the right PIN or from a kids' profile,
 *   429 past the PIN limits.
 */
export function removeProfile(id: string, pin?: string): Promise<Profiles> {
  return callEndpoint(REMOVE_PROFILE, { body: { id, pin } }, profilesSchema);
}

/**
 * `POST /pigo-stream/profiles/switch` (PROFILE-3, PROFILE-8): makes `id` the session's active
 * profile; `pin` for a locked one. One attempt.
 * @throws ApiError: 403 without the right PIN, 429 past the PIN limits, 404 for no such profile.
 */
export function switchProfile(id: string, pin?: string): Promise<{ active: string }> {
  return callEndpoint(SWITCH_PROFILE, { body: { id, pin } }, activeProfileSchema);
}
