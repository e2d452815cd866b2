/**
 * Household profiles (PROFILE-1..6 in docs/requirements.md): an account holds up to 6 profiles,
 * each with its own My List, Watch History, search history, watch progress and recommendations;
 * the session's active profile is the one the other calls read and write. Profile calls name no
 * user: they act on the signed-in account, and a profile id of another account answers 404.
 */
import { z } from './zod.ts';
import { BODY_OBJECT } from './library.ts';
import { ADULT_RATING_AGE } from './ratings.ts';

/** Most profiles an account holds (PROFILE-1). */
export const MAX_PROFILES = 6;
/** Longest profile name, in characters (after trimming). */
export const MAX_PROFILE_NAME_LENGTH = 30;
/** The bundled avatars a profile picks from: `avatar-1`..`avatar-12`. */
export const PROFILE_AVATARS = Array.from({ length: 12 }, (_, i) => `avatar-${String(i + 1)}`);
/** The kinds of profile: a kids' profile sees only titles within its rating limit (PROFILE-7). */
export const PROFILE_KINDS = ['adult', 'kids'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

/** The message of a create past {@link MAX_PROFILES} (409). */
export const TOO_MANY_PROFILES = `An account holds at most ${String(MAX_PROFILES)} profiles.`;
/** The message of a profile id not of the signed-in account (404). */
export const PROFILE_NOT_FOUND = 'No such profile.';
/** The message of removing the account's default profile, which is also its last one (409). */
export const DEFAULT_PROFILE_KEPT = "The account's main profile cannot be removed.";

/** 403: the profile is locked with a PIN and the call did not give it (PROFILE-8). */
export const PIN_REQUIRED = "Enter this profile's PIN.";
/** 403: the PIN given is not the profile's (each attempt counts against the sign-in limits). */
export const WRONG_PIN = 'Wrong PIN.';
/** 403: profiles are managed from an adult profile only (PROFILE-8). */
export const MANAGE_FROM_ADULT = 'Switch to an adult profile to manage profiles.';
/** 409: the account's main profile stays an adult one, so a kids' profile is never the only one. */
export const MAIN_PROFILE_ADULT = "The account's main profile is an adult profile.";
/** 400: a PIN locks adult profiles only. */
export const PIN_ADULTS_ONLY = "A kids' profile cannot have a PIN.";

/** C0 control characters and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A profile's name: trimmed, 1 to 30 characters, no control characters. */
const profileNameSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'name is required' : 'name must be a string'),
  })
  .check(
    z.trim(),
    z.minLength(1, 'name must not be empty'),
    z.maxLength(
      MAX_PROFILE_NAME_LENGTH,
      `name must be at most ${String(MAX_PROFILE_NAME_LENGTH)} characters`,
    ),
    z.refine((n) => !CONTROL_CHARACTERS.test(n), 'name must not contain control characters'),
  );

const avatarSchema = z.enum(PROFILE_AVATARS as [string, ...string[]], {
  error: `avatar must be one of avatar-1..avatar-${String(PROFILE_AVATARS.length)}`,
});

const kindSchema = z.enum(PROFILE_KINDS, { error: "kind must be 'adult' or 'kids'" });

/** A PIN: exactly 4 digits (PROFILE-8). */
const pinSchema = z
  .string({ error: 'pin must be a string of 4 digits' })
  .check(z.regex(/^\d{4}$/, 'pin must be 4 digits'));

/** A kids' profile's limit: a rating age from 0 to 18 (PROFILE-7, DEC-31). */
const ratingAgeSchema = z
  .number({ error: 'maxRatingAge must be a whole number from 0 to 18' })
  .check(
    z.int('maxRatingAge must be a whole number from 0 to 18'),
    z.gte(0, 'maxRatingAge must be a whole number from 0 to 18'),
    z.lte(ADULT_RATING_AGE, 'maxRatingAge must be a whole number from 0 to 18'),
  );

const showUnratedSchema = z.boolean({ error: 'showUnrated must be true or false' });

/** A profile id as a call names it (1 to 200 characters). */
const profileIdSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'id is required' : 'id must be a string'),
  })
  .check(z.minLength(1, 'id is required'), z.maxLength(200, 'id is too long'));

/** A profile as the calls answer it. */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string(),
  kind: z.enum(PROFILE_KINDS),
  /** A kids' profile's limit on the rating-age scale (PROFILE-7); null for adult profiles. */
  maxRatingAge: z.nullable(z.number()),
  /** Whether a kids' profile sees titles with no known rating. */
  showUnrated: z.boolean(),
  /** Whether the profile is locked with a PIN (PROFILE-8); the PIN itself never leaves. */
  hasPin: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `GET /profiles`, and the answer of a removal: the account's profiles in order, and the active one. */
export const profilesSchema = z.object({ profiles: z.array(profileSchema), active: z.string() });
export type Profiles = z.infer<typeof profilesSchema>;

/**
 * `POST /profiles/create` `{ name, avatar, kind?, maxRatingAge?, showUnrated?, newPin? }`: kind
 * 'adult' by default; a kids' profile's limit is DEFAULT_KIDS_RATING_AGE (10) when not given.
 */
export const createProfileBodySchema = z.object(
  {
    name: profileNameSchema,
    avatar: avatarSchema,
    kind: z.optional(kindSchema),
    maxRatingAge: z.optional(ratingAgeSchema),
    showUnrated: z.optional(showUnratedSchema),
    newPin: z.optional(z.nullable(pinSchema)),
  },
  BODY_OBJECT,
);

/**
 * `POST /profiles/update` `{ id, name?, avatar?, kind?, maxRatingAge?, showUnrated?, newPin?, pin? }`:
 * `newPin` sets (4 digits) or clears (null) the PIN; `pin` unlocks a locked profile that is not
 * the session's active one.
 */
export const updateProfileBodySchema = z.object(
  {
    id: profileIdSchema,
    name: z.optional(profileNameSchema),
    avatar: z.optional(avatarSchema),
    kind: z.optional(kindSchema),
    maxRatingAge: z.optional(ratingAgeSchema),
    showUnrated: z.optional(showUnratedSchema),
    newPin: z.optional(z.nullable(pinSchema)),
    pin: z.optional(pinSchema),
  },
  BODY_OBJECT,
);

/** `POST /profiles/remove` and `POST /profiles/switch`: `{ id, pin? }` (`pin` for a locked profile). */
export const profileIdBodySchema = z.object(
  { id: profileIdSchema, pin: z.optional(pinSchema) },
  BODY_OBJECT,
);

/** `POST /profiles/switch`'s answer: the session's active profile now. */
export const activeProfileSchema = z.object({ active: z.string() });
