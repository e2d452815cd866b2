/**
 * Identity shapes (IDENTITY-API.md; DATA-1, API-AUTH-1 in docs/requirements.md `POST /auth/users`):
 * the product's `/auth/config`, `/auth/me` and `/auth/users`, and what the app reads of
 * better-auth's answers under `/pigo-stream/identity/*`. Built with zod/mini and importable on
 * its own (`@pigostream/contracts/identity`), so the sign-in screen loads no other schema.
 */
import { z } from './zod.ts';

/**
 * `GET /auth/config` (no session): what the sign-in screen needs to know (AUTH-7..17, VALID-1..12).
 */
export const authConfigSchema = z.object({
  /** Google sign-in is configured. */
  google: z.boolean(),
  /** Shortest accepted password, in characters. */
  passwordMinLength: z.int(),
  /** Lower-case e-mail domains sign-up accepts. */
  allowedEmailDomains: z.array(z.string()),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** One identity linked to the user: `providerId` 'credential' (e-mail + password) or 'google'. */
export const providerInfoSchema = z.object({
  providerId: z.string(),
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
});
export type ProviderInfo = z.infer<typeof providerInfoSchema>;

/**
 * The signed-in user of DATA-1, verified or not, as `GET /auth/me` answers it; times are
 * ISO 8601 strings (`lastSignInTime`: when this session started).
 */
export const authUserSchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  photoURL: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  providerData: z.array(providerInfoSchema),
  creationTime: z.string(),
  lastSignInTime: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * `GET /auth/me` answers 200 with the signed-in {@link authUserSchema} user, or 200 `null` for a
 * visitor without a valid session (signed out is a state, not an error: PERF-5).
 */
export const meSchema = z.nullable(authUserSchema);

/** Longest accepted `userUID`, in characters. */
const MAX_USER_UID_LENGTH = 200;

/** `POST /auth/users` body: `{ userUID }`, the signed-in user's uid (API-AUTH-1). */
export const authUsersBodySchema = z.object({
  userUID: z
    .string({ error: 'userUID is required' })
    .check(z.minLength(1, 'userUID is required'), z.maxLength(MAX_USER_UID_LENGTH)),
});

/** `POST /auth/users` answer: the product's row for the user. */
export const productUserSchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
});
export type ProductUser = z.infer<typeof productUserSchema>;

/**
 * A refused identity call (4xx/5xx): `{ code, message }`, better-auth's shape, which the
 * server's own rules use too (e.g. `{ code: 'RATE_LIMITED', message: 'Too many attempts...' }`).
 * The app shows `message` (ERR-10: "Provider's message in the bottom alert").
 */
export const identityErrorSchema = z.looseObject({
  code: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type IdentityErrorBody = z.infer<typeof identityErrorSchema>;

/**
 * The 200 answer of the calls that mail (`sign-up/email`, `send-verification-email`,
 * `request-password-reset`): better-auth's own fields, and `mailDelayed` true when the mail
 * could not go out at once and the server retries it (OPS-4).
 */
export const mailingAnswerSchema = z.looseObject({ mailDelayed: z.optional(z.boolean()) });
export type MailingAnswer = z.infer<typeof mailingAnswerSchema>;

/**
 * An answer the app reads nothing of but that it is a JSON object: `sign-in/email`'s
 * `{ redirect, token, url, user }`, `reset-password`'s `{ status: true }`, `sign-out`'s
 * `{ success: true }`.
 */
export const identityAnswerSchema = z.looseObject({});

/**
 * Google sign-in (`POST sign-in/oauth2`, or `sign-in/social` from better-auth 1.7):
 * `{ url, redirect }`, the authorization URL the browser goes to.
 */
export const redirectAnswerSchema = z.looseObject({
  url: z.optional(z.string()),
  redirect: z.optional(z.boolean()),
});
export type RedirectAnswer = z.infer<typeof redirectAnswerSchema>;
