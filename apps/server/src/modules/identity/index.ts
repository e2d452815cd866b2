/**
 * The identity module's public entry: the identity plugin (better-auth under
 * `/pigo-stream/identity`, the product's `/auth` calls), the guards other modules' calls run
 * and their errors, the attempt counting other secrets share (a PIN, an addon token), the key
 * of a profile's kept answers, the auth secret, and the cookie prefix the web module reads.
 * Other files import this module only through here (ESLint enforces it).
 */
export { IDENTITY_COOKIE_PREFIX } from './identity.auth.ts';
export {
  assertSameUser,
  countSecretAttempt,
  forgetSessions,
  profileAnswersKey,
  ratingCeilingOf,
  requireVerifiedSession,
  ForbiddenUserError,
  NotAuthenticatedError,
  requireVerifiedUser,
  verifiedProfileOf,
  type VerifiedUser,
} from './identity.guard.ts';
export { default as identityPlugin } from './identity.plugin.ts';
export { resolveAuthSecret } from './identity.secret.ts';
