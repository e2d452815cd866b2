/**
 * Activity calls under `/pigo-stream`: `/index/most-watched`, the home hero's '#1 Most Watched'
 * title (HOME-8 in docs/requirements.md): 200 `null` when nothing was watched lately (an empty
 * state, PERF-5). A kids' profile is answered the most watched title within its rating limit
 * (PROFILE-7), looked for among the {@link KIDS_RANKING} most watched; null when none is.
 */
import { MOST_WATCHED, routePath } from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mostWatchedSchema } from '@pigostream/contracts';
import type { CatalogueSource } from '../catalogue/index.ts';
import { ratingCeilingOf } from '../identity/index.ts';
import { RatingGate } from '../library/index.ts';
import { TRENDING_DAYS, type ActivityService } from './activity.service.ts';

/** How many of the most watched titles a kids' profile's '#1 Most Watched' is looked for in. */
export const KIDS_RANKING = 50;

export interface ActivityRoutesOptions {
  activity: ActivityService;
  /**
   * The catalogue source, which rates titles for a kids' profile's limit (PROFILE-7). Without it
   * a kids' profile is answered null.
   */
  catalogue?: CatalogueSource | undefined;
}

/** Registers `GET /index/most-watched`. */
export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (
  app,
  { activity, catalogue },
) => {
  const gate = catalogue ? new RatingGate(catalogue) : undefined;
  app.get(
    routePath.get(MOST_WATCHED),
    {
      schema: {
        tags: ['catalogue'],
        summary: `The '#1 Most Watched' title: most new viewers on this server in ${TRENDING_DAYS} days`,
        response: { 200: mostWatchedSchema },
      },
    },
    async (req) => {
      const ceiling = await ratingCeilingOf(req);
      if (!ceiling) return (await activity.mostWatched()) ?? null;
      if (!gate) return null;
      const [first] = await gate.shown(await activity.mostWatchedRanking(KIDS_RANKING), ceiling);
      return first ?? null;
    },
  );
};
