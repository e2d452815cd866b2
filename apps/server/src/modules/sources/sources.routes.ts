/**
 * Stream sources under `/pigo-stream` (API-GEN-1 in docs/requirements.md; DEC-18 in
 * docs/decisions.md). Public, no session needed:
 * - `GET /sources/servers?id=&type=&season=&episode=` -> `[{ server_name, server_link }]`;
 *   `season` and `episode` (tv) default to 1. 400 `{ error }` for bad input.
 * - `POST /sources/rescan` -> `{ files }`: rescans MEDIA_DIR (at most once per 10 s; on
 *   PostgreSQL once for all servers: one walks MEDIA_DIR, the others read its result).
 * - `GET /sources/media/{id}`: a local library file by its opaque id, with HTTP range requests
 *   (206 + Content-Range, 416 for an unsatisfiable range). 400 for a malformed id, 404 for an
 *   unknown one or a file whose real path has left MEDIA_DIR; no other path is reachable.
 * - The playback, subtitle and HLS calls of library files (playback.routes.ts; PLAYBACK-1..6).
 * A kids' profile (PROFILE-7) is refused the servers of a title above its rating limit, and every
 * stream of a library file of one (the file, its playback, subtitles and HLS): 403
 * `{ error: 'Not available on this profile' }`; so is a file of a title the catalogue does not
 * know, unless the profile shows unrated titles. Signed-out requests and adults are not checked.
 * SOURCES_FILE is validated and MEDIA_DIR scanned before the plugin registers (media-streams.ts);
 * the library's files are then probed with ffprobe in the background (PLAYBACK-1).
 */
import { MEDIA_FILE, RESCAN, SERVERS, routePath } from '@pigostream/contracts/endpoints';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  errorSchema,
  rescanResultSchema,
  serversQuerySchema,
  serversSchema,
} from '@pigostream/contracts';
import type { CatalogueSource } from '../catalogue/index.ts';
import { ratingCeilingOf } from '../identity/index.ts';
import { NotAvailableOnProfileError, RatingGate } from '../library/index.ts';
import type { HlsStreams } from './hls-streams.ts';
import type { MediaStreams } from './media-streams.ts';
import { registerPlaybackRoutes, type PlayableCheck } from './playback.routes.ts';
import { titleOfKey } from './sources.library.ts';
import { createSourcesService } from './sources.service.ts';

export interface SourcesRoutesOptions {
  /**
   * What titles play from (openMediaStreams): the media folder, scanned, and the link
   * templates; shared with the addon (STREMIO-6).
   */
  media: MediaStreams;
  /** Prefix the API is mounted at, for local file links. */
  apiPrefix: string;
  /** The remuxes and transcodes (openHlsStreams), shared with the addon (PLAYBACK-4). */
  hls: HlsStreams;
  /**
   * The catalogue source, which rates titles for a kids' profile's limit (PROFILE-7). Without
   * it a kids' profile is refused every library file and server list (nothing could be checked).
   */
  catalogue?: CatalogueSource | undefined;
}

export const sourcesRoutes: FastifyPluginAsyncZod<SourcesRoutesOptions> = async (app, opts) => {
  const { media } = opts;
  const { library } = media;
  const gate = opts.catalogue ? new RatingGate(opts.catalogue) : undefined;
  /** Signed-out requests and adults: no check, no lookup. A key of no title: refused to kids. */
  const assertPlayable: PlayableCheck = async (req, title) => {
    const ceiling = await ratingCeilingOf(req);
    if (!ceiling) return;
    if (!gate || !title) throw new NotAvailableOnProfileError();
    await gate.assertPlayable(title.type, title.id, ceiling);
  };
  const service = createSourcesService({ media, apiPrefix: opts.apiPrefix });
  await app.register(fastifyStatic, { serve: false });
  await registerPlaybackRoutes(app, {
    media,
    hls: opts.hls,
    apiPrefix: opts.apiPrefix,
    assertPlayable,
  });

  app.get(
    routePath.get(SERVERS),
    {
      schema: {
        tags: ['sources'],
        summary: 'Servers (stream links) for a movie or an episode',
        querystring: serversQuerySchema,
        response: { 200: serversSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req) => {
      await assertPlayable(req, { type: req.query.type, id: req.query.id });
      return service.listServers(req.query);
    },
  );

  app.post(
    routePath.post(RESCAN),
    {
      schema: {
        tags: ['sources'],
        summary: 'Rescan the local media library (at most once per 10 s)',
        response: { 200: rescanResultSchema },
      },
    },
    async () => ({ files: await library.rescan() }),
  );

  app.get(
    routePath.get(MEDIA_FILE),
    {
      compress: false,
      // An unsatisfiable range answers 416 with the file's size (RFC 9110, section 14.4).
      onSend: async (req, reply, payload) => {
        const file = library.file(req.params.mediaId);
        if (reply.statusCode === 416 && file) {
          const size = (await stat(file.path).catch(() => undefined))?.size;
          if (size !== undefined) reply.header('content-range', `bytes */${size}`);
        }
        return payload;
      },
      schema: {
        tags: ['sources'],
        summary: 'A local library video file, with range requests',
        params: z.object({
          mediaId: z.string().regex(/^[a-f0-9]{24}$/, 'Unknown media file'),
        }),
        response: {
          200: z.unknown(),
          206: z.unknown(),
          400: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const file = library.file(req.params.mediaId);
      const real = file && (await library.servablePath(file));
      if (!real) return reply.code(404).send({ error: 'Unknown media file' });
      await assertPlayable(req, titleOfKey(file.key));
      return reply
        .header('cache-control', 'private, max-age=3600')
        .sendFile(path.basename(real), path.dirname(real), { cacheControl: false });
    },
  );
};
