/**
 * The profiles of an account (PROFILE-1..6 in docs/requirements.md): list, create (at most
 * {@link MAX_PROFILES}), update, remove (with the profile's personal data; the default profile,
 * whose id is the account's, stays) and the session's switch to another one.
 */
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_PROFILE_KEPT,
  MAX_PROFILES,
  PROFILE_NOT_FOUND,
  TOO_MANY_PROFILES,
  type Profile,
  type ProfileKind,
  type Profiles,
} from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { DomainError } from '../../lib/domain-error.ts';
import {
  deleteProfile,
  insertProfile,
  listProfiles,
  setActiveProfile,
  updateProfile,
} from './profiles.repository.ts';

/** 404: no profile of that id in the signed-in account (another account's answers the same). */
export class ProfileNotFoundError extends DomainError {
  readonly statusCode = 404;
  constructor() {
    super(PROFILE_NOT_FOUND);
    this.name = 'ProfileNotFoundError';
  }
}

/** 409: the account holds {@link MAX_PROFILES} profiles, or the profile cannot be removed. */
export class ProfileConflictError extends DomainError {
  readonly statusCode = 409;
  constructor(message: string) {
    super(message);
    this.name = 'ProfileConflictError';
  }
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A new profile's id: `p_` and 20 base32 characters (100 random bits). */
export function newProfileId(): string {
  const bytes = randomBytes(20);
  let id = 'p_';
  for (const byte of bytes) id += BASE32[byte & 31] ?? 'a';
  return id;
}

/** The signed-in account and session a profile call acts for. */
export interface ProfileActor {
  /** The account's id (the default profile's id too). */
  userId: string;
  sessionId: string;
  /** The session's active profile. */
  activeId: string;
}

export class ProfilesService {
  constructor(private readonly db: Database) {}

  /** The account's profiles in order, and the session's active one. */
  async list(actor: ProfileActor): Promise<Profiles> {
    return { profiles: await listProfiles(this.db, actor.userId), active: actor.activeId };
  }

  /** @throws ProfileConflictError (409) when the account holds {@link MAX_PROFILES} already. */
  async create(
    actor: ProfileActor,
    input: { name: string; avatar: string; kind?: ProfileKind | undefined },
  ): Promise<Profile> {
    const profile = await insertProfile(
      this.db,
      actor.userId,
      { id: newProfileId(), name: input.name, avatar: input.avatar, kind: input.kind ?? 'adult' },
      MAX_PROFILES,
    );
    if (!profile) throw new ProfileConflictError(TOO_MANY_PROFILES);
    return profile;
  }

  /** @throws ProfileNotFoundError (404) for an id not of the account. */
  async update(
    actor: ProfileActor,
    id: string,
    changes: {
      name?: string | undefined;
      avatar?: string | undefined;
      kind?: ProfileKind | undefined;
    },
  ): Promise<Profile> {
    const profile = await updateProfile(this.db, actor.userId, id, {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.avatar !== undefined ? { avatar: changes.avatar } : {}),
      ...(changes.kind !== undefined ? { kind: changes.kind } : {}),
    });
    if (!profile) throw new ProfileNotFoundError();
    return profile;
  }

  /**
   * Removes the profile and its personal data; a session that had it active (this one, or any
   * other of the account's) goes back to the default profile.
   * @throws ProfileNotFoundError (404) for an id not of the account; ProfileConflictError (409)
   *   for the default profile, which is the last one an account keeps.
   */
  async remove(actor: ProfileActor, id: string): Promise<Profiles> {
    if (!(await deleteProfile(this.db, actor.userId, id))) {
      if (id === actor.userId) throw new ProfileConflictError(DEFAULT_PROFILE_KEPT);
      throw new ProfileNotFoundError();
    }
    return {
      profiles: await listProfiles(this.db, actor.userId),
      active: actor.activeId === id ? actor.userId : actor.activeId,
    };
  }

  /** @throws ProfileNotFoundError (404) for an id not of the account. */
  async switchTo(actor: ProfileActor, id: string): Promise<{ active: string }> {
    if (!(await setActiveProfile(this.db, actor.userId, actor.sessionId, id))) {
      throw new ProfileNotFoundError();
    }
    return { active: id };
  }
}
