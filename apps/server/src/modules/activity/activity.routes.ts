/**
 * Activity calls under `/pigo-stream`: `/index/most-watched`, the home hero's '#1 Most Watched'
 * title (spec 4, Home). Error: 404 `{ error }` when nothing was watched lately.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, mostWatchedSchema } from '@pigostream/contracts';
import { TRENDING_DAYS, type ActivityService } from './activity.service.ts';

export interface ActivityRoutesOptions {
  activity: ActivityService;
}

/** Registers `GET /index/most-watched`. */
export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (
  app,
  { activity },
) => {
  app.get(
    '/index/most-watched',
    {
      schema: {
        tags: ['catalogue'],
        summary: `The '#1 Most Watched' title: most new viewers on this server in ${TRENDING_DAYS} days`,
        response: {
          200: mostWatchedSchema,
          404: errorSchema,
        },
      },
    },
    async (_req, reply) => {
      const top = await activity.mostWatched();
      if (!top) return reply.code(404).send({ error: 'Nothing has been watched recently.' });
      return top;
    },
  );
};
