/**
 * Profile calls (PROFILE-1..8 in docs/requirements.md) under `/pigo-stream`: the signed-in
 * account's profiles, and the session's active one. Every call needs a verified session (401);
 * they name no user, and an id that is not one of the account's profiles answers 404 (another
 * account's profiles are never revealed). Errors: 400 `{ error }` for bad input, 403 for a
 * locked profile without its right PIN or a change made from a kids' profile, 409 at the limit
 * of profiles, for the default profile's removal or making it a kids' one, 415 for bodies that
 * are not JSON, 429 with `Retry-After` (seconds) past the PIN attempt limits.
 */
import {
  CREATE_PROFILE,
  PROFILES,
  REMOVE_PROFILE,
  SWITCH_PROFILE,
  UPDATE_PROFILE,
  routePath,
} from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  activeProfileSchema,
  createProfileBodySchema,
  errorSchema,
  profileIdBodySchema,
  profileSchema,
  profilesSchema,
  updateProfileBodySchema,
} from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { countSecretAttempt, forgetSessions, requireVerifiedSession } from '../identity/index.ts';
import { ProfilesService, type ProfileActor } from './profiles.service.ts';

/** What the profile calls run on. */
export interface ProfilesRoutesOptions {
  db: Database;
}

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

/** The signed-in account, its session and the session's active profile. */
async function actorOf(req: FastifyRequest): Promise<ProfileActor> {
  const { user, sessionId } = await requireVerifiedSession(req);
  return {
    userId: user.uid,
    sessionId,
    activeId: user.profileId,
    activeIsKids: user.ceiling !== undefined,
    countPinAttempt: () => countSecretAttempt(req, 'profile-pin', user.uid),
  };
}

/** Registers the profile calls. */
export const profilesRoutes: FastifyPluginAsyncZod<ProfilesRoutesOptions> = async (app, { db }) => {
  const service = new ProfilesService(db);
  // Anonymous callers get 401 whatever they send.
  app.addHook('onRequest', async (req) => {
    await requireVerifiedSession(req);
  });
  // Bodies are JSON only: anything else answers 415 (Fastify also parses text/plain).
  app.removeContentTypeParser('text/plain');
  const tags = ['profiles'];

  /**
   * PROFILE-1, PROFILE-3: `{ profiles: [{ id, name, avatar, kind, maxRatingAge, showUnrated,
   * hasPin }], active }` in order.
   */
  app.get(
    routePath.get(PROFILES),
    {
      schema: {
        tags,
        summary: "The account's profiles and the session's active one",
        response: { 200: profilesSchema, ...errors },
      },
    },
    async (req) => service.list(await actorOf(req)),
  );

  /**
   * PROFILE-1, PROFILE-7, PROFILE-8: `{ name, avatar, kind?, maxRatingAge?, showUnrated?, newPin? }`
   * adds a profile; 403 from a kids' profile, 409 when the account holds 6.
   */
  app.post(
    routePath.post(CREATE_PROFILE),
    {
      schema: {
        tags,
        summary: 'Add a profile: { id, name, avatar, kind }',
        body: createProfileBodySchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req) => service.create(await actorOf(req), req.body),
  );

  /**
   * PROFILE-1, PROFILE-7, PROFILE-8: `{ id, name?, avatar?, kind?, maxRatingAge?, showUnrated?,
   * newPin?, pin? }` changes a profile of the account; `pin` for a locked one that is not active.
   */
  app.post(
    routePath.post(UPDATE_PROFILE),
    {
      schema: {
        tags,
        summary: 'Change a profile: { id, name, avatar, kind }',
        body: updateProfileBodySchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req) => {
      const { id, pin, ...changes } = req.body;
      const answer = await service.update(await actorOf(req), id, changes, pin);
      // Sessions that have it active took its new rating limit (PROFILE-7).
      forgetSessions(req);
      return answer;
    },
  );

  /**
   * PROFILE-5, PROFILE-8: `{ id, pin? }` removes a profile and its personal data (`pin` for a
   * locked one that is not active); sessions that had it active go
   * back to the default profile, which itself cannot be removed (409).
   */
  app.post(
    routePath.post(REMOVE_PROFILE),
    {
      schema: {
        tags,
        summary: 'Remove a profile and its data: { profiles, active }',
        body: profileIdBodySchema,
        response: { 200: profilesSchema, ...errors },
      },
    },
    async (req) => {
      const answer = await service.remove(await actorOf(req), req.body.id, req.body.pin);
      forgetSessions(req);
      return answer;
    },
  );

  /**
   * PROFILE-3, PROFILE-8: `{ id, pin? }` makes a profile of the account the session's active one
   * (with its rating limit); a locked one needs its `pin`.
   */
  app.post(
    routePath.post(SWITCH_PROFILE),
    {
      schema: {
        tags,
        summary: "Switch the session's active profile: { active }",
        body: profileIdBodySchema,
        response: { 200: activeProfileSchema, ...errors },
      },
    },
    async (req) => {
      const answer = await service.switchTo(await actorOf(req), req.body.id, req.body.pin);
      forgetSessions(req);
      return answer;
    },
  );
};
