/**
 * Guards for product calls that act for a user (ROLE-1 in docs/requirements.md; DEC-10 in
 * docs/decisions.md: a call that names a user must name the signed-in one). Every user call of
 * later modules (watch history, My List, search history, recommender) starts with:
 *
 * ```ts
 * const user = await requireVerifiedUser(req);   // 401 { error: 'User is not authenticated' }
 * assertSameUser(user, req.body.userUID);        // 403 { error: 'You can only act on your own account.' }
 * ```
 *
 * The errors are DomainErrors with `statusCode`; the errors plugin (lib/error-handler.ts) answers
 * them as `{ error }`.
 */
import type { FastifyRequest } from 'fastify';
import type { RatingCeiling } from '@pigostream/contracts';
import { DomainError } from '../../lib/domain-error.ts';
import type { IdentityService, SessionData } from './identity.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity module (identity.plugin.ts). */
    identity: IdentityService;
  }
}

/** ERR-6's message for a call made without a signed-in user. */
export const NOT_AUTHENTICATED = 'User is not authenticated';
/** The message for a call naming another user's id. */
export const NOT_YOUR_ACCOUNT = 'You can only act on your own account.';

/** 401: no session, an expired one, or an e-mail not verified yet. */
export class NotAuthenticatedError extends DomainError {
  readonly statusCode = 401;
  constructor() {
    super(NOT_AUTHENTICATED);
    this.name = 'NotAuthenticatedError';
  }
}

/** 403: the call names a uid other than the signed-in user's. */
export class ForbiddenUserError extends DomainError {
  readonly statusCode = 403;
  constructor() {
    super(NOT_YOUR_ACCOUNT);
    this.name = 'ForbiddenUserError';
  }
}

/**
 * The user a product call acts for. `uid` is the identity's user id (users.uid): what a call's
 * `userUID` must name. `profileId` is the session's active profile (PROFILE-3, PROFILE-4 in
 * docs/requirements.md): the owner of the personal data the call reads and writes.
 */
export interface VerifiedUser {
  uid: string;
  email: string;
  displayName: string;
  profileId: string;
  /** The active profile's rating limit (PROFILE-7); undefined for an adult profile. */
  ceiling: RatingCeiling | undefined;
}

/**
 * The active profile of a session (PROFILE-3): the one it switched to, else the account's
 * default profile, whose id is the user's.
 */
export function activeProfileOf(data: SessionData): string {
  return data.session.activeProfileId ?? data.user.id;
}

/**
 * The rating limit of a session's active profile (PROFILE-7): undefined for an adult profile.
 */
export function ceilingOfSession(data: SessionData): RatingCeiling | undefined {
  const { ratingCeiling, ratingUnrated } = data.session as {
    ratingCeiling?: number | null;
    ratingUnrated?: boolean | null;
  };
  if (ratingCeiling === null || ratingCeiling === undefined) return undefined;
  return { maxAge: ratingCeiling, unrated: ratingUnrated === true };
}

function identityOf(req: FastifyRequest): IdentityService {
  const identity = (req.server as Partial<typeof req.server>).identity;
  if (!identity) throw new Error('The identity plugin is not registered');
  return identity;
}

/**
 * The signed-in session of the request, verified e-mail or not; null without a valid session.
 * Looked up once per request.
 * @throws when the database fails.
 */
export async function sessionOrNull(req: FastifyRequest): Promise<SessionData | null> {
  return (await identityOf(req).sessionOf(req)) ?? null;
}

/**
 * The signed-in session of the request, verified e-mail or not.
 * @throws NotAuthenticatedError (401) when there is no valid session.
 */
export async function requireSession(req: FastifyRequest): Promise<SessionData> {
  const data = await identityOf(req).sessionOf(req);
  if (!data) throw new NotAuthenticatedError();
  return data;
}

/**
 * The signed-in user of the request, whose e-mail is verified (ROLE-1, ROLE-2: only verified
 * users proceed). The session is looked up once per request.
 * @throws NotAuthenticatedError (401 `{ error: 'User is not authenticated' }`) when there is no
 *   valid session or the e-mail is not verified yet.
 */
export async function requireVerifiedUser(req: FastifyRequest): Promise<VerifiedUser> {
  const data = await requireSession(req);
  const { user } = data;
  if (!user.emailVerified) throw new NotAuthenticatedError();
  return {
    uid: user.id,
    email: user.email,
    displayName: user.name,
    profileId: activeProfileOf(data),
    ceiling: ceilingOfSession(data),
  };
}

/**
 * {@link requireVerifiedUser}, with the id of the request's session: for the profile calls, which
 * change the session's active profile (PROFILE-3).
 * @throws NotAuthenticatedError (401) as {@link requireVerifiedUser} does.
 */
export async function requireVerifiedSession(
  req: FastifyRequest,
): Promise<{ user: VerifiedUser; sessionId: string }> {
  const user = await requireVerifiedUser(req);
  const data = await requireSession(req);
  return { user, sessionId: data.session.id };
}

/**
 * Forgets the session lookups this server keeps, and has every other server forget theirs: after
 * a change of a session's active profile (PROFILE-3), so the next call reads the new one.
 */
export function forgetSessions(req: FastifyRequest): void {
  identityOf(req).forgetSessions();
}

/**
 * Whose answers the per-user answer cache keeps and forgets (PROFILE-4 in docs/requirements.md):
 * the active profile (PROFILE-3) of the request's signed-in user when their e-mail is verified,
 * and for a kids' profile its rating limit too (`<profile>|k<maxAge><u|n>`, PROFILE-7), so a
 * change of the limit is answered at once rather than after the kept answers expire; else
 * undefined. Shares {@link requireSession}'s one lookup per request.
 * @throws when the database fails.
 */
export async function verifiedProfileOf(req: FastifyRequest): Promise<string | undefined> {
  const data = await identityOf(req).sessionOf(req);
  if (!data?.user.emailVerified) return undefined;
  return profileAnswersKey(activeProfileOf(data), ceilingOfSession(data));
}

/**
 * The key the per-user answer cache keeps a profile's answers under ({@link verifiedProfileOf}):
 * the profile's id, with a kids' profile's rating limit (`<profile>|k<maxAge><u|n>`). A write
 * made for a profile outside its session (the addon's progress, STREMIO-9) starts a new write
 * generation under it, so the profile's next read sees the write.
 */
export function profileAnswersKey(profileId: string, ceiling: RatingCeiling | undefined): string {
  return ceiling
    ? `${profileId}|k${String(ceiling.maxAge)}${ceiling.unrated ? 'u' : 'n'}`
    : profileId;
}

/**
 * The rating limit of the request's signed-in, verified profile (PROFILE-7), else undefined:
 * signed-out requests, unverified users and adult profiles see every title. Costs no query of
 * its own: the limit is a column of the session the request looks up once anyway.
 * @throws when the database fails.
 */
export async function ratingCeilingOf(req: FastifyRequest): Promise<RatingCeiling | undefined> {
  if (!req.headers.cookie) return undefined;
  const data = await identityOf(req).sessionOf(req);
  return data?.user.emailVerified ? ceilingOfSession(data) : undefined;
}

/**
 * Counts one attempt at a secret that is not the identity calls' own, against the sign-in
 * limits with the same counters and storage: a profile's PIN per IP and per account `userId`
 * (PROFILE-8), a wrong addon token per IP only (STREMIO-8).
 * @param call the limit's key: 'profile-pin' (with `userId`) or 'stremio-token' (without).
 * @returns null to go ahead, or the refusal: `retryAfterSeconds` and the 429 message.
 * @throws when the counters' store (database or Redis) fails.
 */
export async function countSecretAttempt(
  req: FastifyRequest,
  call: 'profile-pin' | 'stremio-token',
  userId?: string,
): Promise<{ retryAfterSeconds: number; message: string } | null> {
  return identityOf(req).countAttempt(req, call, userId);
}

/**
 * Checks that a uid named by a call (`userUID`, `{userId}`, `user_id`) is the signed-in user's.
 * @throws ForbiddenUserError (403 `{ error: 'You can only act on your own account.' }`)
 *   otherwise, a missing uid included.
 */
export function assertSameUser(user: VerifiedUser, uid: string | undefined): void {
  if (uid !== user.uid) throw new ForbiddenUserError();
}
