/**
 * The identity provider of the spec (PROD-4 in docs/requirements.md: "the provider of identity
 * handles sign-in"), built on better-auth: e-mail and password with verification and reset mail,
 * display names, sessions in the database, and Google over OpenID Connect (genericOAuth, discovery
 * at GOOGLE_DISCOVERY_URL). Mounted at `/pigo-stream/identity` by identity.proxy.ts.
 */
import { betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Database } from '@pigostream/db';
import type { IdentityConfig } from '../../config.ts';
import { refererOrigin, type TrustedOrigins } from '../../lib/trusted-origins.ts';
import {
  passwordResetMail,
  signUpAttemptMail,
  verificationMail,
  type MailOutbox,
} from '../mail/index.ts';
import { authDatabase, deleteResetTokens, firstSessionStart } from './identity.repository.ts';

/**
 * Prefix of better-auth's cookie names: the session cookie is `pigostream.session_token`
 * (`__Secure-pigostream.session_token` over https). The web module reads it to tell a visitor
 * who may be signed in (route-hints.ts, QUAL-2).
 */
export const IDENTITY_COOKIE_PREFIX = 'pigostream';

/** Header carrying the client IP (Fastify's `req.ip`) to better-auth; set only by the server. */
export const CLIENT_IP_HEADER = 'x-pigo-client-ip';

/**
 * Header carrying the origin links in mail start with (ADDR-4 of docs/addresses.md) to
 * better-auth: the request's trusted origin, else PUBLIC_URL. Set only by the server (the
 * proxy replaces any value a client sends).
 */
export const LINK_ORIGIN_HEADER = 'x-pigo-link-origin';

/** Sessions last 7 days and are extended when used after a day (better-auth's defaults), in s. */
const SESSION_SECONDS = 7 * 24 * 60 * 60;
const SESSION_UPDATE_SECONDS = 24 * 60 * 60;

/** Receives better-auth's log lines (the app's logger). */
export type IdentityLog = (
  level: 'debug' | 'info' | 'warn' | 'error',
  message: string,
  details: unknown[],
) => void;

/** Everything better-auth is built from. */
export interface IdentityAuthOptions {
  db: Database;
  config: IdentityConfig;
  /**
   * PUBLIC_URL's origin: better-auth's base URL, and where links in mail point when the request
   * came from no trusted origin.
   */
  publicUrl: string;
  /** The origins the site is reached at (lib/trusted-origins.ts). */
  trustedOrigins: TrustedOrigins;
  /**
   * Whether session cookies are `Secure` (and named `__Secure-...`): true for the instance that
   * answers requests made over https, false for plain http (ADDR-5 of docs/addresses.md).
   */
  secureCookies: boolean;
  /** Path better-auth answers under, e.g. `/pigo-stream/identity`. */
  basePath: string;
  /** Resolved secret (identity.secret.ts). */
  secret: string;
  /** Sends now or keeps for retry (mail-outbox.ts); never loses a message silently. */
  mail: Pick<MailOutbox, 'send'>;
  log: IdentityLog;
}

/**
 * `url` (a link better-auth made under PUBLIC_URL) moved to the origin the request came from
 * when the proxy named one and it is trusted (ADDR-4 of docs/addresses.md); otherwise as is.
 */
export function relink(
  url: string,
  request: Request | undefined,
  publicUrl: string,
  trusted: TrustedOrigins,
): string {
  const origin = request?.headers.get(LINK_ORIGIN_HEADER);
  if (!origin || origin === publicUrl || !trusted.has(origin) || !url.startsWith(publicUrl)) {
    return url;
  }
  return `${origin}${url.slice(publicUrl.length)}`;
}

/**
 * The origins better-auth accepts for a request (its Origin check and callback URLs): every
 * trusted origin known now, plus the request's own `Origin` (or, without one, its `Referer`'s
 * origin) when trusted: a loopback address or an interface that came up later is not listed.
 */
function originsFor(trusted: TrustedOrigins, request: Request | undefined): string[] {
  const list = trusted.list();
  const origin = request?.headers.get('origin') ?? refererOrigin(request?.headers.get('referer'));
  if (origin && trusted.has(origin)) list.push(new URL(origin).origin);
  return list;
}

/** Builds the better-auth instance over our Drizzle database. */
export function createIdentityAuth(options: IdentityAuthOptions) {
  const { db, config, publicUrl, basePath, secret, mail, log, trustedOrigins } = options;
  const google = config.google;
  const link = (url: string, request: Request | undefined) =>
    relink(url, request, publicUrl, trustedOrigins);
  return betterAuth({
    appName: 'PigoStream',
    baseURL: publicUrl,
    basePath,
    secret,
    trustedOrigins: (request) => originsFor(trustedOrigins, request),
    telemetry: { enabled: false },
    database: authDatabase(db),
    // At 'warn' better-auth would also print every refused request to the console itself.
    logger: {
      level: 'info',
      log: (level, message, ...details) => {
        log(level, message, details);
      },
    },
    // identity.proxy.ts limits per address and per IP instead (identity.rate-limit.ts).
    rateLimit: { enabled: false },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_UPDATE_SECONDS,
      // The session's active profile (PROFILE-3 in docs/requirements.md): null, the account's
      // default profile, until the profiles module switches it; never set by a client.
      additionalFields: {
        activeProfileId: { type: 'string', required: false, input: false },
        // The active profile's rating limit (PROFILE-7), kept beside it by the profiles module.
        ratingCeiling: { type: 'number', required: false, input: false },
        ratingUnrated: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Unverified users who sign in get a session: the app shows the pending message, and
      // product calls refuse them (identity.guard.ts).
      requireEmailVerification: false,
      // Sign-up does not sign in, so a taken address can answer exactly like a new one
      // (better-auth's generic answer; SEC-5): the verification link signs the user in.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }, request) => {
        await mail.send(signUpAttemptMail(user.email, user.name, link(`${publicUrl}/`, request)));
      },
      minPasswordLength: config.passwordMinLength,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) => {
        await mail.send(passwordResetMail(user.email, user.name, link(url, request)));
      },
      // A used reset link ends every other one of the user's (SEC-7).
      onPasswordReset: async ({ user }) => {
        await deleteResetTokens(db, user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }, request) => {
        await mail.send(verificationMail(user.email, user.name, link(url, request)));
      },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const createdAt = await firstSessionStart(db, session.userId);
            return createdAt ? { data: { ...session, createdAt } } : undefined;
          },
        },
      },
    },
    plugins: google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                discoveryUrl: google.discoveryUrl,
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    // Relative, so an error lands on the sign-in screen at the address the user is at.
    onAPIError: { errorURL: '/' },
    advanced: {
      cookiePrefix: IDENTITY_COOKIE_PREFIX,
      // Host-only cookies (no Domain attribute): each address keeps its own session.
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Checked in tests too (better-auth skips it under NODE_ENV=test by default).
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Mail goes out after the answer: a reset or resend for an address that exists takes
      // as long as one for an address that does not (SEC-5). Mail that cannot go out is kept
      // and retried (mail-outbox.ts); anything else that fails is logged.
      backgroundTasks: {
        handler: (task) => {
          task.catch((error: unknown) => {
            log('error', 'identity background task failed', [error]);
          });
        },
      },
    },
  });
}

/** The better-auth instance the identity module runs. */
export type IdentityAuth = ReturnType<typeof createIdentityAuth>;
