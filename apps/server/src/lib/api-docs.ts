/**
 * The API's interactive OpenAPI document, generated from the routes' zod schemas (ARCH-20 in
 * docs/architecture.md; "API: the calls" in docs/requirements.md).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export interface ApiDocsOptions {
  /** Path prefix of the API, `/pigo-stream`: the document is served at `${apiPrefix}/docs`. */
  apiPrefix: string;
}

/**
 * Collects every route registered after it into the OpenAPI document and serves it, with
 * Swagger UI, at `${apiPrefix}/docs`. Register on the root app (not encapsulated), before the
 * routes.
 */
const apiDocs: FastifyPluginAsync<ApiDocsOptions> = async (app, { apiPrefix }) => {
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
  await app.register(swaggerUi, { routePrefix: `${apiPrefix}/docs` });
};

/** The API docs' plugin ({@link apiDocs}). */
export const apiDocsPlugin = fp(apiDocs, { name: 'api-docs' });
