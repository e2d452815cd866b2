/**
 * Watch progress calls under `/pigo-stream/progress` (PROG-1, PROG-10 in docs/requirements.md:
 * continue watching and resume; not in API-*, so shaped like its library calls). Every call but the
 * player app's report needs a verified session (401 `{ error: 'User is not authenticated' }`) and
 * must name the signed-in user (403); the report carries a player token for one movie or episode
 * instead (player-token.ts). A kids' profile (PROFILE-7) is answered only titles within its rating
 * limit, and a save, a season mark, a player token or Resume of a title above it answers 403
 * `{ error: 'Not available on this profile' }`. Errors: 400 `{ error }` for bad input, 404 for an
 * unknown title or a title not in Continue Watching, 413 for bodies over the app's limit, 415 for
 * bodies that are not JSON. Nothing is written when a call fails.
 */
import {
  CONTINUE_WATCHING,
  MARK_SEASON,
  NEW_EPISODES,
  PLAYER_PROGRESS,
  PLAYER_TOKEN,
  REMOVE_CONTINUE_WATCHING,
  SAVE_PROGRESS,
  TITLE_PROGRESS,
  UP_NEXT,
  routePath,
} from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  continueWatchingSchema,
  libraryItemBodySchema,
  markedSeasonSchema,
  markSeasonBodySchema,
  playerProgressBodySchema,
  playerTokenBodySchema,
  playerTokenSchema,
  progressQuerySchema,
  removedSchema,
  savedProgressSchema,
  saveProgressBodySchema,
  newEpisodesSchema,
  titleProgressSchema,
  upNextSchema,
  userIdParamsSchema,
} from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import type { CatalogueSource } from '../catalogue/index.ts';
import { actingUser, libraryErrors, requireSignedIn } from '../library/index.ts';
import { PlayerTokenError, PlayerTokens } from './player-token.ts';
import { ProgressService } from './progress.service.ts';

/** What the progress calls run on. */
export interface ProgressRoutesOptions {
  db: Database;
  /** Checks titles and describes Continue Watching's items. */
  catalogue: CatalogueSource;
  /** The server's auth secret, which player tokens' key is derived from. */
  secret: string;
}

/** Registers the watch progress calls: the signed-in user's, and the player app's report. */
export const progressRoutes: FastifyPluginAsyncZod<ProgressRoutesOptions> = async (
  app,
  { db, catalogue, secret },
) => {
  const service = new ProgressService(db, catalogue);
  const tokens = new PlayerTokens(secret);
  await app.register(userProgressRoutes, { service, tokens });
  await app.register(playerProgressRoutes, { service, tokens });
};

/** What the two groups of calls share. */
interface ProgressParts {
  service: ProgressService;
  tokens: PlayerTokens;
}

/** The calls of the signed-in user (verified session, naming themselves). */
const userProgressRoutes: FastifyPluginAsyncZod<ProgressParts> = async (
  app,
  { service, tokens },
) => {
  app.addHook('onRequest', requireSignedIn);
  app.removeContentTypeParser('text/plain');
  const tags = ['watch progress'];

  /**
   * Saves how far the user got in a movie or an episode, in seconds (the play page's video
   * player every 10 s, on pause and on leaving); idempotent, the last save wins. `watched` is
   * true once 90 % was played.
   */
  app.post(
    routePath.post(SAVE_PROGRESS),
    {
      schema: {
        tags,
        summary: 'Save how far a movie or episode was played: { ok, watched }',
        body: saveProgressBodySchema,
        response: { 200: savedProgressSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const { userUID, ...progress } = req.body;
      const user = await actingUser(req, userUID);
      return {
        ok: true as const,
        watched: await service.save(user.profileId, progress, user.ceiling),
      };
    },
  );

  /** One title's progress (`?id=&type=`): the movie's, or each episode's, newest first. */
  app.get(
    routePath.get(TITLE_PROGRESS),
    {
      schema: {
        tags,
        summary: "A title's progress: { items }, newest save first",
        params: userIdParamsSchema,
        querystring: progressQuerySchema,
        response: { 200: titleProgressSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.params.userId);
      const { type, id } = req.query;
      return { items: await service.titleProgress(user.profileId, type, id, user.ceiling) };
    },
  );

  /** Continue Watching: titles started and not finished, newest first, at most 20. */
  app.get(
    routePath.get(CONTINUE_WATCHING),
    {
      schema: {
        tags,
        summary: 'Continue Watching: title summaries with their progress, newest first',
        params: userIdParamsSchema,
        response: { 200: continueWatchingSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.params.userId);
      return service.continueWatching(user.profileId, user.ceiling);
    },
  );

  /**
   * Up Next: for the shows in My List, the watch history or with progress, the next episode to
   * watch (aired, not watched, after the last one watched), the show active last first.
   */
  app.get(
    routePath.get(UP_NEXT),
    {
      schema: {
        tags,
        summary: 'Up Next: shows with the episode to watch next, the show active last first',
        params: userIdParamsSchema,
        response: { 200: upNextSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.params.userId);
      return service.upNext(user.profileId, user.ceiling);
    },
  );

  /**
   * New Episodes: for the same shows as Up Next, the episodes that aired in the last 7 days or
   * air in the next 14, by air date.
   */
  app.get(
    routePath.get(NEW_EPISODES),
    {
      schema: {
        tags,
        summary: 'New Episodes: aired in the last 7 days or airing in the next 14, by air date',
        params: userIdParamsSchema,
        response: { 200: newEpisodesSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.params.userId);
      return service.newEpisodes(user.profileId, user.ceiling);
    },
  );

  /** Takes a title out of Continue Watching (positions back to 0, watched stays); 404 if not in it. */
  app.delete(
    routePath.delete(REMOVE_CONTINUE_WATCHING),
    {
      schema: {
        tags,
        summary: 'Remove a title from Continue Watching',
        body: libraryItemBodySchema,
        response: { 200: removedSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const { userUID, id, type } = req.body;
      const user = await actingUser(req, userUID);
      await service.remove(user.profileId, type, id);
      return { ok: true as const, removed: 1 };
    },
  );

  /**
   * Marks every aired episode of a season watched (`watched` true; a started one counts as
   * finished), or forgets the season's progress (false): `{ ok, episodes }`. 404 for a show or
   * season the catalogue does not know.
   */
  app.post(
    routePath.post(MARK_SEASON),
    {
      schema: {
        tags,
        summary: "Mark a season's aired episodes watched, or unmark them: { ok, episodes }",
        body: markSeasonBodySchema,
        response: { 200: markedSeasonSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const { userUID, id, season, watched } = req.body;
      const user = await actingUser(req, userUID);
      return {
        ok: true as const,
        episodes: await service.markSeason(user.profileId, id, season, watched, user.ceiling),
      };
    },
  );

  /**
   * A player token for one movie or episode (the hand-off link to the PigoStream Player app
   * carries it): `{ token, expiresAt }`, good for 6 h, for reporting that title's progress only.
   */
  app.post(
    routePath.post(PLAYER_TOKEN),
    {
      schema: {
        tags,
        summary: 'A player token for one movie or episode: { token, expiresAt }',
        body: playerTokenBodySchema,
        response: { 200: playerTokenSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const { userUID, id, type, season, episode } = req.body;
      const user = await actingUser(req, userUID);
      await service.assertKnownTitle(type, id, user.ceiling);
      return tokens.sign({
        uid: user.profileId,
        type,
        id,
        season: season ?? 0,
        episode: episode ?? 0,
      });
    },
  );
};

/**
 * The player app's progress report: no session, a player token (`Authorization: Bearer`) for
 * the one movie or episode it reports. 401 without a token; 403 for a token that is not valid,
 * has expired, or names another title or episode.
 */
const playerProgressRoutes: FastifyPluginAsyncZod<ProgressParts> = async (
  app,
  { service, tokens },
) => {
  app.removeContentTypeParser('text/plain');
  app.post(
    routePath.post(PLAYER_PROGRESS),
    {
      schema: {
        tags: ['watch progress'],
        summary: "The player app's progress report (player token): { ok, watched }",
        body: playerProgressBodySchema,
        response: {
          200: savedProgressSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const bearer = /^Bearer ([\w.-]+)$/.exec(req.headers.authorization ?? '');
      if (!bearer?.[1]) return reply.code(401).send({ error: 'A player token is required' });
      let claims;
      try {
        claims = await tokens.verify(bearer[1]);
      } catch (error) {
        if (error instanceof PlayerTokenError)
          return reply.code(error.statusCode).send({ error: error.message });
        throw error;
      }
      const { id, type, season = 0, episode = 0 } = req.body;
      if (
        claims.type !== type ||
        claims.id !== id ||
        claims.season !== season ||
        claims.episode !== episode
      ) {
        return reply.code(403).send({ error: 'The player token is for another title or episode' });
      }
      return { ok: true as const, watched: await service.save(claims.uid, req.body) };
    },
  );
};
