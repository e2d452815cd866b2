/**
 * The profile screens' rules (PROFILE-1, PROFILE-7, PROFILE-8 in docs/requirements.md): the
 * messages, how a limit and a kind read, what a form sends, and which message an error shows.
 * Free of React, so the unit tests read it in Node.
 */
import {
  MANAGE_FROM_ADULT,
  MAX_PROFILE_NAME_LENGTH,
  PROFILE_AVATARS,
  RATING_LIMITS,
  DEFAULT_KIDS_RATING_AGE,
  type Profile,
  type ProfileKind,
} from '@pigostream/contracts';
import { ApiError } from '../../lib/api-client.ts';
import type { NewProfile, ProfileChanges } from './api/profiles.ts';

/** What the profile screens say. */
export const PROFILE_MESSAGES = {
  /** PROFILE-8: the manage page on a kids' profile. */
  manageFromAdult: MANAGE_FROM_ADULT,
  added: 'Profile added.',
  saved: 'Profile saved.',
  removed: 'Profile removed.',
  nameRequired: 'Please enter a name.',
  pinFormat: 'A PIN is 4 digits.',
} as const;

/** Whether `text` is a PIN: exactly 4 digits (PROFILE-8). */
export function isPin(text: string): boolean {
  return /^\d{4}$/.test(text);
}

/**
 * How a kids' profile's limit reads (PROFILE-7, DEC-31): the label of contracts' `RATING_LIMITS`
 * for its age ('10 and up'), else 'Up to age N' for an age the list does not offer.
 */
export function ratingLimitLabel(age: number): string {
  return RATING_LIMITS.find((limit) => limit.age === age)?.label ?? `Up to age ${String(age)}`;
}

/** A profile's kind as its badge reads: 'Kids · 10 and up', or 'Adult' (PROFILE-7). */
export function kindLabel(profile: Pick<Profile, 'kind' | 'maxRatingAge'>): string {
  return profile.kind === 'kids'
    ? `Kids · ${ratingLimitLabel(profile.maxRatingAge ?? DEFAULT_KIDS_RATING_AGE)}`
    : 'Adult';
}

/** The removal dialog's question, which says what goes with the profile (PROFILE-5). */
export function removalQuestion(name: string): string {
  return `Remove ${name}? Its My List, Watch History, searches and watch progress are removed with it.`;
}

/** Whether `error` is the server's 429 of too many PIN attempts (PROFILE-8). */
export function isTooManyAttempts(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/**
 * The message an error of a profile call shows (PROFILE-6, ERR-1 in docs/requirements.md): the
 * server's own text for what it refused (400, 403, 404, 409, 429: 'Wrong PIN.', 'An account holds
 * at most 6 profiles.'), else the app's ERR-1 message the {@link ApiError} carries.
 */
export function profileErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const { status, detail } = error;
    if (detail && status !== undefined && status >= 400 && status < 500) return detail;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The add or edit form's values (PROFILE-1, PROFILE-7, PROFILE-8). */
export interface ProfileDraft {
  name: string;
  avatar: string;
  kind: ProfileKind;
  /** The kids' limit chosen (kept while the kind is adult, sent only for kids). */
  maxRatingAge: number;
  showUnrated: boolean;
  /** A new PIN typed (adults); '' for none. */
  pin: string;
  /** Clear the profile's PIN (adults that have one). */
  clearPin: boolean;
}

/** The first avatar none of `profiles` has, else the first (PROFILE-1). */
export function nextAvatar(profiles: readonly Pick<Profile, 'avatar'>[]): string {
  const used = new Set(profiles.map((p) => p.avatar));
  return PROFILE_AVATARS.find((avatar) => !used.has(avatar)) ?? PROFILE_AVATARS[0] ?? 'avatar-1';
}

/**
 * The form's first values: `profile`'s own when editing, else a new adult profile with
 * `avatar` (the next free one), the default kids' limit and unrated titles hidden (PROFILE-7).
 */
export function draftOf(profile: Profile | undefined, avatar: string): ProfileDraft {
  return {
    name: profile?.name ?? '',
    avatar: profile?.avatar ?? avatar,
    kind: profile?.kind ?? 'adult',
    maxRatingAge: profile?.maxRatingAge ?? DEFAULT_KIDS_RATING_AGE,
    showUnrated: profile?.showUnrated ?? false,
    pin: '',
    clearPin: false,
  };
}

/**
 * What is wrong with `draft` before it is sent (PROFILE-1, PROFILE-8): a missing or too long name,
 * or a PIN not of 4 digits.
 */
export function draftProblem(draft: ProfileDraft): string | null {
  const name = draft.name.trim();
  if (!name) return PROFILE_MESSAGES.nameRequired;
  if (name.length > MAX_PROFILE_NAME_LENGTH) {
    return `A name is at most ${String(MAX_PROFILE_NAME_LENGTH)} characters.`;
  }
  if (draft.kind === 'adult' && !draft.clearPin && draft.pin !== '' && !isPin(draft.pin)) {
    return PROFILE_MESSAGES.pinFormat;
  }
  return null;
}

/** The kind's own fields of `draft`: a kids' limit, or an adult's PIN when one was typed. */
function kindFields(draft: ProfileDraft): Omit<NewProfile, 'name' | 'avatar'> {
  if (draft.kind === 'kids') {
    return { kind: 'kids', maxRatingAge: draft.maxRatingAge, showUnrated: draft.showUnrated };
  }
  if (draft.clearPin) return { kind: 'adult', newPin: null };
  return { kind: 'adult', ...(draft.pin ? { newPin: draft.pin } : {}) };
}

/** `POST /profiles/create`'s body for `draft` (PROFILE-6). */
export function createBody(draft: ProfileDraft): NewProfile {
  return { name: draft.name.trim(), avatar: draft.avatar, ...kindFields(draft) };
}

/**
 * `POST /profiles/update`'s body for `draft` of `profile` (PROFILE-6): its id and only what
 * changed (a kids' limit whenever it is kids', so a change of kind carries it).
 */
export function updateBody(profile: Profile, draft: ProfileDraft): ProfileChanges {
  const name = draft.name.trim();
  const fields = kindFields(draft);
  const changes: ProfileChanges = { id: profile.id };
  if (name !== profile.name) changes.name = name;
  if (draft.avatar !== profile.avatar) changes.avatar = draft.avatar;
  if (fields.kind !== profile.kind) changes.kind = fields.kind;
  if (fields.kind === 'kids') {
    if (fields.maxRatingAge !== profile.maxRatingAge) changes.maxRatingAge = fields.maxRatingAge;
    if (fields.showUnrated !== profile.showUnrated) changes.showUnrated = fields.showUnrated;
  } else if (fields.newPin !== undefined && (fields.newPin !== null || profile.hasPin)) {
    changes.newPin = fields.newPin;
  }
  return changes;
}

/** Whether `changes` (PROFILE-6's update body) changes nothing but names its profile. */
export function changesNothing(changes: ProfileChanges): boolean {
  return Object.keys(changes).length === 1;
}

/**
 * Whether changing or removing `profile` needs its PIN (PROFILE-8): it is locked and not the
 * session's `active` profile (which was unlocked to become active).
 */
export function needsPin(profile: Pick<Profile, 'id' | 'hasPin'>, active: string): boolean {
  return profile.hasPin && profile.id !== active;
}
