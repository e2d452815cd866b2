/**
 * The profiles of an account (PROFILE-1..8 in docs/requirements.md): list, create (at most
 * {@link MAX_PROFILES}), update, remove (with the profile's personal data; the default profile,
 * whose id is the account's, stays) and the session's switch to another one. A kids' profile
 * carries a rating limit (PROFILE-7); an adult one may carry a PIN, which a switch to it, and a
 * change or removal of it from another profile, must give (PROFILE-8). Profiles are managed from
 * adult profiles only.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import {
  DEFAULT_KIDS_RATING_AGE,
  DEFAULT_PROFILE_KEPT,
  MAIN_PROFILE_ADULT,
  MANAGE_FROM_ADULT,
  MAX_PROFILES,
  PIN_ADULTS_ONLY,
  PIN_REQUIRED,
  PROFILE_NOT_FOUND,
  TOO_MANY_PROFILES,
  WRONG_PIN,
  type Profile,
  type ProfileKind,
  type Profiles,
} from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { AttemptsLimitedError, DomainError } from '../../lib/domain-error.ts';
import {
  deleteProfile,
  findProfileLock,
  insertProfile,
  listProfiles,
  setActiveProfile,
  updateProfile,
  type ProfileFields,
  type ProfileLock,
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

/** 400: a PIN given for a kids' profile. */
export class ProfileInputError extends DomainError {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'ProfileInputError';
  }
}

/** 403: a locked profile without its PIN or with a wrong one, or management from a kids' profile. */
export class ProfileLockedError extends DomainError {
  readonly statusCode = 403;
  constructor(message: string) {
    super(message);
    this.name = 'ProfileLockedError';
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

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keyLength: number,
) => Promise<Buffer>;
const PIN_KEY_BYTES = 32;

/** A PIN's stored form: scrypt with a random 16-byte salt, `salt:key` in hex. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(pin, salt, PIN_KEY_BYTES);
  return `${salt.toString('hex')}:${key.toString('hex')}`;
}

/** Whether `pin` is the one `stored` ({@link hashPin}'s form) was made from; constant time. */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [saltHex, keyHex] = stored.split(':');
  if (!saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const key = await scryptAsync(pin, Buffer.from(saltHex, 'hex'), expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The signed-in account and session a profile call acts for. */
export interface ProfileActor {
  /** The account's id (the default profile's id too). */
  userId: string;
  sessionId: string;
  /** The session's active profile. */
  activeId: string;
  /** Whether the active profile is a kids' profile (it has a rating limit). */
  activeIsKids: boolean;
  /**
   * Counts one PIN attempt against the sign-in limits (PROFILE-8).
   * @returns null to go ahead, or the wait in seconds and the message of the 429.
   */
  countPinAttempt: () => Promise<{ retryAfterSeconds: number; message: string } | null>;
}

/** What a create or an update may set, as the calls take it. */
export interface ProfileInput {
  name?: string | undefined;
  avatar?: string | undefined;
  kind?: ProfileKind | undefined;
  maxRatingAge?: number | undefined;
  showUnrated?: boolean | undefined;
  newPin?: string | null | undefined;
}

export class ProfilesService {
  constructor(private readonly db: Database) {}

  /** The account's profiles in order, and the session's active one. */
  async list(actor: ProfileActor): Promise<Profiles> {
    return { profiles: await listProfiles(this.db, actor.userId), active: actor.activeId };
  }

  /**
   * Adds a profile: an adult one (optionally with a PIN) or a kids' one with a rating limit
   * ({@link DEFAULT_KIDS_RATING_AGE} when none is given).
   * @throws ProfileLockedError (403) from a kids' profile; ProfileInputError (400) for a kids'
   *   profile with a PIN; ProfileConflictError (409) when the account holds
   *   {@link MAX_PROFILES} already.
   */
  async create(
    actor: ProfileActor,
    input: ProfileInput & { name: string; avatar: string },
  ): Promise<Profile> {
    this.assertManager(actor);
    const kind = input.kind ?? 'adult';
    const fields = await this.fieldsFor(kind, input);
    const profile = await insertProfile(
      this.db,
      actor.userId,
      { id: newProfileId(), name: input.name, avatar: input.avatar, kind, ...fields },
      MAX_PROFILES,
    );
    if (!profile) throw new ProfileConflictError(TOO_MANY_PROFILES);
    return profile;
  }

  /**
   * Changes a profile; sessions that have it active take its new rating limit at once.
   * @throws ProfileNotFoundError (404) for an id not of the account; ProfileLockedError (403)
   *   from a kids' profile, or for a locked profile (not the active one) without its right
   *   `pin`; AttemptsLimitedError (429) past the PIN limits; ProfileInputError (400) for a kids'
   *   profile with a PIN; ProfileConflictError (409) to make the main profile a kids' one.
   */
  async update(
    actor: ProfileActor,
    id: string,
    input: ProfileInput,
    pin?: string,
  ): Promise<Profile> {
    this.assertManager(actor);
    const lock = await this.unlock(actor, id, pin);
    if (input.kind === 'kids' && id === actor.userId) {
      throw new ProfileConflictError(MAIN_PROFILE_ADULT);
    }
    const kind = input.kind ?? lock.kind;
    const fields: ProfileFields = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      ...(input.kind !== undefined ? { kind: input.kind } : {}),
      ...(await this.fieldsFor(kind, input, lock)),
    };
    const profile = await updateProfile(this.db, actor.userId, id, fields);
    if (!profile) throw new ProfileNotFoundError();
    return profile;
  }

  /**
   * Removes the profile and its personal data; a session that had it active (this one, or any
   * other of the account's) goes back to the default profile.
   * @throws ProfileNotFoundError (404) for an id not of the account; ProfileLockedError (403)
   *   from a kids' profile or for a locked profile without its right `pin`; AttemptsLimitedError
   *   (429); ProfileConflictError (409) for the default profile, the last one an account keeps.
   */
  async remove(actor: ProfileActor, id: string, pin?: string): Promise<Profiles> {
    this.assertManager(actor);
    if (id === actor.userId) {
      await this.unlock(actor, id, pin);
      throw new ProfileConflictError(DEFAULT_PROFILE_KEPT);
    }
    await this.unlock(actor, id, pin);
    if (!(await deleteProfile(this.db, actor.userId, id))) throw new ProfileNotFoundError();
    return {
      profiles: await listProfiles(this.db, actor.userId),
      active: actor.activeId === id ? actor.userId : actor.activeId,
    };
  }

  /**
   * Makes a profile the session's active one, with its rating limit.
   * @throws ProfileNotFoundError (404) for an id not of the account; ProfileLockedError (403)
   *   for a locked profile without its right `pin`; AttemptsLimitedError (429) past the limits.
   */
  async switchTo(actor: ProfileActor, id: string, pin?: string): Promise<{ active: string }> {
    await this.unlock(actor, id, pin);
    if (!(await setActiveProfile(this.db, actor.userId, actor.sessionId, id))) {
      throw new ProfileNotFoundError();
    }
    return { active: id };
  }

  /** @throws ProfileLockedError (403) when the session's active profile is a kids' profile. */
  private assertManager(actor: ProfileActor): void {
    if (actor.activeIsKids) throw new ProfileLockedError(MANAGE_FROM_ADULT);
  }

  /**
   * The profile `id` of the account, once its PIN is given when it has one and is not the
   * session's active profile (which was unlocked to become active). Every attempt with a PIN
   * counts against the sign-in limits, right or wrong; a call without one is not an attempt.
   * @throws ProfileNotFoundError, ProfileLockedError, AttemptsLimitedError as the callers say.
   */
  private async unlock(
    actor: ProfileActor,
    id: string,
    pin: string | undefined,
  ): Promise<ProfileLock> {
    const lock = await findProfileLock(this.db, actor.userId, id);
    if (!lock) throw new ProfileNotFoundError();
    if (!lock.pinHash || id === actor.activeId) return lock;
    if (pin === undefined) throw new ProfileLockedError(PIN_REQUIRED);
    const refusal = await actor.countPinAttempt();
    if (refusal) throw new AttemptsLimitedError(refusal.message, refusal.retryAfterSeconds);
    if (!(await pinMatches(pin, lock.pinHash))) throw new ProfileLockedError(WRONG_PIN);
    return lock;
  }

  /**
   * The rating and PIN fields a profile of `kind` stores from `input`: a kids' profile keeps a
   * limit (the given one, its own, or the default) and no PIN; an adult one no limit.
   * @throws ProfileInputError (400) for a PIN on a kids' profile.
   */
  private async fieldsFor(
    kind: ProfileKind,
    input: ProfileInput,
    current?: ProfileLock,
  ): Promise<ProfileFields> {
    if (kind === 'kids') {
      if (typeof input.newPin === 'string') throw new ProfileInputError(PIN_ADULTS_ONLY);
      const becameKids = current?.kind !== 'kids';
      return {
        ...(input.maxRatingAge !== undefined
          ? { maxRatingAge: input.maxRatingAge }
          : becameKids
            ? { maxRatingAge: DEFAULT_KIDS_RATING_AGE }
            : {}),
        ...(input.showUnrated !== undefined ? { showUnrated: input.showUnrated } : {}),
        ...(becameKids && current?.pinHash ? { pinHash: null } : {}),
      };
    }
    return {
      ...(current?.kind === 'kids' || !current ? { maxRatingAge: null, showUnrated: false } : {}),
      ...(input.newPin === undefined
        ? {}
        : { pinHash: input.newPin === null ? null : await hashPin(input.newPin) }),
    };
  }
}
