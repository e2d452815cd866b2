/**
 * `GET|POST /pigo-stream/identity/*`: better-auth's endpoints (agreed identity API), forwarded
 * to its web handler after the server's own checks:
 * - attempt limits (identity.rate-limit.ts): 429 `{ code: 'RATE_LIMITED', message }` with
 *   `Retry-After` in seconds;
 * - `sign-up/email` rules of spec section 5 and `reset-password`'s password minimum
 *   (identity.rules.ts): 400 `{ code, message }`;
 * - `POST sign-in/oauth2 { providerId, callbackURL, ... }` answered by better-auth 1.7's
 *   `sign-in/social { provider, ... }` (1.7 dropped the genericOAuth-specific endpoint):
 *   `{ url, redirect }`. The provider then returns the browser to `callback/{providerId}`.
 * Everything else (sign-in/email, sign-out, get-session, send-verification-email, verify-email,
 * request-password-reset, reset-password/:token, update-user, callback/:id, ...) is
 * better-auth's own answer: errors are `{ code, message }` with a 4xx status.
 */
import type { FastifyPluginAsync } from 'fastify';
import { CLIENT_IP_HEADER } from './identity.auth.ts';
import { sendWebResponse, toWebRequest } from './identity.http.ts';
import type { IdentityRateLimiter } from './identity.rate-limit.ts';
import { checkPasswordReset, checkSignUp, type RuleSettings } from './identity.rules.ts';
import type { IdentityService } from './identity.service.ts';

export interface IdentityProxyOptions {
  service: IdentityService;
  limiter: IdentityRateLimiter;
  rules: RuleSettings;
  /** Origin better-auth serves (PUBLIC_URL). */
  publicUrl: string;
  /** Path better-auth answers under, e.g. `/pigo-stream/identity`. */
  basePath: string;
}

type JsonBody = Record<string, unknown> | undefined;

/** Registers the catch-all route; mount it under the API prefix. */
export const identityProxyRoutes: FastifyPluginAsync<IdentityProxyOptions> = async (
  app,
  { service, limiter, rules, publicUrl, basePath },
) => {
  // Scoped to these routes: better-auth's client posts sign-out with an empty JSON body, and
  // its endpoints also take HTML form posts.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Invalid JSON body'), { statusCode: 400 }), undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  // Failures before better-auth answers (a malformed body, an oversized one) keep its shape.
  app.setErrorHandler((error: { statusCode?: number; message?: string }, req, reply) => {
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
      const call = (req.params as { '*': string })['*'].replace(/\/+$/, '');
      const body = (req.body ?? undefined) as JsonBody;
      let url: string | undefined;
      let forwardBody: unknown = body;

      if (req.method === 'POST') {
        const refusal =
          limiter.hit(call, req.ip, body?.email) ??
          (call === 'sign-up/email' ? checkSignUp(body, rules) : null) ??
          (call === 'reset-password' ? checkPasswordReset(body, rules) : null);
        if (refusal) {
          if ('retryAfterSeconds' in refusal) {
            void reply.header('retry-after', String(refusal.retryAfterSeconds));
          }
          return reply.code(refusal.status).send({ code: refusal.code, message: refusal.message });
        }
        if (call === 'sign-in/oauth2') {
          const { providerId, ...rest } = body ?? {};
          url = `${basePath}/sign-in/social`;
          forwardBody = { ...rest, provider: providerId };
        }
      }

      const request = toWebRequest(req, {
        publicUrl,
        url,
        body: forwardBody,
        headers: { [CLIENT_IP_HEADER]: req.ip },
      });
      const response = await service.auth.handler(request);
      if (response.status === 404 && !response.body) {
        return reply
          .code(404)
          .send({ code: 'NOT_FOUND', message: `No identity route ${req.method} ${call}` });
      }
      return sendWebResponse(reply, response);
    },
  });
};
