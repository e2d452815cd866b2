/**
 * Builds the server from its plugins, in order (ARCH-4 in docs/architecture.md): the
 * configuration's server options, the error answers, the security checks and headers,
 * compression, WebSockets and the API docs, identity (`/pigo-stream/identity`, `/pigo-stream/auth`), the
 * modules' calls under `/pigo-stream` (api.ts), and the built web app. `main.ts` starts it; tests
 * use `app.inject`.
 */
import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MAX_MESSAGE_BYTES, SOCKET_CLOSE } from '@pigostream/contracts';
import type { DatabaseHandle } from '@pigostream/db';
import { apiPlugin } from './api.ts';
import type { Config } from './config.ts';
import { ActivityService, RecentViewers } from './modules/activity/index.ts';
import {
  createConfiguredSource,
  Rankings,
  type CatalogueSource,
} from './modules/catalogue/index.ts';
import { startReadiness } from './modules/health/index.ts';
import { identityPlugin } from './modules/identity/index.ts';
import { BOOT_SCRIPT_SOURCE, webPlugin } from './modules/web/index.ts';
import { apiDocsPlugin } from './lib/api-docs.ts';
import { createClusterBus } from './lib/cluster-bus.ts';
import {
  errorHandlerPlugin,
  requestErrorOptions,
  type OutageReporter,
} from './lib/error-handler.ts';
import { requestGuardsPlugin } from './lib/request-guards.ts';
import { securityHeadersPlugin } from './lib/security-headers.ts';
import { createUpstreamLoader } from './lib/shared-cache.ts';
import { createTrustedOrigins, type TrustedOrigins } from './lib/trusted-origins.ts';

export const API_PREFIX = '/pigo-stream';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Overrides the catalogue source (tests); defaults to the one CATALOG_SOURCE names. */
  catalogue?: CatalogueSource;
  logger?: FastifyServerOptions['logger'];
  /** Overrides the trusted origins (tests); defaults to the configured ones and the machine's. */
  trustedOrigins?: TrustedOrigins;
}

/** Largest accepted request body, in bytes. */
const BODY_LIMIT_BYTES = 100_000;

/** Builds the Fastify app; call `listen` (main.ts) or `inject` (tests). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const { db } = database;
  const apiPrefix = API_PREFIX;
  // Config: log level, body limit, proxy trust; parser and router refusals in the API's shape.
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ...requestErrorOptions(apiPrefix),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const trustedOrigins =
    deps.trustedOrigins ?? createTrustedOrigins(config.port, config.identity.trustedOrigins);

  // Errors: every failure's answer (ROB-1, ROB-4); outages go to readiness once it exists.
  const outages: { readiness?: OutageReporter } = {};
  await app.register(errorHandlerPlugin, { readiness: () => outages.readiness });
  // Security: odd paths 400, foreign writes 403 (ADDR-2, ADDR-3), then the headers (QUAL-6).
  await app.register(requestGuardsPlugin, { apiPrefix, trusted: trustedOrigins });
  await app.register(securityHeadersPlugin, {
    apiPrefix,
    imageBaseUrl: config.imageBaseUrl,
    bootScript: BOOT_SCRIPT_SOURCE,
  });
  // Compression of answers over 1 kB.
  await app.register(compress, { global: true, threshold: 1024 });
  // WebSockets on the same port, before any route (it wraps every route's handler): a room's
  // socket (TOGETHER-5). Messages over 4 KB close their socket (1009); at a stop every socket
  // closes with 1001, so its client reconnects, to another server when there is one.
  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false },
    preClose(done) {
      for (const client of app.websocketServer.clients) {
        client.close(SOCKET_CLOSE.restarting.code, SOCKET_CLOSE.restarting.reason);
      }
      app.websocketServer.close(() => {
        done();
      });
    },
  });
  // The OpenAPI document of every call, at /pigo-stream/docs.
  await app.register(apiDocsPlugin, { apiPrefix });

  // What several servers must agree on, through Redis when REDIS_URL is set (SCALE-1).
  const bus = createClusterBus({ redisUrl: config.redisUrl, log: app.log });
  app.addHook('onClose', () => bus.close());
  // Identity first: it decorates the app with `identity`, which user-call guards read.
  await app.register(identityPlugin, { config, database, apiPrefix, bus, trustedOrigins });
  // Readiness (OPS-3, ROB-4): the database and its disk, the mail outbox and Redis.
  const { mail } = app.identity;
  const readiness = startReadiness(app, { database, mail, redis: bus, dataDir: config.dataDir });
  outages.readiness = readiness;
  // The upstream answer cache TMDB and AniList share, in Redis with the live catalogue (LIVE-1).
  const redisUrl = config.catalogSource === 'tmdb' ? config.redisUrl : undefined;
  const loader = createUpstreamLoader(app, {
    redisUrl,
    maxBytes: config.memory.upstreamCacheBytes,
  });
  // The catalogue CATALOG_SOURCE names: the local database, or TMDB (ARCH-12, LIVE-1).
  // Trending's kept scores take each new viewer at once and lose expired ones every minute
  // (RANK-1); the local catalogue's lists read them.
  const viewers = new RecentViewers(db);
  const activity = new ActivityService(db, viewers);
  const rankings = new Rankings(db, viewers);
  viewers.onNewViewer((type, id) => rankings.titleWatched(type, id));
  if (config.catalogSource === 'local') {
    rankings.start((error) => {
      app.log.error({ err: error }, 'rankings refresh failed');
    });
    app.addHook('onClose', (_instance, done) => {
      rankings.stop();
      done();
    });
  }
  const catalogue = deps.catalogue ?? createConfiguredSource({ config, db, loader, log: app.log });
  // The modules' calls under /pigo-stream (api.ts).
  const modules = {
    config,
    database,
    apiPrefix,
    bus,
    readiness,
    loader,
    activity,
    catalogue,
    trustedOrigins,
  };
  await app.register(apiPlugin, { prefix: apiPrefix, ...modules });
  // The built web app, with its pages' first screens.
  await app.register(webPlugin, { webDist: config.webDist, apiPrefix });
  return app;
}
