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
 * SOURCES_FILE is validated and MEDIA_DIR scanned when the plugin registers.
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
import { MediaLibrary, type SharedMediaIndex } from './sources.library.ts';
import { createSourcesService } from './sources.service.ts';
import { loadLinkTemplates } from './sources.templates.ts';

/** Shortest time between two library scans started by requests, in ms. */
const MIN_RESCAN_MS = 10_000;

export interface SourcesRoutesOptions {
  /** SOURCES_FILE (absolute), or undefined for no templates. */
  sourcesFile: string | undefined;
  /** MEDIA_DIR (absolute), or undefined for no local library. */
  mediaDir: string | undefined;
  /** Prefix the API is mounted at, for local file links. */
  apiPrefix: string;
  /** On PostgreSQL: the index several servers share, so a scan runs on one (SCALE-1, SCALE-4). */
  sharedIndex?: SharedMediaIndex | undefined;
}

export const sourcesRoutes: FastifyPluginAsyncZod<SourcesRoutesOptions> = async (app, opts) => {
  const templates = opts.sourcesFile ? loadLinkTemplates(opts.sourcesFile) : [];
  const library = new MediaLibrary({
    dir: opts.mediaDir,
    minRescanMs: MIN_RESCAN_MS,
    log: (message, details) => {
      app.log.warn(details, message);
    },
    shared: opts.sharedIndex,
    onWalked: (files) => {
      app.log.info({ dir: opts.mediaDir, files }, 'media library walked');
    },
  });
  const files = await library.scan();
  if (opts.mediaDir) app.log.info({ dir: opts.mediaDir, files }, 'media library scanned');
  const service = createSourcesService({ templates, library, apiPrefix: opts.apiPrefix });
  await app.register(fastifyStatic, { serve: false });

  app.get(
    routePath.get(SERVERS),
    {
      schema: {
        tags: ['sources'],
        summary: 'Servers (stream links) for a movie or an episode',
        querystring: serversQuerySchema,
        response: { 200: serversSchema, 400: errorSchema },
      },
    },
    (req) => service.listServers(req.query),
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
        response: { 200: z.unknown(), 206: z.unknown(), 400: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const file = library.file(req.params.mediaId);
      const real = file && (await library.servablePath(file));
      if (!real) return reply.code(404).send({ error: 'Unknown media file' });
      return reply
        .header('cache-control', 'private, max-age=3600')
        .sendFile(path.basename(real), path.dirname(real), { cacheControl: false });
    },
  );
};
