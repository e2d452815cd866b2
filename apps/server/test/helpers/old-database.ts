/**
 * A database at an older schema, for the tests of a migration and of restoring an older backup:
 * a copy of the migrations folder that stops before a tag, and a database of the test's own
 * (PGlite in memory, or a scratch database on the tier's PostgreSQL, TEST_DB) migrated with it.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database, DatabaseHandle } from '@pigostream/db';
import { createScratchDatabase, testDbKind } from './database.ts';

/** The repository's migrations folder. */
export const MIGRATIONS = fileURLToPath(
  new URL('../../../../packages/db/migrations', import.meta.url),
);

/** A database migrated with a folder of the test's choosing; `migrate` applies another folder. */
export interface OldDatabase extends DatabaseHandle {
  migrate(folder: string): Promise<void>;
}

/**
 * A copy, in `dir`, of the migrations folder with only the migrations before `tag` (the journal
 * stops there, and `tag`'s own SQL file is gone); returns its path.
 */
export function migrationsBefore(dir: string, tag: string): string {
  const folder = path.join(dir, 'migrations');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < tag);
  writeFileSync(journalFile, JSON.stringify(journal));
  rmSync(path.join(folder, `${tag}.sql`));
  return folder;
}

/** A new database of the test's own, migrated with `folder`; `close` drops it. */
export async function openOldDatabase(folder: string): Promise<OldDatabase> {
  if (testDbKind === 'pglite') {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    const raw = drizzlePglite(client);
    await migratePglite(raw, { migrationsFolder: folder });
    return {
      db: raw as unknown as Database,
      kind: 'pglite',
      ping: () => Promise.resolve(true),
      close: () => client.close(),
      migrate: (f) => migratePglite(raw, { migrationsFolder: f }),
    };
  }
  const scratch = await createScratchDatabase();
  const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
  // As the app's own pool (packages/db): an idle connection's error, such as the drop's
  // termination of one left open at close, is not the process's to crash on.
  pool.on('error', () => undefined);
  const raw = drizzlePg(pool);
  await migratePg(raw, { migrationsFolder: folder });
  return {
    db: raw as unknown as Database,
    kind: 'postgres',
    ping: () => Promise.resolve(true),
    migrate: (f) => migratePg(raw, { migrationsFolder: f }),
    close: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}
