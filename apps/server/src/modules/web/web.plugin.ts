/**
 * Serves the built single-page app: hashed assets under `/assets` with a one-year immutable
 * cache, `index.html` (never cached) for `/` and the spec's routes (history fallback), and a
 * JSON 404 for unknown API paths.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** Routes of spec section 2 the app handles itself. */
export const APP_ROUTES = [
  '/',
  '/index',
  '/my-list',
  '/watch-history',
  '/play',
  '/pigostore',
  '/reset-password',
];

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>PigoStream</title>
<p>The web app is not built yet. Run <code>npm start</code> (it builds first) or <code>npm run build</code>.</p>`;

const webPlugin: FastifyPluginAsync<{ webDist: string; apiPrefix: string }> = async (
  app,
  { webDist, apiPrefix },
) => {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT;

  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      setHeaders(reply, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  for (const route of APP_ROUTES) {
    app.get(route, { schema: { hide: true } }, (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml),
    );
  }

  app.setNotFoundHandler((req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '';
    if (urlPath.startsWith(apiPrefix) || req.method !== 'GET' || urlPath.startsWith('/assets/')) {
      return reply.code(404).send({ error: `No route ${req.method} ${urlPath}` });
    }
    // Unknown app path: the app renders its own not-found screen.
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
};

export default fp(webPlugin, { name: 'web' });
