/** The profile screens' rules (PROFILE-1, PROFILE-7, PROFILE-8 in docs/requirements.md). */
import {
  createProfileBodySchema,
  DEFAULT_KIDS_RATING_AGE,
  NOT_AVAILABLE_ON_PROFILE,
  PROFILE_AVATARS,
  RATING_LIMITS,
  updateProfileBodySchema,
  WRONG_PIN,
  type Profile,
} from '@pigostream/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES, ApiError } from '../../lib/api-client.ts';
import {
  changesNothing,
  createBody,
  draftOf,
  draftProblem,
  isPin,
  isTooManyAttempts,
  kindLabel,
  needsPin,
  nextAvatar,
  PROFILE_MESSAGES,
  profileErrorMessage,
  ratingLimitLabel,
  removalQuestion,
  updateBody,
  type ProfileDraft,
} from './profile-rules.ts';

const ADULT: Profile = {
  id: 'u1',
  name: 'Sam',
  avatar: 'avatar-1',
  kind: 'adult',
  maxRatingAge: null,
  showUnrated: false,
  hasPin: false,
};
const KID: Profile = {
  ...ADULT,
  id: 'p_kid',
  name: 'Mia',
  avatar: 'avatar-5',
  kind: 'kids',
  maxRatingAge: 7,
};

/** A draft of `profile` (a new adult one when undefined) with `values` typed over it. */
function draft(profile: Profile | undefined, values: Partial<ProfileDraft> = {}): ProfileDraft {
  return { ...draftOf(profile, 'avatar-3'), ...values };
}

describe('isPin (PROFILE-8)', () => {
  it('takes exactly 4 digits', () => {
    expect(['0000', '1234', '9876'].map(isPin)).toEqual([true, true, true]);
    expect(['', '123', '12345', '12a4', ' 1234', '１２３４'].map(isPin)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('labels (PROFILE-7)', () => {
  it("reads a limit by contracts' RATING_LIMITS, else by its age", () => {
    for (const limit of RATING_LIMITS) expect(ratingLimitLabel(limit.age)).toBe(limit.label);
    expect(ratingLimitLabel(17)).toBe('Up to age 17');
  });

  it("names a kids' profile's limit on its badge; an adult one is 'Adult'", () => {
    expect(kindLabel(KID)).toBe('Kids · 7 and up');
    expect(kindLabel({ kind: 'kids', maxRatingAge: null })).toBe(
      `Kids · ${ratingLimitLabel(DEFAULT_KIDS_RATING_AGE)}`,
    );
    expect(kindLabel(ADULT)).toBe('Adult');
  });

  it('says that the lists and the history go with a removed profile (PROFILE-5)', () => {
    const question = removalQuestion('Mia');
    expect(question).toMatch(/^Remove Mia\?/);
    expect(question).toContain('My List');
    expect(question).toContain('Watch History');
  });
});

describe('profileErrorMessage', () => {
  it("shows the server's own text for what it refused", () => {
    for (const status of [400, 403, 404, 409, 429]) {
      const error = new ApiError(API_MESSAGES.notOk, { status, detail: WRONG_PIN });
      expect(profileErrorMessage(error)).toBe(WRONG_PIN);
    }
  });

  it("shows the app's ERR-1 message otherwise", () => {
    expect(
      profileErrorMessage(new ApiError(API_MESSAGES.notOk, { status: 500, detail: 'x' })),
    ).toBe(API_MESSAGES.notOk);
    expect(profileErrorMessage(new ApiError(API_MESSAGES.noResponse))).toBe(
      API_MESSAGES.noResponse,
    );
    expect(profileErrorMessage(new ApiError(API_MESSAGES.notOk, { status: 403 }))).toBe(
      API_MESSAGES.notOk,
    );
    expect(profileErrorMessage(new Error('boom'))).toBe('boom');
  });

  it('tells too many PIN attempts (429) apart', () => {
    expect(isTooManyAttempts(new ApiError('x', { status: 429 }))).toBe(true);
    expect(isTooManyAttempts(new ApiError('x', { status: 403 }))).toBe(false);
    expect(isTooManyAttempts(new Error(NOT_AVAILABLE_ON_PROFILE))).toBe(false);
  });
});

describe('needsPin (PROFILE-8)', () => {
  it('asks for the PIN of a locked profile that is not the active one', () => {
    const locked = { ...ADULT, id: 'p_dad', hasPin: true };
    expect(needsPin(locked, 'u1')).toBe(true);
    expect(needsPin(locked, 'p_dad')).toBe(false);
    expect(needsPin(ADULT, 'p_kid')).toBe(false);
  });
});

describe('nextAvatar (PROFILE-1)', () => {
  it('gives the first avatar no profile has, else the first', () => {
    expect(nextAvatar([])).toBe('avatar-1');
    expect(nextAvatar([{ avatar: 'avatar-1' }, { avatar: 'avatar-3' }])).toBe('avatar-2');
    expect(nextAvatar(PROFILE_AVATARS.map((avatar) => ({ avatar })))).toBe('avatar-1');
  });
});

describe('the form (PROFILE-1, PROFILE-7, PROFILE-8)', () => {
  it('starts a new profile as an adult one with the default limit and unrated titles hidden', () => {
    expect(draftOf(undefined, 'avatar-4')).toEqual({
      name: '',
      avatar: 'avatar-4',
      kind: 'adult',
      maxRatingAge: DEFAULT_KIDS_RATING_AGE,
      showUnrated: false,
      pin: '',
      clearPin: false,
    });
    expect(draftOf(KID, 'avatar-4')).toMatchObject({
      name: 'Mia',
      avatar: 'avatar-5',
      kind: 'kids',
    });
  });

  it('refuses a blank name and a PIN that is not 4 digits', () => {
    expect(draftProblem(draft(undefined, { name: '  ' }))).toBe(PROFILE_MESSAGES.nameRequired);
    expect(draftProblem(draft(undefined, { name: 'x'.repeat(31) }))).toMatch(/at most 30/);
    expect(draftProblem(draft(undefined, { name: 'Dad', pin: '12' }))).toBe(
      PROFILE_MESSAGES.pinFormat,
    );
    expect(draftProblem(draft(undefined, { name: 'Dad', pin: '1234' }))).toBeNull();
    // A kids' profile has no PIN, whatever was typed before its kind changed.
    expect(draftProblem(draft(undefined, { name: 'Mia', kind: 'kids', pin: '12' }))).toBeNull();
  });

  it("creates an adult profile with its PIN, a kids' one with its limit and no PIN", () => {
    expect(createBody(draft(undefined, { name: ' Dad ', pin: '1234' }))).toEqual({
      name: 'Dad',
      avatar: 'avatar-3',
      kind: 'adult',
      newPin: '1234',
    });
    expect(createBody(draft(undefined, { name: 'Dad' }))).toEqual({
      name: 'Dad',
      avatar: 'avatar-3',
      kind: 'adult',
    });
    expect(
      createBody(draft(undefined, { name: 'Mia', kind: 'kids', maxRatingAge: 0, pin: '1234' })),
    ).toEqual({
      name: 'Mia',
      avatar: 'avatar-3',
      kind: 'kids',
      maxRatingAge: 0,
      showUnrated: false,
    });
  });

  it('changes only what changed', () => {
    expect(changesNothing(updateBody(ADULT, draft(ADULT)))).toBe(true);
    expect(updateBody(ADULT, draft(ADULT, { name: 'Samuel', avatar: 'avatar-2' }))).toEqual({
      id: 'u1',
      name: 'Samuel',
      avatar: 'avatar-2',
    });
    expect(updateBody(KID, draft(KID, { showUnrated: true }))).toEqual({
      id: 'p_kid',
      showUnrated: true,
    });
    // Kids to adult, and adult to kids with the limit chosen.
    expect(updateBody(KID, draft(KID, { kind: 'adult' }))).toEqual({ id: 'p_kid', kind: 'adult' });
    expect(updateBody(ADULT, draft(ADULT, { kind: 'kids', maxRatingAge: 13 }))).toEqual({
      id: 'u1',
      kind: 'kids',
      maxRatingAge: 13,
    });
  });

  it('sets, changes and clears a PIN; clearing one there is not sends nothing', () => {
    const locked = { ...ADULT, hasPin: true };
    expect(updateBody(ADULT, draft(ADULT, { pin: '4321' }))).toEqual({ id: 'u1', newPin: '4321' });
    expect(updateBody(locked, draft(locked, { pin: '4321' }))).toEqual({
      id: 'u1',
      newPin: '4321',
    });
    expect(updateBody(locked, draft(locked, { clearPin: true }))).toEqual({
      id: 'u1',
      newPin: null,
    });
    expect(changesNothing(updateBody(ADULT, draft(ADULT, { clearPin: true })))).toBe(true);
    expect(changesNothing(updateBody(locked, draft(locked)))).toBe(true);
  });

  it("sends only bodies the server's schemas take, whatever the form holds", () => {
    const drafts = fc.record({
      name: fc.string({ minLength: 1, maxLength: 20 }).filter((n) => /^[A-Za-z]/.test(n)),
      avatar: fc.constantFrom(...PROFILE_AVATARS),
      kind: fc.constantFrom('adult' as const, 'kids' as const),
      maxRatingAge: fc.constantFrom(...RATING_LIMITS.map((limit) => limit.age)),
      showUnrated: fc.boolean(),
      pin: fc.constantFrom('', '1234', '0000'),
      clearPin: fc.boolean(),
    });
    fc.assert(
      fc.property(drafts, fc.constantFrom(ADULT, KID, { ...ADULT, hasPin: true }), (d, p) => {
        expect(draftProblem(d)).toBeNull();
        expect(createProfileBodySchema.safeParse(createBody(d)).success).toBe(true);
        expect(updateProfileBodySchema.safeParse(updateBody(p, d)).success).toBe(true);
      }),
    );
  });
});
