/**
 * What this server's users watch (spec 1 and spec 4 Home: the '#1 Most Watched' hero;
 * `GET /index/most-watched`).
 */
import { z } from './zod.ts';
import { mediaTypeSchema } from './common.ts';

/** A title by TMDB id and type: `{ id, type }`. */
export const mediaRefSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  type: mediaTypeSchema,
});
export type MediaRef = z.infer<typeof mediaRefSchema>;

/** `GET /index/most-watched` answers the title with the most new viewers in 7 days (200). */
export const mostWatchedSchema = mediaRefSchema;
export type MostWatched = MediaRef;
