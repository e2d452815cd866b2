/**
 * The addon itself (STREMIO-2..9 in docs/requirements.md), Stremio's addon protocol v3 over HTTP
 * under `/pigo-stream/stremio/{token}`:
 * - `GET /manifest.json` -> `addonManifestSchema`: the profile's addon (under 8 KB);
 * - `GET /catalog/{type}/{id}.json`, `GET /catalog/{type}/{id}/{extra}.json` ->
 *   `{ metas }`: a catalog page (`search=`, `genre=`, `skip=`; STREMIO-4);
 * - `GET /meta/{type}/{id}.json` -> `{ meta }` (STREMIO-5);
 * - `GET /stream/{type}/{id}.json` -> `{ streams }` (STREMIO-6);
 * - `GET /subtitles/{type}/{id}.json`, `GET /subtitles/{type}/{id}/{extra}.json` ->
 *   `{ subtitles }` (STREMIO-7);
 * - `GET /media/{file id}`: a media file, with range requests (206, 416), which records the
 *   profile's Watch History and progress (STREMIO-9); `GET /media/{file id}/subtitles/{e|s}{n}.vtt`:
 *   one of its subtitles as WebVTT; `GET /media/{file id}/hls/{plan}/{main.m3u8|seg{n}.ts}`: its
 *   remux or transcode as HLS, the plan made for this token (any other: 404), each segment
 *   recording progress; 503 `{ error }` when TRANSCODE_MAX ffmpeg are busy.
 * Types are `movie` and `series`. Every answer (errors too, and OPTIONS) carries
 * `Access-Control-Allow-Origin: *` and `Cross-Origin-Resource-Policy: cross-origin`, so Stremio
 * Web reads it; none reads or sets a cookie. Answers carry `cacheMaxAge` and `staleRevalidate`
 * (seconds), sent as `Cache-Control: max-age=..., stale-while-revalidate=..., private` too.
 * Errors: 404 `{ error: 'Not found' }` for a wrong token (counted against the sign-in limits per
 * IP; STREMIO-8), an unknown catalog, type, title or file, or a title above a kids' profile's
 * limit; 429 `{ error }` with `Retry-After` (seconds) past the wrong-token limit.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import {
  addonManifestSchema,
  ADDON_TYPES,
  catalogAnswerSchema,
  errorSchema,
  metaAnswerSchema,
  streamsAnswerSchema,
  subtitlesAnswerSchema,
  type AddonManifest,
  type AddonType,
} from '@pigostream/contracts';
import {
  STREMIO_CATALOG,
  STREMIO_CATALOG_EXTRA,
  STREMIO_MANIFEST,
  STREMIO_MEDIA,
  STREMIO_MEDIA_HLS,
  STREMIO_MEDIA_SUBTITLE,
  STREMIO_META,
  STREMIO_STREAM,
  STREMIO_SUBTITLES,
  STREMIO_SUBTITLES_EXTRA,
  routePath,
} from '@pigostream/contracts/endpoints';
import type { Database } from '@pigostream/db';
import type { ClusterBus } from '../../lib/cluster-bus.ts';
import { linkOriginOf } from '../../lib/request-guards.ts';
import type { TrustedOrigins } from '../../lib/trusted-origins.ts';
import { createTitleLookup, type CatalogueSource } from '../catalogue/index.ts';
import { countSecretAttempt } from '../identity/index.ts';
import { NotAvailableOnProfileError, RatingGate, type LibraryService } from '../library/index.ts';
import type { ProgressService } from '../progress/index.ts';
import { titleOfKey, type HlsStreams, type MediaStreams } from '../sources/index.ts';
import {
  catalogPage,
  isPersonalCatalog,
  manifestCatalogs,
  parseCatalogExtra,
  type AddonRequest,
  type CatalogDeps,
} from './stremio.catalogs.ts';
import { ID_PREFIXES } from './stremio.ids.ts';
import { metaOf, titleOf, type TitleDeps } from './stremio.meta.ts';
import { AddonProgress, rangeStart, SAVE_EVERY_MS } from './stremio.progress.ts';
import { addonPlanOwner, streamsOf, subtitlesOf } from './stremio.streams.ts';
import { AddonNotFoundError, AddonTokens, type AddonProfile } from './stremio.tokens.ts';

/** What the addon reads and writes. */
export interface AddonRoutesOptions {
  db: Database;
  catalogue: CatalogueSource;
  /** The media folder, link templates and open movies (the sources module's). */
  media: MediaStreams;
  /** The media files' remuxes and transcodes (the sources module's). */
  hls: HlsStreams;
  /** My List and Watch History. */
  lists: LibraryService;
  /** Continue Watching and the progress the addon records. */
  progress: ProgressService;
  /** Tells the profile's other reads of the addon's writes (the per-user answer cache). */
  bus: ClusterBus;
  /** The origins links may start with (ADDR-4), else `publicUrl`. */
  trustedOrigins: TrustedOrigins;
  /** PUBLIC_URL's origin. */
  publicUrl: string;
  /** `/pigo-stream`. */
  apiPrefix: string;
}

/** The version of the addon the manifest announces. */
const ADDON_VERSION = '1.0.0';

/** How long Stremio may keep each kind of answer, and serve it stale while it asks again, in s. */
const KEEP = {
  manifest: [3600, 86_400],
  catalog: [600, 3600],
  personal: [60, 60],
  meta: [3600, 86_400],
  stream: [60, 300],
  subtitles: [300, 3600],
} as const satisfies Record<string, readonly [number, number]>;

const tokenParam = z.string().max(1000);
const params = z.object({ token: tokenParam, type: z.string().max(100), id: z.string().max(500) });
const extraParams = params.extend({ extra: z.string().max(1000) });
const errors = { 404: errorSchema, 429: errorSchema };
const tags = ['stremio addon'];

/** The request's path as sent (no query, no trailing slash). */
function rawPathOf(req: FastifyRequest): string {
  const query = req.url.indexOf('?');
  return (query === -1 ? req.url : req.url.slice(0, query)).replace(/\/+$/, '');
}

/** The last segment of the request's path as sent, without `.json`: a catalog's extra. */
function rawExtraOf(req: FastifyRequest): string {
  const raw = rawPathOf(req);
  return raw.slice(raw.lastIndexOf('/') + 1).replace(/\.json$/, '');
}

/** `answer` with the cache fields, and the same in `Cache-Control`. */
function kept<T extends object>(
  reply: FastifyReply,
  answer: T,
  [maxAge, stale]: readonly [number, number],
): T & { cacheMaxAge: number; staleRevalidate: number } {
  reply.header(
    'cache-control',
    `max-age=${String(maxAge)}, stale-while-revalidate=${String(stale)}, private`,
  );
  return { ...answer, cacheMaxAge: maxAge, staleRevalidate: stale };
}

/** The manifest of a profile's addon, its links under `origin`. */
export function manifestOf(profile: AddonProfile, origin: string): AddonManifest {
  return {
    id: `io.pigostream.addon.${profile.tokenId}`,
    version: ADDON_VERSION,
    name: `PigoStream: ${profile.name}`,
    description: `${profile.name}'s PigoStream: trending titles, streaming providers, My List and Continue Watching, with the server's own files.`,
    resources: ['catalog', 'meta', 'stream', 'subtitles'],
    types: [...ADDON_TYPES],
    idPrefixes: [...ID_PREFIXES],
    catalogs: manifestCatalogs(),
    behaviorHints: { adult: false, p2p: false },
    logo: `${origin}/pwa-192x192.png`,
  };
}

/** Registers the addon's calls (STREMIO-2..9). */
export const addonRoutes: FastifyPluginAsyncZod<AddonRoutesOptions> = async (app, opts) => {
  const { db, catalogue, media, hls, apiPrefix } = opts;
  const tokens = new AddonTokens(db);
  const gate = new RatingGate(catalogue);
  const lookup = createTitleLookup(db);
  const catalogDeps: CatalogDeps = {
    catalogue,
    lookup,
    lists: opts.lists,
    progress: opts.progress,
  };
  const titleDeps: TitleDeps = { catalogue, lookup, gate };
  const recorder = new AddonProgress({
    media,
    lists: opts.lists,
    progress: opts.progress,
    bus: opts.bus,
    log: app.log,
  });
  await app.register(fastifyStatic, { serve: false });

  // Stremio Web reads every answer from its own origin; no cookie is read or set here.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.removeHeader('set-cookie');
    return payload;
  });

  /**
   * The profile and the links of an addon request, from its token (looked up once per request).
   * @throws AddonNotFoundError (404) or AttemptsLimitedError (429) for a wrong token.
   */
  const addonOf = async (req: FastifyRequest<{ Params: { token: string } }>) => {
    const { token } = req.params;
    const profile = await tokens.resolve(token, () => countSecretAttempt(req, 'stremio-token'));
    const origin = linkOriginOf(req, opts.trustedOrigins, opts.publicUrl);
    const addon: AddonRequest = { profile, origin, base: `${origin}${apiPrefix}/stremio/${token}` };
    return addon;
  };

  /** The Stremio type of a request, or a 404. */
  const typeOf = (type: string): AddonType => {
    if (type !== 'movie' && type !== 'series') throw new AddonNotFoundError();
    return type;
  };

  /** STREMIO-2: the profile's addon. */
  app.get(
    routePath.get(STREMIO_MANIFEST),
    {
      schema: {
        tags,
        summary: "A profile's Stremio addon: its manifest",
        params: z.object({ token: tokenParam }),
        response: { 200: addonManifestSchema, ...errors },
      },
    },
    async (req, reply) => {
      const addon = await addonOf(req);
      const answer = manifestOf(addon.profile, addon.origin);
      const [maxAge, stale] = KEEP.manifest;
      reply.header(
        'cache-control',
        `max-age=${String(maxAge)}, stale-while-revalidate=${String(stale)}, private`,
      );
      return answer;
    },
  );

  /** STREMIO-4: one page of a catalog; `extra` the raw segment, undefined for none. */
  const catalog = async (
    req: FastifyRequest<{ Params: { token: string; type: string; id: string } }>,
    reply: FastifyReply,
    extra: string | undefined,
  ) => {
    const addon = await addonOf(req);
    const type = typeOf(req.params.type);
    const mediaType = type === 'movie' ? 'movie' : 'tv';
    const metas = await catalogPage(
      catalogDeps,
      addon,
      mediaType,
      req.params.id,
      parseCatalogExtra(extra),
    );
    if (!metas) throw new AddonNotFoundError();
    return kept(reply, { metas }, isPersonalCatalog(req.params.id) ? KEEP.personal : KEEP.catalog);
  };
  const catalogSchema = { 200: catalogAnswerSchema, ...errors };
  app.get(
    routePath.get(STREMIO_CATALOG),
    { schema: { tags, summary: 'A catalog page', params, response: catalogSchema } },
    async (req, reply) => catalog(req, reply, undefined),
  );
  app.get(
    routePath.get(STREMIO_CATALOG_EXTRA),
    {
      schema: {
        tags,
        summary: 'A catalog page with search=, genre=, skip=',
        params: extraParams,
        response: catalogSchema,
      },
    },
    async (req, reply) => catalog(req, reply, rawExtraOf(req)),
  );

  /** STREMIO-5: a title's details. */
  app.get(
    routePath.get(STREMIO_META),
    {
      schema: {
        tags,
        summary: "A title's details",
        params,
        response: { 200: metaAnswerSchema, ...errors },
      },
    },
    async (req, reply) => {
      const addon = await addonOf(req);
      const meta = await metaOf(titleDeps, addon, typeOf(req.params.type), req.params.id);
      if (!meta) throw new AddonNotFoundError();
      return kept(reply, { meta }, KEEP.meta);
    },
  );

  /** STREMIO-6: a movie's or an episode's streams. */
  app.get(
    routePath.get(STREMIO_STREAM),
    {
      schema: {
        tags,
        summary: "A movie's or an episode's streams",
        params,
        response: { 200: streamsAnswerSchema, ...errors },
      },
    },
    async (req, reply) => {
      const addon = await addonOf(req);
      const title = await titleOf(titleDeps, addon, typeOf(req.params.type), req.params.id);
      if (!title) throw new AddonNotFoundError();
      return kept(reply, { streams: await streamsOf({ media, hls }, addon, title) }, KEEP.stream);
    },
  );

  /** STREMIO-7: the subtitles of a movie's or an episode's media files. */
  const subtitles = async (
    req: FastifyRequest<{ Params: { token: string; type: string; id: string } }>,
    reply: FastifyReply,
    extra: string | undefined,
  ) => {
    const addon = await addonOf(req);
    const title = await titleOf(titleDeps, addon, typeOf(req.params.type), req.params.id);
    if (!title) throw new AddonNotFoundError();
    const hints = new URLSearchParams(extra ?? '');
    const size = hints.get('videoSize') ?? '';
    const hint = {
      ...(/^\d{1,15}$/.test(size) ? { videoSize: Number(size) } : {}),
      ...(hints.get('filename') ? { filename: hints.get('filename') ?? '' } : {}),
    };
    return kept(reply, { subtitles: await subtitlesOf(media, addon, title, hint) }, KEEP.subtitles);
  };
  const subtitlesSchema = { 200: subtitlesAnswerSchema, ...errors };
  app.get(
    routePath.get(STREMIO_SUBTITLES),
    { schema: { tags, summary: 'Subtitles', params, response: subtitlesSchema } },
    async (req, reply) => subtitles(req, reply, undefined),
  );
  app.get(
    routePath.get(STREMIO_SUBTITLES_EXTRA),
    {
      schema: {
        tags,
        summary: 'Subtitles of the file of videoSize= or filename=',
        params: extraParams,
        response: subtitlesSchema,
      },
    },
    async (req, reply) => subtitles(req, reply, rawExtraOf(req)),
  );

  /**
   * The media file `mediaId` the profile may play, with its real path.
   * @throws AddonNotFoundError (404) for an unknown file, or one of a title a kids' profile may
   *   not play (PROFILE-7).
   */
  const playable = async (profile: AddonProfile, mediaId: string) => {
    const found = /^[a-f0-9]{24}$/.test(mediaId) ? await media.servable(mediaId) : undefined;
    if (!found) throw new AddonNotFoundError();
    if (profile.ceiling) {
      const title = titleOfKey(found.file.key);
      if (!title) throw new AddonNotFoundError();
      try {
        await gate.assertPlayable(title.type, title.id, profile.ceiling);
      } catch (error) {
        throw error instanceof NotAvailableOnProfileError ? new AddonNotFoundError() : error;
      }
    }
    return found;
  };

  /** STREMIO-6, STREMIO-9: a media file through the token, with range requests. */
  app.get(
    routePath.get(STREMIO_MEDIA),
    {
      compress: false,
      // An unsatisfiable range answers 416 with the file's size (RFC 9110, section 14.4).
      onSend: async (req, reply, payload) => {
        const file = media.library.file(req.params.mediaId);
        if (reply.statusCode === 416 && file) {
          const size = (await stat(file.path).catch(() => undefined))?.size;
          if (size !== undefined) reply.header('content-range', `bytes */${String(size)}`);
        }
        return payload;
      },
      schema: {
        tags,
        summary: 'A media file through the addon, with range requests',
        params: z.object({ token: tokenParam, mediaId: z.string().max(100) }),
        response: { 200: z.unknown(), 206: z.unknown(), ...errors },
      },
    },
    async (req, reply) => {
      const addon = await addonOf(req);
      const { file, real } = await playable(addon.profile, req.params.mediaId);
      if (req.method === 'GET') {
        const start = rangeStart(req.headers.range);
        const served = recorder.served(addon.profile, file, real, start);
        const socket = reply.raw.socket;
        const before = socket?.bytesWritten ?? 0;
        const sent = () => Math.max(0, (socket?.bytesWritten ?? before) - before);
        const timer = setInterval(() => {
          served.reached(start + sent());
        }, SAVE_EVERY_MS);
        timer.unref();
        reply.raw.once('close', () => {
          clearInterval(timer);
          served.reached(start + sent());
        });
      }
      return reply
        .header('cache-control', 'private, max-age=3600')
        .sendFile(path.basename(real), path.dirname(real), { cacheControl: false });
    },
  );

  /** STREMIO-6, STREMIO-9: a playlist or segment of a media file's HLS stream. */
  app.get(
    routePath.get(STREMIO_MEDIA_HLS),
    {
      compress: false,
      schema: {
        tags,
        summary: "A playlist or segment of a media file's remux or transcode through the addon",
        params: z.object({
          token: tokenParam,
          mediaId: z.string().max(100),
          plan: z.string().max(400),
          file: z.string().max(40),
        }),
        response: { 200: z.unknown(), 503: errorSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { profile } = await addonOf(req);
      return hls.answer(reply, {
        mediaId: req.params.mediaId,
        plan: req.params.plan,
        file: req.params.file,
        uid: addonPlanOwner(profile.tokenId),
        profileId: profile.profileId,
        resolve: (mediaId) => playable(profile, mediaId),
        onSegment: ({ file }, start, length) => {
          recorder.segmentServed(profile, file, start, length);
        },
      });
    },
  );

  /** STREMIO-7: a subtitle of a media file as WebVTT (`e{n}.vtt` inside, `s{n}.vtt` beside). */
  app.get(
    routePath.get(STREMIO_MEDIA_SUBTITLE),
    {
      schema: {
        tags,
        summary: 'A subtitle of a media file, as WebVTT',
        params: z.object({
          token: tokenParam,
          mediaId: z.string().max(100),
          subtitle: z.string().max(100),
        }),
        response: { 200: z.string(), 422: errorSchema, ...errors },
      },
    },
    async (req, reply) => {
      const addon = await addonOf(req);
      const { file, real } = await playable(addon.profile, req.params.mediaId);
      const id = /^([es]\d{1,3})\.vtt$/.exec(req.params.subtitle)?.[1];
      if (!id) throw new AddonNotFoundError();
      const text = await media.subtitleText(file, real, id);
      if (!('vtt' in text)) return reply.code(text.status).send({ error: text.error });
      return reply
        .type('text/vtt; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(text.vtt);
    },
  );

  // Any other path under a token: the token is checked (and counted when wrong), then 404.
  app.get(
    '/stremio/:token/*',
    { schema: { hide: true, params: z.object({ token: tokenParam, '*': z.string() }) } },
    async (req) => {
      await addonOf(req);
      throw new AddonNotFoundError();
    },
  );
  // CORS preflight: nothing is read, nothing is counted.
  app.options('/stremio/:token/*', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', '*')
      .header('access-control-max-age', '86400')
      .send(),
  );
};
