import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = ['apps/server/test/**/*.test.ts'];
/** Tests that need a database several processes share: PostgreSQL only. */
const postgresOnlyTests = ['apps/server/test/**/*.postgres.test.ts'];
/** Tests of the embedded database's own files (DATA_DIR lock, its disk): PGlite only. */
const embeddedOnlyTests = ['apps/server/test/**/*.embedded.test.ts'];

export default defineConfig({
  test: {
    // Issue 18: both cores; and, for the server suites, one module graph per worker (each
    // file still builds its own app over its own database), so PGlite's WASM and the app's
    // imports load once per worker instead of once per file.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.spec.ts', 'apps/*/src/**/*.spec.ts'],
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          isolate: false,
          exclude: [...configDefaults.exclude, ...postgresOnlyTests],
          env: { TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverTests,
          isolate: false,
          exclude: [...configDefaults.exclude, ...embeddedOnlyTests],
          env: { TEST_DB: 'postgres' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
