/**
 * The guard every library and recommender call runs (ROLE-1, ROLE-2 in docs/requirements.md;
 * DEC-10, DEC-17 in docs/decisions.md: a call that names a user must name the signed-in one).
 */
import type { FastifyRequest } from 'fastify';
import { assertSameUser, requireVerifiedUser, type VerifiedUser } from '../identity/index.ts';

/**
 * The verified signed-in user, who must be the one the call names.
 * @throws NotAuthenticatedError (401 `{ error: 'User is not authenticated' }`) without a verified
 *   session; ForbiddenUserError (403) when `uid` is another user's.
 */
export async function actingUser(req: FastifyRequest, uid: string): Promise<VerifiedUser> {
  const user = await requireVerifiedUser(req);
  assertSameUser(user, uid);
  return user;
}

/**
 * `onRequest` hook refusing requests without a verified session (401) before their body is
 * read, so anonymous callers get 401 whatever they send.
 */
export async function requireSignedIn(req: FastifyRequest): Promise<void> {
  await requireVerifiedUser(req);
}
