/**
 * Server-side rules the identity library does not know (VALID-1..12 in docs/requirements.md, DEC-8
 * in docs/decisions.md): the sign-up e-mail format and domain, the display name (1-64 characters,
 * no control characters), and new passwords (the minimum length, not only whitespace). Each failure
 * is an answer in better-auth's error shape, `{ code, message }`, so the app shows `message` as it
 * shows the library's own errors.
 */
import { z } from 'zod';

/** A refusal: the HTTP status and the `{ code, message }` body. */
export interface RuleFailure {
  status: number;
  code: string;
  message: string;
}

/** VALID-1..12 messages. */
export const RULE_MESSAGES = {
  invalidEmail: 'Invalid email format.',
  unsupportedDomain: 'Unsupported email provider. Use Gmail, Outlook, Yahoo, etc.',
  usernameRequired: 'Username is required.',
  usernameTooLong: 'Username must be at most 64 characters.',
  usernameInvalid: 'Username contains characters that are not allowed.',
  passwordBlank: 'Password cannot be only spaces.',
} as const;

/** Longest display name, in characters after trimming (SEC-7). */
export const NAME_MAX_LENGTH = 64;
/**
 * Longest e-mail address, in characters (RFC 5321's 254): addresses are keys of unique indexes
 * and of the attempt counters, whose rows must stay within an index's limit (ROB-1 of
 * docs/robustness.md).
 */
export const EMAIL_MAX_LENGTH = 254;

/** The message for a password shorter than `min` characters. */
export function passwordTooShortMessage(min: number): string {
  return `Password should be at least ${min} characters.`;
}

/** The configurable rules: ALLOWED_EMAIL_DOMAINS and PASSWORD_MIN_LENGTH. */
export interface RuleSettings {
  /** Lower-cased allowed domains. */
  allowedEmailDomains: readonly string[];
  /** Shortest accepted password, in characters. */
  passwordMinLength: number;
}

const emailSchema = z.email();

/**
 * VALID-1, VALID-2, VALID-6: exactly one '@' with a non-empty domain. Addresses the identity
 * library would still refuse (spaces, no local part) count as malformed too, so one message covers
 * both.
 */
export function isWellFormedEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const parts = email.split('@');
  return parts.length === 2 && parts[1] !== '' && emailSchema.safeParse(email).success;
}

/** The domain after '@', lower-cased. */
export function emailDomain(email: string): string {
  return (email.split('@')[1] ?? '').toLowerCase();
}

function fail(code: string, message: string): RuleFailure {
  return { status: 400, code, message };
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Checks a display name (sign-up's username, update-user's name): 1 to {@link NAME_MAX_LENGTH}
 * characters after trimming, no control characters. Returns null when it may be used.
 */
export function checkName(name: unknown): RuleFailure | null {
  if (typeof name !== 'string' || name.trim() === '') {
    return fail('USERNAME_REQUIRED', RULE_MESSAGES.usernameRequired);
  }
  if (Array.from(name.trim()).length > NAME_MAX_LENGTH) {
    return fail('USERNAME_TOO_LONG', RULE_MESSAGES.usernameTooLong);
  }
  if (CONTROL_CHARACTERS.test(name)) return fail('USERNAME_INVALID', RULE_MESSAGES.usernameInvalid);
  return null;
}

/**
 * Checks a new password: at least the configured minimum of characters, and not only
 * whitespace. A missing password is left to the identity library's own message.
 */
export function checkPassword(password: unknown, settings: RuleSettings): RuleFailure | null {
  if (typeof password !== 'string') return null;
  if (password.length < settings.passwordMinLength) {
    return fail('PASSWORD_TOO_SHORT', passwordTooShortMessage(settings.passwordMinLength));
  }
  if (password.trim() === '') return fail('PASSWORD_BLANK', RULE_MESSAGES.passwordBlank);
  return null;
}

/**
 * Checks a `sign-up/email` body `{ name, email, password }`: e-mail format, then domain, then
 * username, then password length. Returns null when the library may take it from here.
 */
export function checkSignUp(body: unknown, settings: RuleSettings): RuleFailure | null {
  const { name, email, password } = (body ?? {}) as Record<string, unknown>;
  if (typeof email !== 'string' || !isWellFormedEmail(email)) {
    return fail('INVALID_EMAIL', RULE_MESSAGES.invalidEmail);
  }
  if (!settings.allowedEmailDomains.includes(emailDomain(email))) {
    return fail('UNSUPPORTED_EMAIL_PROVIDER', RULE_MESSAGES.unsupportedDomain);
  }
  return checkName(name) ?? checkPassword(password, settings);
}

/**
 * Checks the addresses a call names (`email`, `newEmail`), whatever the call: at most
 * {@link EMAIL_MAX_LENGTH} characters, else 400 'Invalid email format.' (ROB-1). Runs before
 * the attempt counters, which are keyed by the address. Returns null when they may be used.
 */
export function checkEmailLengths(body: Record<string, unknown> | undefined): RuleFailure | null {
  for (const key of ['email', 'newEmail']) {
    const value = body?.[key];
    if (typeof value === 'string' && value.length > EMAIL_MAX_LENGTH) {
      return fail('INVALID_EMAIL', RULE_MESSAGES.invalidEmail);
    }
  }
  return null;
}

/**
 * The rules of an identity call other than sign-up, by call (lower case): `reset-password` and
 * `change-password` check `newPassword`; `update-user` checks `name` when it is given.
 * Returns null when the call may go ahead.
 */
export function checkIdentityCall(
  call: string,
  body: Record<string, unknown> | undefined,
  settings: RuleSettings,
): RuleFailure | null {
  switch (call) {
    case 'sign-up/email':
      return checkSignUp(body, settings);
    case 'reset-password':
    case 'change-password':
      return checkPassword(body?.newPassword, settings);
    case 'update-user':
      return body && 'name' in body ? checkName(body.name) : null;
    default:
      return null;
  }
}
