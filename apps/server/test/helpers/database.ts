/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new
 * database on the local PostgreSQL server (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped again on close.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@pigostream/db';

export const testDbKind: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase extends DatabaseHandle {
  /** Connection URL when on PostgreSQL, else undefined. */
  url: string | undefined;
}

/** A new, empty database on the local PostgreSQL server: its URL, and `drop` to remove it. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
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

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' });
    return { ...handle, url: undefined };
  }
  const scratch = await createScratchDatabase();
  const handle = await openDatabase({ url: scratch.url, poolSize: 4, dataDir: '' });
  return {
    ...handle,
    url: scratch.url,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
