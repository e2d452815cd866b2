/**
 * Product calls about the signed-in user, under `/pigo-stream/auth` (agreed identity API):
 * `GET /auth/config`, `GET /auth/me` and API-AUTH-1, API-AUTH-2 in docs/requirements.md's
 * `POST /auth/users`. Errors are `{ error }`: 400 bad body, 401 'User is not authenticated', 403
 * for another user's uid; `/auth/me` answers a visitor without a session 200 `null`.
 */
import { AUTH_CONFIG, AUTH_ME, AUTH_USERS, routePath } from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authConfigSchema,
  authUsersBodySchema,
  errorSchema,
  meSchema,
  productUserSchema,
} from '@pigostream/contracts';
import { assertSameUser, requireVerifiedUser, sessionOrNull } from './identity.guard.ts';
import type { IdentityService } from './identity.service.ts';

/** Registers `/auth/config`, `/auth/me` and `/auth/users`; mount it under the API prefix. */
export const identityRoutes: FastifyPluginAsyncZod<{ service: IdentityService }> = async (
  app,
  { service },
) => {
  const tags = ['identity'];

  /** `GET /auth/config` -> `{ google, passwordMinLength, allowedEmailDomains }`; no session. */
  app.get(
    routePath.get(AUTH_CONFIG),
    {
      schema: {
        tags,
        summary: 'Sign-in options and rules for the sign-in screen',
        response: { 200: authConfigSchema },
      },
    },
    () => service.publicConfig(),
  );

  /**
   * `GET /auth/me` -> 200 DATA-1's signed-in user, verified or not (times ISO 8601;
   * lastSignInTime = this session's start, equal to creationTime on a first-ever sign-in);
   * 200 `null` without a valid session (PERF-5: the app's check of a signed-out visitor is no
   * failed request).
   */
  app.get(
    routePath.get(AUTH_ME),
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: meSchema },
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      const session = await sessionOrNull(req);
      return session ? service.describe(session) : null;
    },
  );

  /**
   * `POST /auth/users { userUID }` (API-AUTH-1) -> 200 `{ uid, displayName, email }` after
   * recording or refreshing the product's user row. 401 without a verified session (checked
   * before the body), 403 when userUID is not the session's uid, 400 without a userUID.
   */
  app.post(
    routePath.post(AUTH_USERS),
    {
      schema: {
        tags,
        summary: 'Record the signed-in user',
        body: authUsersBodySchema,
        response: { 200: productUserSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
      preValidation: async (req) => {
        await requireVerifiedUser(req);
      },
    },
    async (req) => {
      const user = await requireVerifiedUser(req);
      assertSameUser(user, req.body.userUID);
      return service.recordUser(user);
    },
  );
};
