/**
 * Apps on CATALOG_SOURCE=tmdb against a TMDB stand-in (helpers/tmdb-standin.ts), for the tests
 * of the live source. Every app gets its own answer cache (unless `REDIS_URL` is given) and
 * one shared auth secret, so a session made on one is valid on the others.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { TestDatabase } from './database.ts';
import type { TmdbStandin } from './tmdb-standin.ts';

/** The read access token the stand-in accepts. */
export const STANDIN_TOKEN = 'standin-read-access-token';

/** Builds and readies an app reading `standin` over `database`; `env` overrides settings. */
export async function startTmdbApp(
  standin: TmdbStandin,
  database: TestDatabase,
  env: Record<string, string> = {},
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    CATALOG_SOURCE: 'tmdb',
    TMDB_API_TOKEN: STANDIN_TOKEN,
    TMDB_BASE_URL: standin.url,
    AUTH_SECRET: 'tmdb-test-secret-shared-by-the-servers-0123',
    ...env,
  });
  const app = await buildApp({ config, database, logger });
  await app.ready();
  return app;
}
