/**
 * What this server's users watch (PROD-2 in docs/requirements.md and HOME-8: the '#1 Most Watched'
 * hero; `GET /index/most-watched`).
 */
import { z } from './zod.ts';
import { mediaTypeSchema } from './common.ts';

/** A title by TMDB id and type: `{ id, type }`. */
export const mediaRefSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  type: mediaTypeSchema,
});
export type MediaRef = z.infer<typeof mediaRefSchema>;

/**
 * `GET /index/most-watched` answers 200 with the title with the most new viewers in 7 days, or
 * 200 `null` when nobody watched anything in that time (an empty state, not an error: PERF-5).
 */
export const mostWatchedSchema = z.nullable(mediaRefSchema);
export type MostWatched = z.infer<typeof mostWatchedSchema>;
