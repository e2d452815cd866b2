/** What a device remembers of an account's profiles (PROFILE-3 in docs/requirements.md). */
import { describe, expect, it } from 'vitest';
import {
  knownActiveProfile,
  PROFILE_MEMORY_PREFIX,
  readProfileMemory,
  rememberProfile,
} from './profile-memory.ts';

/** Nothing remembered. */
const NOTHING = { last: null, session: null, active: null, activeSession: null };

/** A Storage held in a map. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => {
      values.clear();
    },
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => {
      values.delete(key);
    },
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

describe('profile memory (PROFILE-3)', () => {
  it('remembers the last profile and the session offered, per account', () => {
    const store = memoryStorage();
    expect(readProfileMemory('u1', store)).toEqual(NOTHING);
    rememberProfile('u1', { session: '2026-01-01T10:00:00.000Z' }, store);
    rememberProfile('u1', { last: 'p_kid' }, store);
    expect(readProfileMemory('u1', store)).toEqual({
      ...NOTHING,
      last: 'p_kid',
      session: '2026-01-01T10:00:00.000Z',
    });
    expect(readProfileMemory('u2', store)).toEqual(NOTHING);
    expect(store.getItem(`${PROFILE_MEMORY_PREFIX}u1`)).not.toBeNull();
  });

  it('reads an edited or foreign value as nothing remembered', () => {
    const store = memoryStorage();
    for (const value of ['{', 'null', '42', '"x"', '{"last":7,"session":["a"]}']) {
      store.setItem(`${PROFILE_MEMORY_PREFIX}u1`, value);
      expect(readProfileMemory('u1', store)).toEqual(NOTHING);
    }
  });

  it("knows the session's active profile only for the session it saw it in (PROFILE-4)", () => {
    const store = memoryStorage();
    const user = { uid: 'u1', lastSignInTime: '2026-01-01T10:00:00.000Z' };
    // A new session starts on the default profile, whose id is the user id.
    expect(knownActiveProfile(user, store)).toBe('u1');
    rememberProfile('u1', { active: 'p_kid', activeSession: user.lastSignInTime }, store);
    expect(knownActiveProfile(user, store)).toBe('p_kid');
    expect(knownActiveProfile({ ...user, lastSignInTime: '2026-02-01T10:00:00.000Z' }, store)).toBe(
      'u1',
    );
    expect(knownActiveProfile({ ...user, uid: 'u2' }, store)).toBe('u2');
    expect(knownActiveProfile(user, undefined)).toBe('u1');
  });

  it('does without storage', () => {
    rememberProfile('u1', { last: 'p_kid' }, undefined);
    expect(readProfileMemory('u1', undefined)).toEqual(NOTHING);
    const full = memoryStorage();
    full.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => {
      rememberProfile('u1', { last: 'p' }, full);
    }).not.toThrow();
  });
});
