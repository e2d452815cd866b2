/**
 * `GET /pigo-stream/sources/servers` (API-SRC-1 in docs/requirements.md): the stream links
 * ("servers") for a title, and `POST /pigo-stream/sources/rescan`.
 */
import { z } from './zod.ts';
import { idSchema, mediaTypeSchema, showNumberQuerySchema } from './common.ts';

/** A season or episode number of a stream link: 1 to 9999, as a string of digits. */
function positiveNumber(field: string) {
  return showNumberQuerySchema(1, `${field} must be a positive whole number`);
}

/**
 * `?id=&type=&season=&episode=`. `season` and `episode` are read for tv only and default to 1
 * (LIMIT-13: default episode 1); when given they must be positive whole numbers.
 */
export const serversQuerySchema = z.object({
  id: idSchema,
  type: mediaTypeSchema,
  season: z.pipe(
    z.optional(positiveNumber('season')),
    z.transform((n) => n ?? 1),
  ),
  episode: z.pipe(
    z.optional(positiveNumber('episode')),
    z.transform((n) => n ?? 1),
  ),
});
export type ServersQuery = z.infer<typeof serversQuerySchema>;

/** One server: a display name (unique in a list) and the link the player plays. */
export const serverSchema = z.object({ server_name: z.string(), server_link: z.string() });
export type Server = z.infer<typeof serverSchema>;

/** The servers for a title, in preference order; `[]` when there are none. */
export const serversSchema = z.array(serverSchema);

/** `POST /sources/rescan`: how many video files the local media library holds after the scan. */
export const rescanResultSchema = z.object({ files: z.number().check(z.int()) });
