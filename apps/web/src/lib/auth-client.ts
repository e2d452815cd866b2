/**
 * The identity client (ARCH-23 in docs/architecture.md; IDENTITY-API.md): better-auth's React
 * client on this site's origin under `/pigo-stream/identity`. Import it through
 * `loadIdentity` (identity-call.ts) so it stays out of every screen's first load.
 */
import { createAuthClient } from 'better-auth/react';

/** Where the identity routes live (DEC-8 in docs/decisions.md: `/pigo-stream/identity/*`). */
export const IDENTITY_BASE_PATH = '/pigo-stream/identity';

/**
 * The better-auth client; the session cookie travels with every call (same origin). Its
 * automatic redirect is off: the one call that redirects (Google) navigates itself.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: IDENTITY_BASE_PATH,
  disableDefaultFetchPlugins: true,
});
