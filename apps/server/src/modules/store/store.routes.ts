/**
 * The player download calls under `/pigo-stream` (API-STORE-1..2, API-GEN-1 in
 * docs/requirements.md; DEC-20 in docs/decisions.md). Public, no session needed:
 * - `GET /pigostore/app-version?platform=` -> `{ version }`, `NA` when the platform has no release;
 * - `GET /pigostore/download-app?platform=` -> `{ url }`; 404 `{ error }` when it has none;
 * - `GET /pigostore/files/{name}`: a release file from DATA_DIR/releases as an attachment
 *   (Content-Disposition with its name); 404 for any name not listed there.
 * 400 `{ error }` for a platform other than windows, macos, linux, android, ios.
 */
import { APP_VERSION, DOWNLOAD_APP, STORE_FILE, routePath } from '@pigostream/contracts/endpoints';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import { z } from 'zod';
import {
  appVersionSchema,
  downloadAppSchema,
  errorSchema,
  NO_VERSION,
  platformQuerySchema,
} from '@pigostream/contracts';
import { loadReleaseManifest } from './store.releases.ts';
import { createStoreService } from './store.service.ts';

export interface StoreRoutesOptions {
  /** RELEASES_FILE (absolute), or undefined. */
  releasesFile: string | undefined;
  /** DATA_DIR (absolute) or `memory://`; release files live in its `releases` folder. */
  dataDir: string;
  apiPrefix: string;
}

export const storeRoutes: FastifyPluginAsyncZod<StoreRoutesOptions> = async (app, opts) => {
  const manifest = opts.releasesFile ? await loadReleaseManifest(opts.releasesFile) : {};
  const releasesDir = opts.dataDir.startsWith('memory://')
    ? undefined
    : path.join(opts.dataDir, 'releases');
  const service = createStoreService({ manifest, releasesDir, apiPrefix: opts.apiPrefix });
  await app.register(fastifyStatic, { serve: false });

  app.get(
    routePath.get(APP_VERSION),
    {
      schema: {
        tags: ['pigostore'],
        summary: "The player's latest version for a platform (NA when none)",
        querystring: platformQuerySchema,
        response: { 200: appVersionSchema, 400: errorSchema },
      },
    },
    async (req) => ({
      version: (await service.release(req.query.platform))?.version ?? NO_VERSION,
    }),
  );

  app.get(
    routePath.get(DOWNLOAD_APP),
    {
      schema: {
        tags: ['pigostore'],
        summary: "The player's download link for a platform",
        querystring: platformQuerySchema,
        response: { 200: downloadAppSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const release = await service.release(req.query.platform);
      if (!release) {
        return reply.code(404).send({ error: `No player download for ${req.query.platform} yet.` });
      }
      return { url: release.url };
    },
  );

  app.get(
    routePath.get(STORE_FILE),
    {
      compress: false,
      schema: {
        tags: ['pigostore'],
        summary: 'A player release file, as a download',
        params: z.object({ name: z.string().max(200) }),
        response: { 200: z.unknown(), 206: z.unknown(), 404: errorSchema },
      },
    },
    async (req, reply) => {
      const file = await service.file(req.params.name);
      if (!file) return reply.code(404).send({ error: 'Unknown release file' });
      // Listed names are `pigoplayer-<platform>-<version>.<ext>`: no quotes or separators.
      return reply
        .header('content-disposition', `attachment; filename="${path.basename(file)}"`)
        .sendFile(path.basename(file), path.dirname(file));
    },
  );
};
