/** Builds the real app over a fresh test database (see database.ts) with the starter catalogue. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function startTestApp(
  options: { seed?: boolean; webDist?: string; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const database = await openTestDatabase({ seeded: options.seed !== false });
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    ...options.env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
