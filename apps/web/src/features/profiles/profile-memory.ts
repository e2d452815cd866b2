/**
 * What this device remembers of an account's profiles (PROFILE-3 in docs/requirements.md: the
 * active profile belongs to the session): the profile last chosen here, which the chooser marks
 * and focuses first; the session the chooser was last offered for, so that it appears once
 * after each sign-in and not at every visit; and the profile last seen active with the session
 * it was active in, so that a page of that session opens with that profile's remembered state
 * before the server has said which profile is active (PROFILE-4). Kept in local storage under
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
  /** The profile last seen active on this device (PROFILE-4); null when none was. */
  active: string | null;
  /** The session (its `lastSignInTime`) {@link active} was active in; null: none. */
  activeSession: string | null;
}

/** Nothing remembered. */
const NOTHING: ProfileMemory = { last: null, session: null, active: null, activeSession: null };

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
      const fields = value as Record<string, unknown>;
      const text = (name: keyof ProfileMemory) => {
        const field = fields[name];
        return typeof field === 'string' ? field : null;
      };
      return {
        last: text('last'),
        session: text('session'),
        active: text('active'),
        activeSession: text('activeSession'),
      };
    }
  } catch {
    // An edited value reads as nothing remembered.
  }
  return { ...NOTHING };
}

/**
 * The session's active profile as this device knows it (PROFILE-3, PROFILE-4): the profile it
 * last saw active in this very session (`user.lastSignInTime`, when the session started), else
 * the default profile, on which every session starts: its id is the user id.
 */
export function knownActiveProfile(
  user: { uid: string; lastSignInTime: string },
  store = storage(),
): string {
  const memory = readProfileMemory(user.uid, store);
  return (memory.activeSession === user.lastSignInTime && memory.active) || user.uid;
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
