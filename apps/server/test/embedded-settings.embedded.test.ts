/**
 * The embedded database's memory settings (LEAN-2 in docs/requirements.md): its shared buffers come
 * from EMBEDDED_DB_BUFFERS_MB (default 16 MB, not initdb's 128 MB, all of which PGlite keeps
 * resident), on a database created fresh (in a child process) and on one opened again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '@pigostream/db';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openAppDatabase } from '../src/database.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pigo-embedded-settings-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Opens the data directory with `env`, adds a row to a table of its own, and reads
 * `show shared_buffers` and the rows kept so far; closes it.
 */
async function openWith(env: Record<string, string>) {
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const database = await openAppDatabase(config);
  try {
    await database.db.execute(sql`create table if not exists kept (n int)`);
    await database.db.execute(sql`insert into kept values (1)`);
    const [buffers] = await queryRows<{ shared_buffers: string }>(
      database.db,
      sql`show shared_buffers`,
    );
    const [kept] = await queryRows<{ rows: number }>(
      database.db,
      sql`select count(*)::int as rows from kept`,
    );
    return { buffers: buffers?.shared_buffers, rows: kept?.rows };
  } finally {
    await database.close();
  }
}

it('creates a fresh database with 16 MB of shared buffers, and opens it again with the setting', async () => {
  expect(await openWith({})).toEqual({ buffers: '16MB', rows: 1 });
  expect(await openWith({ EMBEDDED_DB_BUFFERS_MB: '24' })).toEqual({ buffers: '24MB', rows: 2 });
  expect(await openWith({})).toEqual({ buffers: '16MB', rows: 3 });
});

it('refuses a setting that is not a whole number of MB', () => {
  expect(() => loadConfig({ DATA_DIR: dataDir, EMBEDDED_DB_BUFFERS_MB: 'lots' })).toThrow(
    /EMBEDDED_DB_BUFFERS_MB/,
  );
});
