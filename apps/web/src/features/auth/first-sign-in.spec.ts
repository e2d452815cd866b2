/**
 * Unit tests of the first sign-in welcome (AUTH-11 in docs/requirements.md): stored once per user
 * and browser.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from './api/get-me.ts';

/** A Storage kept in memory, standing in for the browser's local and session storage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

// Before the stores are imported (below, dynamically): they bind their storage when created.
vi.stubGlobal('localStorage', memoryStorage());
vi.stubGlobal('sessionStorage', memoryStorage());

const { useSessionStore } = await import('../../lib/session-store.ts');
const { forgetWelcomedUser, rememberWelcomeIfFirst, WELCOMED_USER_KEY } =
  await import('./first-sign-in.ts');

const CREATED = '2026-11-01T10:00:00.000Z';

function user(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    uid: 'u1',
    displayName: 'kim',
    email: 'kim@gmail.com',
    emailVerified: true,
    photoURL: null,
    phoneNumber: null,
    providerData: [],
    creationTime: CREATED,
    lastSignInTime: CREATED,
    ...overrides,
  };
}

const welcome = () => useSessionStore.getState().welcomeMessage;

describe('rememberWelcomeIfFirst', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().set({ welcomeMessage: null });
  });

  it('stores the welcome for a verified user on their first-ever session', () => {
    rememberWelcomeIfFirst(user());
    expect(welcome()).toBe('Welcome to PigoStream!');
    expect(localStorage.getItem(WELCOMED_USER_KEY)).toBe('u1');
  });

  it('stores nothing for an unverified user, a later session or no user', () => {
    rememberWelcomeIfFirst(user({ emailVerified: false }));
    rememberWelcomeIfFirst(user({ lastSignInTime: '2026-11-01T10:05:00.000Z' }));
    rememberWelcomeIfFirst(null);
    rememberWelcomeIfFirst(undefined);
    expect(welcome()).toBeNull();
    expect(localStorage.getItem(WELCOMED_USER_KEY)).toBeNull();
  });

  it('welcomes each user once per browser, until sign-out forgets it', () => {
    rememberWelcomeIfFirst(user());
    useSessionStore.getState().set({ welcomeMessage: null }); // Home showed and deleted it.
    rememberWelcomeIfFirst(user());
    expect(welcome()).toBeNull();

    rememberWelcomeIfFirst(user({ uid: 'u2' }));
    expect(welcome()).toBe('Welcome to PigoStream!');

    forgetWelcomedUser();
    expect(localStorage.getItem(WELCOMED_USER_KEY)).toBeNull();
  });
});
