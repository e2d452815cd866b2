/**
 * `GET|POST /pigo-stream/identity/*`: better-auth's endpoints (agreed identity API), forwarded to
 * its web handler after the server's own checks (SEC-1 in docs/requirements.md: one reading of the
 * path for the rules and for better-auth):
 * - the call is the request's path after `/identity/` (non-canonical spellings were already
 *   refused with 400 by lib/request-guards.ts), matched case-insensitively by the rules, and
 *   better-auth is handed exactly that path, never the raw one;
 * - attempt limits (identity.rate-limit.ts): 429 `{ code: 'RATE_LIMITED', message }` with
 *   `Retry-After` in seconds; 503 when the counters cannot be reached;
 * - the rules of identity.rules.ts (sign-up e-mail, display names, new passwords, addresses
 *   of at most 254 characters): 400 `{ code, message }`; a POST body that is not a JSON object: 400; display names are
 *   forwarded trimmed;
 * - `POST sign-in/oauth2 { providerId, callbackURL, ... }` answered by better-auth 1.7's
 *   `sign-in/social { provider, ... }` (1.7 dropped the genericOAuth-specific endpoint):
 *   `{ url, redirect }`. The provider then returns the browser to `callback/{providerId}`.
 * Everything else (sign-in/email, sign-out, get-session, send-verification-email, verify-email,
 * request-password-reset, reset-password/:token, update-user, callback/:id, ...) is
 * better-auth's own answer: errors are `{ code, message }` with a 4xx status. After a call that
 * can end or change a session, the session lookups this server keeps are forgotten.
 * - A call better-auth fails with a 5xx answers 503 `{ code: 'SERVICE_UNAVAILABLE', message }`
 *   (a POST: the server cannot save it; a GET: signing in is unavailable), and so does one that
 *   fails here because the database cannot be reached (ROB-4 of docs/robustness.md).
 * - The calls that mail (sign-up/email, send-verification-email, request-password-reset) add
 *   `mailDelayed: boolean` to their JSON answer: true when the mail will probably not go out at
 *   once (mail-outbox.ts keeps and retries it), so the screen can say so (OPS-4). It depends
 *   only on the mail system's state, never on the address, so it tells nothing about accounts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { isConnectionError, unavailableAnswer } from '../../lib/database-unavailable.ts';
import { checkValue, linkOriginOf, useSafeJsonParser } from '../../lib/request-guards.ts';
import type { TrustedOrigins } from '../../lib/trusted-origins.ts';
import { CLIENT_IP_HEADER, LINK_ORIGIN_HEADER } from './identity.auth.ts';
import { sendWebResponse, toWebRequest } from './identity.http.ts';
import {
  createIdentityLimiter,
  limitKeys,
  type IdentityLimiterOptions,
} from './identity.rate-limit.ts';
import { checkEmailLengths, checkIdentityCall, type RuleSettings } from './identity.rules.ts';
import type { IdentityService } from './identity.service.ts';

export interface IdentityProxyOptions {
  service: IdentityService;
  /** Where the attempt counters live (identity.rate-limit.ts). */
  limits: IdentityLimiterOptions;
  rules: RuleSettings;
  /** Origin better-auth serves (PUBLIC_URL). */
  publicUrl: string;
  /** The origins the site is reached at: mail links start with the request's (ADDR-4). */
  trustedOrigins: TrustedOrigins;
  /** Path better-auth answers under, e.g. `/pigo-stream/identity`. */
  basePath: string;
  /**
   * Whether better-auth failed in the last moments because the database could not be reached:
   * its 5xx are then not logged one by one (ROB-4: the outage is logged once).
   */
  databaseLost?: () => boolean;
}

type JsonBody = Record<string, unknown> | undefined;

/**
 * Calls (lower case) that cannot end or change an existing session: every other call that
 * better-auth answers without an error makes this server forget its kept session lookups.
 */
const SESSION_NEUTRAL_CALLS = new Set([
  'get-session',
  'sign-in/email',
  'sign-up/email',
  'sign-in/oauth2',
  'sign-in/social',
  'send-verification-email',
  'request-password-reset',
  'ok',
  'error',
]);

/** Calls (lower case) whose success means a mail is on its way. */
const MAIL_CALLS = new Set(['sign-up/email', 'send-verification-email', 'request-password-reset']);

/**
 * The answer to a call better-auth could not carry out (its 5xx: the database refused a write,
 * a full disk), in the shape and words the app shows.
 */
const IDENTITY_UNAVAILABLE = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The server cannot save this right now. Please try again in a few minutes.',
};

/** The answer when the attempt counters cannot be reached. */
const LIMITS_UNAVAILABLE = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'Signing in is unavailable right now. Please try again in a moment.',
};

/** Registers the catch-all route; mount it under the API prefix. */
export const identityProxyRoutes: FastifyPluginAsync<IdentityProxyOptions> = async (
  app,
  { service, limits, rules, publicUrl, trustedOrigins, basePath, databaseLost },
) => {
  // Scoped to these routes: better-auth's client posts sign-out with an empty JSON body, and
  // its endpoints also take HTML form posts.
  useSafeJsonParser(app, true);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => {
      try {
        const fields = Object.fromEntries(new URLSearchParams(String(body)));
        checkValue(fields);
        done(null, fields);
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  const limiter = await createIdentityLimiter(app, limits);
  service.useLimiter(limiter);

  // Failures before better-auth answers (a malformed body, an oversized one) keep its shape; a
  // database that cannot be reached answers 503 (ROB-4).
  app.setErrorHandler((error: { statusCode?: number; message?: string }, req, reply) => {
    if (unavailableAnswer(error, req.method)) {
      req.log.debug({ err: error }, 'identity request failed: the database cannot be reached');
      return reply
        .code(503)
        .send(req.method === 'POST' ? IDENTITY_UNAVAILABLE : LIMITS_UNAVAILABLE);
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'identity request failed');
    return reply.code(status).send({
      code: status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST',
      message:
        status >= 500 ? 'Something went wrong on our side. Please try again.' : error.message,
    });
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/identity/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      // The router's decoded reading of the path; it is also what better-auth is handed.
      const call = (req.params as { '*': string })['*'].replace(/\/+$/, '');
      const rule = call.toLowerCase();
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      let url = `${basePath}/${call.split('/').map(encodeURIComponent).join('/')}${query}`;
      let forwardBody: unknown = req.body ?? undefined;

      if (req.method === 'POST') {
        if (
          forwardBody !== undefined &&
          (typeof forwardBody !== 'object' || forwardBody === null || Array.isArray(forwardBody))
        ) {
          return reply
            .code(400)
            .send({ code: 'BAD_REQUEST', message: 'The request body must be a JSON object.' });
        }
        const body = forwardBody as JsonBody;
        // An address longer than any can be is refused before it keys the counters (ROB-1).
        const tooLong = checkEmailLengths(body);
        if (tooLong) {
          return reply.code(tooLong.status).send({ code: tooLong.code, message: tooLong.message });
        }
        const keys = limitKeys(
          rule,
          req.ip,
          body,
          rule === 'change-password' ? (await service.sessionOf(req))?.user.id : undefined,
        );
        let refusal;
        try {
          refusal = keys ? await limiter.hit(req, keys) : null;
        } catch (error) {
          // A lost database is logged once per outage (ROB-4), not per attempt.
          if (isConnectionError(error))
            req.log.debug({ err: error }, 'identity attempt counters unavailable');
          else req.log.error({ err: error }, 'identity attempt counters unavailable');
          return reply.code(503).send(LIMITS_UNAVAILABLE);
        }
        if (refusal) {
          void reply.header('retry-after', String(refusal.retryAfterSeconds));
          return reply.code(refusal.status).send({ code: refusal.code, message: refusal.message });
        }
        const failure = checkIdentityCall(rule, body, rules);
        if (failure) {
          return reply.code(failure.status).send({ code: failure.code, message: failure.message });
        }
        // Display names are kept as the rules checked them: trimmed.
        if (
          (rule === 'sign-up/email' || rule === 'update-user') &&
          typeof body?.name === 'string'
        ) {
          forwardBody = { ...body, name: body.name.trim() };
        }
        if (rule === 'sign-in/oauth2') {
          const { providerId, ...rest } = body ?? {};
          url = `${basePath}/sign-in/social`;
          forwardBody = { ...rest, provider: providerId };
        }
      }

      const request = toWebRequest(req, {
        publicUrl,
        url,
        body: forwardBody,
        headers: {
          [CLIENT_IP_HEADER]: req.ip,
          [LINK_ORIGIN_HEADER]: linkOriginOf(req, trustedOrigins, publicUrl),
        },
      });
      // Read before better-auth starts the mail, so every address gets the same answer.
      const mailDelayed = MAIL_CALLS.has(rule) ? service.mail.isDelayed() : undefined;
      const response = await service.authFor(req).handler(request);
      if (response.status < 400 && !SESSION_NEUTRAL_CALLS.has(rule)) service.forgetSessions();
      if (response.status === 404 && !response.body) {
        return reply
          .code(404)
          .send({ code: 'NOT_FOUND', message: `No identity route ${req.method} ${call}` });
      }
      if (response.status >= 500) {
        if (databaseLost?.())
          req.log.debug({ call, status: response.status }, 'identity call failed');
        else req.log.error({ call, status: response.status }, 'identity call failed');
        return reply
          .code(503)
          .send(req.method === 'POST' ? IDENTITY_UNAVAILABLE : LIMITS_UNAVAILABLE);
      }
      if (mailDelayed !== undefined && response.ok) {
        return sendWebResponse(reply, response, (answer) => ({ ...answer, mailDelayed }));
      }
      return sendWebResponse(reply, response);
    },
  });
};
