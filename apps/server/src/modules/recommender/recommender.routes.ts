/**
 * Recommender calls of API-RECO-1..2, API-GEN-1 in docs/requirements.md under `/pigo-stream`
 * (DEC-9, DEC-17 in docs/decisions.md: inserts carry `item_type`, answers are `[{ id, type }]`).
 * Both need a verified session (401 `{ error: 'User is not authenticated' }`) and must name the
 * signed-in user (403). Errors: 400 `{ error }` for bad input, 404 for a title the catalogue does
 * not know, 413/415 for oversized or non-JSON bodies; nothing is written then.
 */
import { RECOMMENDATIONS, RECOMMENDER_INSERT, routePath } from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  okSchema,
  recommendationsQuerySchema,
  recommendationsSchema,
  recommenderInsertBodySchema,
} from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { isConnectionError } from '../../lib/database-unavailable.ts';
import type { ActivityService } from '../activity/index.ts';
import type { CatalogueSource } from '../catalogue/index.ts';
import { actingUser, requireSignedIn } from '../library/index.ts';
import { RecommenderService } from './recommender.service.ts';

/** What the recommender calls run on. */
export interface RecommenderRoutesOptions {
  db: Database;
  /** Checks inserted titles. */
  catalogue: CatalogueSource;
  /** Background sync interval in ms (tests may set 0); see {@link RecommenderService}. */
  refreshMs?: number;
  /**
   * The activity module's service the recommender records and reads watch events with (default:
   * its own over `db`).
   */
  activity?: ActivityService;
  /**
   * Most watch events the co-watch model holds, the newest kept (config `recommender.maxEvents`,
   * RECOMMENDER_MAX_EVENTS; default the service's DEFAULT_MAX_EVENTS).
   */
  maxEvents?: number;
}

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Registers `POST /recommender/insert` and `GET /recommender/user_recommendations`. */
export const recommenderRoutes: FastifyPluginAsyncZod<RecommenderRoutesOptions> = async (
  app,
  { db, catalogue, refreshMs, activity, maxEvents },
) => {
  const service = new RecommenderService(db, catalogue, {
    refreshMs,
    activity,
    maxEvents,
    onError: (err) => {
      // A database that cannot be reached is logged once per outage by the readiness checker
      // (ROB-4 of docs/robustness.md), not on every load attempt or sync.
      if (isConnectionError(err)) app.log.debug({ err }, 'recommender load or sync failed');
      else app.log.warn({ err }, 'recommender load or sync failed');
    },
  });
  app.addHook('onReady', async () => {
    service.warm();
  });
  app.addHook('onClose', () => service.close());
  app.addHook('onRequest', requireSignedIn);
  // Bodies are JSON only: anything else answers 415 (Fastify also parses text/plain).
  app.removeContentTypeParser('text/plain');
  const tags = ['recommender'];

  /**
   * API-RECO-2: `{ user_id, item_id, item_type, watched: true }` records one watch event (the play
   * page's first Play of a visit). Watching a title again counts it again.
   */
  app.post(
    routePath.post(RECOMMENDER_INSERT),
    {
      schema: {
        tags,
        summary: 'Record a watch event',
        body: recommenderInsertBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (req) => {
      const { user_id, item_id, item_type } = req.body;
      const user = await actingUser(req, user_id);
      await service.insert(user.profileId, item_type, item_id);
      return { ok: true as const };
    },
  );

  /**
   * API-RECO-1, API-CAT-3: `?user_id=` answers up to 50 `[{ id, type }]` the user has not watched,
   * best first: co-watch similarity across all users, then catalogue similarity, then popularity;
   * for a kids' profile only titles within its rating limit (PROFILE-7).
   */
  app.get(
    routePath.get(RECOMMENDATIONS),
    {
      schema: {
        tags,
        summary: 'Up to 50 recommended titles: [{ id, type }]',
        querystring: recommendationsQuerySchema,
        response: { 200: recommendationsSchema, ...errors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.query.user_id);
      return service.recommend(user.profileId, user.ceiling);
    },
  );
};
