/**
 * Activity calls under `/pigo-stream`: `/index/most-watched`, the home hero's '#1 Most Watched'
 * title (HOME-8 in docs/requirements.md): 200 `null` when nothing was watched lately (an empty
 * state, PERF-5).
 */
import { MOST_WATCHED, routePath } from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mostWatchedSchema } from '@pigostream/contracts';
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
    routePath.get(MOST_WATCHED),
    {
      schema: {
        tags: ['catalogue'],
        summary: `The '#1 Most Watched' title: most new viewers on this server in ${TRENDING_DAYS} days`,
        response: { 200: mostWatchedSchema },
      },
    },
    async () => (await activity.mostWatched()) ?? null,
  );
};
