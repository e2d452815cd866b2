/**
 * Server-side rules the identity library does not know (spec section 5, decisions.md): the
 * sign-up e-mail format and domain, the username, and the password minimum. Each failure is an
 * answer in better-auth's error shape, `{ code, message }`, so the app shows `message` as it
 * shows the library's own errors.
 */
import { z } from 'zod';

/** A refusal: the HTTP status and the `{ code, message }` body. */
export interface RuleFailure {
  status: number;
  code: string;
  message: string;
}

/** Spec section 5 messages. */
export const RULE_MESSAGES = {
  invalidEmail: 'Invalid email format.',
  unsupportedDomain: 'Unsupported email provider. Use Gmail, Outlook, Yahoo, etc.',
  usernameRequired: 'Username is required.',
} as const;

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
 * Spec section 5: exactly one '@' with a non-empty domain. Addresses the identity library
 * would still refuse (spaces, no local part) count as malformed too, so one message covers both.
 */
export function isWellFormedEmail(email: string): boolean {
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

function checkPassword(password: unknown, settings: RuleSettings): RuleFailure | null {
  if (typeof password === 'string' && password.length < settings.passwordMinLength) {
    return fail('PASSWORD_TOO_SHORT', passwordTooShortMessage(settings.passwordMinLength));
  }
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
  if (typeof name !== 'string' || name.trim() === '') {
    return fail('USERNAME_REQUIRED', RULE_MESSAGES.usernameRequired);
  }
  return checkPassword(password, settings);
}

/** Checks a `reset-password` body `{ newPassword, token }` against the password minimum. */
export function checkPasswordReset(body: unknown, settings: RuleSettings): RuleFailure | null {
  return checkPassword((body as Record<string, unknown> | undefined)?.newPassword, settings);
}
