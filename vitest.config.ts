import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = ['apps/server/test/**/*.test.ts'];
/** Tests that need a database several processes share: PostgreSQL only. */
const postgresOnlyTests = ['apps/server/test/**/*.postgres.test.ts'];
/** Tests of the embedded database's own files (DATA_DIR lock, its disk): PGlite only. */
const embeddedOnlyTests = ['apps/server/test/**/*.embedded.test.ts'];
/**
 * Tests whose outcome does not depend on which database the server runs on (ARCH-36 in
 * docs/architecture.md: the PostgreSQL suite does not repeat them): image paths, headers, stream
 * sources, the transcoder's sessions, the store, the built web app, the public URL, the TMDB and
 * AniList clients against their stand-ins, and the `pigo` CLI, which opens the embedded database
 * by itself whatever the suite's database. They run once, on the embedded database. Where one of
 * them touches the database, it is only through code another file tests on both (a user to sign
 * in with: identity.*.test.ts; a saved title: library*.test.ts; a library file: playback.test.ts).
 * The catalogue contract over the starter catalogue reads the catalogue tables, so it is not
 * listed.
 */
const databaseNeutralTests = [
  'apps/server/test/images.test.ts',
  // The cluster bus against a redis-server of its own; no database.
  'apps/server/test/cluster-bus.test.ts',
  'apps/server/test/security-headers.test.ts',
  'apps/server/test/sources.test.ts',
  'apps/server/test/sources-config.test.ts',
  'apps/server/test/sources.symlinks.test.ts',
  'apps/server/test/store.test.ts',
  'apps/server/test/web.test.ts',
  'apps/server/test/public-url.test.ts',
  'apps/server/test/tmdb.test.ts',
  'apps/server/test/anime-drift.test.ts',
  'apps/server/test/anime.live.test.ts',
  // The CLI runs as its own process on the embedded database (DATABASE_URL unset).
  'apps/server/test/importers.cli.test.ts',
  // ffmpeg sessions of the transcoder: their limits, idle stops and cache are the server's own
  // state; the media index they start from is playback.test.ts's, on both databases.
  'apps/server/test/playback-limits.test.ts',
];

/** Compiles the server once per run for the tests that start it as a process. */
const BUILT_SERVER_SETUP = 'apps/server/test/helpers/built-server-setup.ts';

export default defineConfig({
  test: {
    // ARCH-36: both cores; and, for the server suites, one module graph per worker (each
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
          // The compiled server and CLI that process tests start (helpers/server-programs.ts).
          globalSetup: [BUILT_SERVER_SETUP],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverTests,
          isolate: false,
          exclude: [...configDefaults.exclude, ...embeddedOnlyTests, ...databaseNeutralTests],
          env: { TEST_DB: 'postgres' },
          // TEST_DATABASE_URL's server, or a cluster of the tier's own when none answers there;
          // and the compiled server.
          globalSetup: ['apps/server/test/helpers/postgres-global-setup.ts', BUILT_SERVER_SETUP],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
