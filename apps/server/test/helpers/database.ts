/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new
 * database on the tier's PostgreSQL server (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, or the tier's own cluster when nothing answers
 * there: postgres-global-setup.ts), dropped again on close.
 *
 * PGlite databases start from a copy of one migrated (and, when asked, seeded) database made
 * once per test process: a copy opens several times faster than a new one is migrated
 * (docs/benchmarks.md).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { dumpEmbedded, openDatabase, type DatabaseHandle } from '@pigostream/db';
import { seedIfEmpty } from '../../src/modules/catalogue/seed.ts';
import { DEFAULT_TEST_POSTGRES_URL } from './postgres-global-setup.ts';

export const testDbKind: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A superuser's URL on the tier's PostgreSQL server: the one its global setup chose, else (a
 * file run outside the `server-postgres` project) TEST_DATABASE_URL or the default.
 */
function postgresAdminUrl(): string {
  const chosen = inject('testPostgresUrl') as string | undefined;
  return chosen ?? (process.env.TEST_DATABASE_URL || DEFAULT_TEST_POSTGRES_URL);
}

export interface TestDatabase extends DatabaseHandle {
  /** Connection URL when on PostgreSQL, else undefined. */
  url: string | undefined;
}

/** A new, empty database on the local PostgreSQL server: its URL, and `drop` to remove it. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = postgresAdminUrl();
  const name = `pigo_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/** The PGlite copies made so far in this process, by whether they hold the starter catalogue. */
const templates = new Map<boolean, Promise<Blob | File>>();

/** A copy of a migrated embedded database, seeded with the starter catalogue when `seeded`. */
function embeddedTemplate(seeded: boolean): Promise<Blob | File> {
  let template = templates.get(seeded);
  if (!template) {
    template = (async () => {
      const handle = await openDatabase({ dataDir: 'memory://' });
      try {
        if (seeded) await seedIfEmpty(handle.db);
        return await dumpEmbedded(handle);
      } finally {
        await handle.close();
      }
    })();
    templates.set(seeded, template);
  }
  return template;
}

/**
 * A new database for a test. `seeded`: it already holds the starter catalogue (as
 * `seedIfEmpty` leaves it); otherwise only the schema.
 */
export async function openTestDatabase(options: { seeded?: boolean } = {}): Promise<TestDatabase> {
  if (testDbKind === 'pglite') {
    const template = await embeddedTemplate(options.seeded === true);
    const handle = await openDatabase({ dataDir: 'memory://', template });
    return { ...handle, url: undefined };
  }
  const scratch = await createScratchDatabase();
  const handle = await openDatabase({ url: scratch.url, poolSize: 4, dataDir: '' });
  if (options.seeded === true) await seedIfEmpty(handle.db);
  return {
    ...handle,
    url: scratch.url,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
