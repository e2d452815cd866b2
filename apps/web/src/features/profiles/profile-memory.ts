/**
 * What this device remembers of an account's profiles (PROFILE-3 in docs/requirements.md: the
 * active profile belongs to the session): the profile last chosen here, which the chooser marks
 * and focuses first, and the session the chooser was last offered for, so that it appears once
 * after each sign-in and not at every visit. Kept in local storage under
 * `PigoStream.Profile.<user id>`; sign-out leaves it, so the next sign-in still finds it.
 */

/** Local storage key prefix; the user id follows. */
export const PROFILE_MEMORY_PREFIX = 'PigoStream.Profile.';

/** What is remembered for one account on this device. */
export interface ProfileMemory {
  /** The profile chosen last on this device; null when none was. */
  last: string | null;
  /** The session (its start, `lastSignInTime`) the chooser was last offered for; null: none. */
  session: string | null;
}

/** The storage the memory lives in: `localStorage` in the browser, absent elsewhere. */
function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The memory of account `uid` (PROFILE-3); nothing remembered when there is none, it is not
 * what {@link rememberProfile} wrote, or storage is unavailable.
 */
export function readProfileMemory(uid: string, store = storage()): ProfileMemory {
  try {
    const value: unknown = JSON.parse(store?.getItem(PROFILE_MEMORY_PREFIX + uid) ?? 'null');
    if (typeof value === 'object' && value !== null) {
      const { last, session } = value as Record<string, unknown>;
      return {
        last: typeof last === 'string' ? last : null,
        session: typeof session === 'string' ? session : null,
      };
    }
  } catch {
    // An edited value reads as nothing remembered.
  }
  return { last: null, session: null };
}

/**
 * Merges `memory` into what account `uid` has remembered (PROFILE-3); without storage it is
 * forgotten, and the chooser may then appear once more.
 */
export function rememberProfile(
  uid: string,
  memory: Partial<ProfileMemory>,
  store = storage(),
): void {
  try {
    store?.setItem(
      PROFILE_MEMORY_PREFIX + uid,
      JSON.stringify({ ...readProfileMemory(uid, store), ...memory }),
    );
  } catch {
    // A full or blocked storage: nothing is remembered.
  }
}
