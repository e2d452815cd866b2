/**
 * Unit tests of the sign-in form's checks (VALID-1..12 in docs/requirements.md) and the first
 * sign-in rule (AUTH-11).
 */
import { describe, expect, it } from 'vitest';
import type { AuthUser } from './api/get-me.ts';
import { FIRST_SIGN_IN_TOLERANCE_MS, isFirstSignIn } from './first-sign-in.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { emailDomain, validateAuthForm } from './validation.ts';

const DOMAINS = ['gmail.com', 'outlook.com'];
const signUp = { isSignIn: false, userName: 'kim', email: 'kim@gmail.com', password: 'secret' };

describe('emailDomain', () => {
  it('needs exactly one @ with text on both sides', () => {
    expect(emailDomain('kim@GMail.com')).toBe('gmail.com');
    for (const bad of ['kim', 'kim@', '@gmail.com', 'a@b@gmail.com', 'kim@@gmail.com']) {
      expect(emailDomain(bad)).toBeNull();
    }
  });
});

describe('validateAuthForm', () => {
  it('accepts a complete sign-up with an allowed domain, in any case', () => {
    expect(validateAuthForm({ ...signUp, email: 'kim@Outlook.COM' }, DOMAINS)).toBeNull();
  });

  it('checks sign-up fields in order with the spec messages', () => {
    expect(validateAuthForm({ ...signUp, userName: '' }, DOMAINS)).toEqual({
      field: 'userName',
      message: AUTH_MESSAGES.userNameRequired,
    });
    expect(validateAuthForm({ ...signUp, email: '' }, DOMAINS)?.message).toBe(
      AUTH_MESSAGES.emailRequired,
    );
    expect(validateAuthForm({ ...signUp, email: 'kim.gmail.com' }, DOMAINS)?.message).toBe(
      'Invalid email format.',
    );
    expect(validateAuthForm({ ...signUp, email: 'kim@example.com' }, DOMAINS)?.message).toBe(
      'Unsupported email provider. Use Gmail, Outlook, Yahoo, etc.',
    );
    expect(validateAuthForm({ ...signUp, password: '' }, DOMAINS)?.field).toBe('password');
  });

  it('sign-in only requires an e-mail and a password', () => {
    const signIn = { ...signUp, isSignIn: true, userName: '' };
    expect(validateAuthForm({ ...signIn, email: 'kim@example.com' }, DOMAINS)).toBeNull();
    expect(validateAuthForm({ ...signIn, email: '' }, DOMAINS)?.field).toBe('email');
    expect(validateAuthForm({ ...signIn, password: '' }, DOMAINS)?.field).toBe('password');
  });
});

describe('isFirstSignIn', () => {
  const at = (created: number, signedIn: number) =>
    ({
      creationTime: new Date(created).toISOString(),
      lastSignInTime: new Date(signedIn).toISOString(),
    }) as AuthUser;

  it('counts equal times, within the tolerance, as the first sign-in', () => {
    expect(isFirstSignIn(at(1_000_000, 1_000_000))).toBe(true);
    expect(isFirstSignIn(at(1_000_000, 1_000_000 + FIRST_SIGN_IN_TOLERANCE_MS))).toBe(true);
    expect(isFirstSignIn(at(1_000_000, 1_000_001 + FIRST_SIGN_IN_TOLERANCE_MS))).toBe(false);
  });
});
