/**
 * Builds the server from plugins: security headers, compression, OpenAPI docs, the API under
 * `/pigo-stream`, drawn images, and the built web app. `main.ts` starts it; tests use
 * `app.inject`.
 */
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
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
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { NotFoundError, type CatalogueSource } from './modules/catalogue/catalogue.source.ts';
import { createLocalSource } from './modules/catalogue/local.source.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import webPlugin from './modules/web/web.plugin.ts';

export const API_PREFIX = '/pigo-stream';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Overrides the catalogue source (tests); defaults to the local database. */
  catalogue?: CatalogueSource;
  logger?: FastifyServerOptions['logger'];
}

/** Largest accepted request body, in bytes. */
const BODY_LIMIT_BYTES = 100_000;

/** Builds the Fastify app; call `listen` (main.ts) or `inject` (tests). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Malformed URLs and content types the router rejects answer in the API's `{ error }` shape.
    frameworkErrors: (error, _req, reply) => {
      void (reply as FastifyReply).code(400).send({ error: error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = first?.message ?? 'Invalid request';
      return reply.code(400).send({ error: field ? `${field}: ${message}` : message });
    }
    if (error instanceof NotFoundError) return reply.code(404).send({ error: error.message });
    const status =
      typeof error === 'object' && error !== null && 'statusCode' in error
        ? Number(error.statusCode)
        : 500;
    if (status >= 400 && status < 500) {
      const message = error instanceof Error ? error.message : 'Bad request';
      return reply.code(status).send({ error: message });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', config.imageBaseUrl.replace(/\/t\/p$/, '')],
        'frame-src': ['*'],
        'media-src': ["'self'", 'https:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
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

  const catalogue = deps.catalogue ?? createLocalSource(database.db);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(catalogueRoutes, { source: catalogue });
      await api.register(imagesRoutes, { imageBaseUrl: config.imageBaseUrl });
    },
    { prefix: API_PREFIX },
  );
  await app.register(webPlugin, { webDist: config.webDist, apiPrefix: API_PREFIX });
  return app;
}
