/**
 * Builds the server from plugins: security headers, compression, OpenAPI docs, identity
 * (`/pigo-stream/identity`, `/pigo-stream/auth`), the API under `/pigo-stream`, drawn images, and
 * the built web app. `main.ts` starts it; tests use
 * `app.inject`.
 */
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '@pigostream/db';
import type { Config } from './config.ts';
import { activityRoutes, ActivityService } from './modules/activity/index.ts';
import { animeRoutes } from './modules/anime/index.ts';
import {
  catalogueRoutes,
  createLocalSource,
  createSourceLookup,
  createTitleLookup,
  createTmdbClient,
  createTmdbSource,
  NotFoundError,
  UpstreamError,
  type CatalogueSource,
} from './modules/catalogue/index.ts';
import {
  appConfigRoutes,
  createReadiness,
  healthRoutes,
  type Readiness,
} from './modules/health/index.ts';
import {
  ForbiddenUserError,
  identityPlugin,
  NotAuthenticatedError,
  resolveAuthSecret,
  verifiedUidOf,
} from './modules/identity/index.ts';
import { imagesRoutes } from './modules/images/index.ts';
import { libraryRoutes } from './modules/library/index.ts';
import { progressRoutes } from './modules/progress/index.ts';
import { recommenderRoutes } from './modules/recommender/index.ts';
import { createSharedMediaIndex, sourcesRoutes } from './modules/sources/index.ts';
import { storeRoutes } from './modules/store/index.ts';
import { transferRoutes } from './modules/transfer/index.ts';
import { BOOT_SCRIPT_SOURCE, webPlugin } from './modules/web/index.ts';
import {
  invalidPathBody,
  refuseCrossOriginWrites,
  refuseNonCanonicalPaths,
  useSafeJsonParser,
} from './lib/request-guards.ts';
import { answerClientError } from './lib/client-errors.ts';
import { createClusterBus } from './lib/cluster-bus.ts';
import { unavailableAnswer } from './lib/database-unavailable.ts';
import { createTrustedOrigins, type TrustedOrigins } from './lib/trusted-origins.ts';
import {
  cacheResponses,
  cacheUserAnswers,
  clearOnWrites,
  RESPONSE_CACHE_TTL_MS,
  USER_ANSWER_TTL_MS,
} from './lib/response-cache.ts';
import { addSecurityHeaders } from './lib/security-headers.ts';
import { CachedLoader, createSharedCache } from './lib/shared-cache.ts';

/** Where AniList serves anime cover images (`coverImage.large`). */
const ANILIST_IMAGE_ORIGIN = 'https://s4.anilist.co';
export const API_PREFIX = '/pigo-stream';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Overrides the catalogue source (tests); defaults to the local database. */
  catalogue?: CatalogueSource;
  logger?: FastifyServerOptions['logger'];
  /** Overrides the trusted origins (tests); defaults to the configured ones and the machine's. */
  trustedOrigins?: TrustedOrigins;
}

/** Largest accepted request body, in bytes. */
const BODY_LIMIT_BYTES = 100_000;

/** How long a stale upstream answer is kept to serve when the upstream fails, in ms. */
const STALE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The upstream answer cache (TMDB, AniList), shared through Redis when configured; closed with
 * the app.
 */
function createUpstreamLoader(app: FastifyInstance, config: Config): CachedLoader {
  const cache = createSharedCache({
    redisUrl: config.catalogSource === 'tmdb' ? config.redisUrl : undefined,
    maxBytes: config.memory.upstreamCacheBytes,
    onError: (err) => {
      app.log.warn({ err }, 'shared cache unavailable; using the in-process cache');
    },
  });
  app.addHook('onClose', () => cache.close());
  return new CachedLoader(cache, STALE_KEEP_MS, (key, err) => {
    app.log.warn({ key, err }, 'upstream failed; serving a stale cached answer');
  });
}

/**
 * The configured catalogue source: the local database (trending asks `activity` for recent
 * viewers), or TMDB through the loader.
 */
function createCatalogueSource(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  loader: CachedLoader,
  activity: ActivityService,
): CatalogueSource {
  if (config.catalogSource === 'local') return createLocalSource(database.db, activity);
  const client = createTmdbClient({
    ...config.tmdb,
    timeoutMs: config.upstreamTimeoutMs,
    log: (message, details) => {
      app.log.warn(details, message);
    },
  });
  return createTmdbSource(client, loader, (details, message) => {
    app.log.warn(details, message);
  });
}

/** Builds the Fastify app; call `listen` (main.ts) or `inject` (tests). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Requests Node's HTTP parser refuses (headers too large, raw bytes in the path) answer in
    // the API's shape with `Connection: close`, without a body for HEAD (ROB-3).
    clientErrorHandler: answerClientError(API_PREFIX),
    // Malformed URLs and content types the router rejects answer in the API's `{ error }` shape;
    // a path it cannot decode is refused like any other non-canonical path (request-guards.ts).
    frameworkErrors: (error, req, reply) => {
      if ((error as { code?: string }).code === 'FST_ERR_BAD_URL') {
        void (reply as FastifyReply).code(400).send(invalidPathBody(req.url, API_PREFIX));
        return;
      }
      void (reply as FastifyReply).code(400).send({ error: error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Rules hold on what the code acts on. Paths with more than one reading answer 400, writes
  // from another origin or to an unknown host name 403 (ADDR-2, ADDR-3 of docs/addresses.md),
  // and JSON too deep or carrying NUL characters 400.
  const trusted =
    deps.trustedOrigins ?? createTrustedOrigins(config.port, config.identity.trustedOrigins);
  refuseNonCanonicalPaths(app, API_PREFIX);
  refuseCrossOriginWrites(app, API_PREFIX, trusted);
  useSafeJsonParser(app, false);

  // Set once the identity plugin (and so the mail outbox) is registered.
  const late: { readiness?: Readiness } = {};
  app.setErrorHandler((error, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = first?.message ?? 'Invalid request';
      return reply.code(400).send({ error: field ? `${field}: ${message}` : message });
    }
    if (error instanceof NotFoundError) return reply.code(404).send({ error: error.message });
    if (error instanceof NotAuthenticatedError || error instanceof ForbiddenUserError) {
      return reply.code(error.statusCode).send({ error: error.message });
    }
    if (error instanceof UpstreamError) {
      req.log.warn({ err: error }, 'upstream failed');
      return reply.code(error.status).send({ error: error.message });
    }
    const status =
      typeof error === 'object' && error !== null && 'statusCode' in error
        ? Number(error.statusCode)
        : 500;
    if (status >= 400 && status < 500) {
      const message = error instanceof Error ? error.message : 'Bad request';
      return reply.code(status).send({ error: message });
    }
    // The database could not carry it out: 503 with a message the app shows (ROB-4). A lost
    // connection is logged once per outage by the readiness checker, not once per request.
    const unavailable = unavailableAnswer(error, req.method);
    if (unavailable) {
      if (unavailable.cause === 'connection' && late.readiness) {
        late.readiness.connectionLost(error);
      } else {
        req.log.error({ err: error }, 'request failed: the database cannot take it');
        late.readiness?.nudge();
      }
      return reply.code(503).send(unavailable.body);
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

  // Security headers (QUAL-2, QUAL-6 in docs/requirements.md: CSP without inline script but the
  // first screen's boot script, nosniff, Referrer-Policy, frame rules that let the player's embeds
  // load), worked out once by helmet.
  addSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          // TMDB's image host for posters, and AniList's for anime covers (live AniList answers
          // and imported AniList dumps both point there).
          'img-src': [
            "'self'",
            'data:',
            config.imageBaseUrl.replace(/\/t\/p$/, ''),
            ANILIST_IMAGE_ORIGIN,
          ],
          // The inline script of pages with a server-rendered first screen, by its hash alone
          // (modules/web/first-screen.ts, PERF-1).
          'script-src': ["'self'", BOOT_SCRIPT_SOURCE],
          'frame-src': ['*'],
          'media-src': ["'self'", 'https:', 'blob:'],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
    // API answers get the short set for answers nothing runs in; the API docs are a page.
    { prefix: API_PREFIX, pages: [`${API_PREFIX}/docs`] },
  );
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PigoStream API',
        description: 'Every call the PigoStream app makes, under /pigo-stream.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  // Identity first: it decorates the app with `identity`, which user-call guards read.
  // What several servers must agree on: shared through Redis when REDIS_URL is set (SCALE-1).
  const bus = createClusterBus({ redisUrl: config.redisUrl, log: app.log });
  app.addHook('onClose', () => bus.close());
  await app.register(identityPlugin, {
    config,
    database,
    apiPrefix: API_PREFIX,
    bus,
    trustedOrigins: trusted,
  });
  const ready = createReadiness({
    database,
    mail: app.identity.mail,
    redis: bus,
    dataDir:
      database.kind === 'pglite' && !config.dataDir.startsWith('memory://')
        ? config.dataDir
        : undefined,
    log: app.log,
  });
  late.readiness = ready;
  app.addHook('onClose', () => {
    ready.close();
  });

  const loader = createUpstreamLoader(app, config);
  const activity = new ActivityService(database.db);
  const catalogue =
    deps.catalogue ?? createCatalogueSource(app, config, database, loader, activity);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, readiness: ready });
      // Catalogue answers are the same for everyone: reused for 2 s, and forgotten on any write
      // that can change them (not a user's own lists, searches, progress or imports).
      await api.register(async (cached) => {
        const answers = cacheResponses(
          cached,
          RESPONSE_CACHE_TTL_MS,
          config.memory.responseCacheBytes,
        );
        clearOnWrites(api, answers, bus, API_PREFIX);
        await cached.register(catalogueRoutes, { source: catalogue });
        await cached.register(activityRoutes, { activity });
      });
      await api.register(appConfigRoutes, { config });
      await api.register(animeRoutes, {
        db: database.db,
        source: config.catalogSource === 'tmdb' ? 'anilist' : 'local',
        anilistUrl: config.anilistUrl,
        timeoutMs: config.upstreamTimeoutMs,
        loader,
      });
      await api.register(imagesRoutes, { imageBaseUrl: config.imageBaseUrl });
      // A user's own answers are reused for 2 s, and forgotten on any write of theirs.
      await api.register(async (users) => {
        cacheUserAnswers(
          users,
          verifiedUidOf,
          bus,
          USER_ANSWER_TTL_MS,
          config.memory.responseCacheBytes,
        );
        await users.register(libraryRoutes, { db: database.db, catalogue });
        await users.register(recommenderRoutes, { db: database.db, catalogue });
        await users.register(progressRoutes, {
          db: database.db,
          catalogue,
          // Player tokens' key comes from the auth secret (the same file or AUTH_SECRET).
          secret: await resolveAuthSecret(config.identity.secret, config.dataDir),
        });
        // The export's answer is text, which the user-answer cache never keeps.
        const tables = createTitleLookup(database.db);
        await users.register(transferRoutes, {
          database,
          lookup: config.catalogSource === 'tmdb' ? createSourceLookup(tables, catalogue) : tables,
        });
      });
      await api.register(sourcesRoutes, {
        sourcesFile: config.sources.file,
        mediaDir: config.sources.mediaDir,
        apiPrefix: API_PREFIX,
        sharedIndex: database.kind === 'postgres' ? createSharedMediaIndex(database.db) : undefined,
      });
      await api.register(storeRoutes, {
        releasesFile: config.releasesFile,
        dataDir: config.dataDir,
        apiPrefix: API_PREFIX,
      });
    },
    { prefix: API_PREFIX },
  );
  await app.register(webPlugin, { webDist: config.webDist, apiPrefix: API_PREFIX });
  return app;
}
