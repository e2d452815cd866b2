/**
 * Migration 0007 renamed every TMDB title id column to `tmdb_id` (credits.title_id,
 * seasons.show_id, episodes.show_id, title_providers.title_id, watch_history.media_id,
 * my_list.media_id, watch_events.item_id; ARCH-14 in docs/architecture.md). On a database made by
 * the migrations before it, with rows in every renamed table: the migration applies and keeps every
 * row, and a backup taken before it restores into the current schema with the ids under `tmdb_id`
 * (and watch_events' `item_type` under `media_type`, which migration 0011 renamed).
 * On the embedded database and on PostgreSQL (TEST_DB).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, type Database } from '@pigostream/db';
import { restoreBackup } from '../src/modules/backup/backup.restore.ts';
import { writeBackup, writeFileAtomically } from '../src/modules/backup/backup.writer.ts';
import { RENAMED_COLUMNS } from '../src/modules/backup/renamed-columns.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import {
  MIGRATIONS,
  migrationsBefore,
  openOldDatabase,
  type OldDatabase,
} from './helpers/old-database.ts';

const RENAME = '0007_tmdb_id';
const dir = mkdtempSync(path.join(tmpdir(), 'pigo-rename-'));

/** Every renamed table's rows as `table:id` keys, read under the column's `name`. */
async function ids(db: Database, name: 'old' | 'new'): Promise<string[]> {
  const keys: string[] = [];
  for (const r of RENAMED_COLUMNS) {
    const column = name === 'old' ? r.from : r.to;
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select ${sql.identifier(column)} as id from ${sql.identifier(r.table)} order by 1`,
    );
    keys.push(...rows.map((row) => `${r.table}:${String(row.id)}`));
  }
  return keys;
}

let old: OldDatabase;
let current: TestDatabase;
let before: string[];
let backupFile: string;

beforeAll(async () => {
  old = await openOldDatabase(migrationsBefore(dir, RENAME));
  const { db } = old;
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    values ('u1', 'Kim', 'kim@gmail.com', true)`);
  await db.execute(sql`insert into titles (media_type, id, title) values ('tv', 1396, 'Show'),
    ('movie', 603, 'Film')`);
  await db.execute(sql`insert into credits (media_type, title_id, kind, "order", name)
    values ('movie', 603, 'cast', 0, 'Actor')`);
  await db.execute(
    sql`insert into seasons (show_id, season_number, id, name) values (1396, 1, 1, 'S1')`,
  );
  await db.execute(sql`insert into episodes (show_id, season_number, episode_number, id, name)
    values (1396, 1, 1, 11, 'E1')`);
  await db.execute(sql`insert into title_providers (media_type, title_id, provider_id, region)
    values ('tv', 1396, 8, 'US')`);
  await db.execute(
    sql`insert into watch_history (user_id, media_type, media_id) values ('u1', 'tv', 1396)`,
  );
  await db.execute(
    sql`insert into my_list (user_id, media_type, media_id) values ('u1', 'movie', 603)`,
  );
  await db.execute(
    sql`insert into watch_events (user_id, item_type, item_id) values ('u1', 'movie', 603)`,
  );
  before = await ids(db, 'old');
  backupFile = path.join(dir, 'before-rename.pigo.gz');
  await writeFileAtomically(backupFile, (out) => writeBackup(old, out));
  current = await openTestDatabase();
});

afterAll(async () => {
  await old.close();
  await current.close();
  rmSync(dir, { recursive: true, force: true });
});

it('made the old database with the old column names, a row in each renamed table', () => {
  expect(before).toHaveLength(RENAMED_COLUMNS.length);
});

it('restores a backup made before the rename, ids under tmdb_id', async () => {
  const header = JSON.parse(
    gunzipSync(readFileSync(backupFile)).toString('utf8').split('\n')[0] ?? '',
  ) as { tables: { name: string; columns: string[] }[] };
  expect(header.tables.find((t) => t.name === 'my_list')?.columns).toContain('media_id');
  const notes: string[] = [];
  const summary = await restoreBackup(current, backupFile, { log: (m) => notes.push(m) });
  expect(summary.rows.my_list).toBe(1);
  expect(await ids(current.db, 'new')).toEqual(before);
  expect(notes).toContainEqual(
    expect.stringMatching(/my_list: columns renamed.*media_id -> tmdb_id/),
  );
  expect(notes.join('\n')).not.toMatch(/no longer used/);
});

it('migrates the old database: 0007 applies and keeps every row', async () => {
  await old.migrate(MIGRATIONS);
  expect(await ids(old.db, 'new')).toEqual(before);
  const renamed = new Set(
    RENAMED_COLUMNS.filter((r) => r.migration === RENAME).map((r) => r.table),
  );
  const keys = await queryRows<{ table: string }>(
    old.db,
    sql`select conrelid::regclass::text as table from pg_constraint
        where contype = 'p' and conname like '%tmdb_id%pk'`,
  );
  // Each table 0007 renamed a column of has its primary key under the new name.
  expect(
    keys
      .map((k) => k.table)
      .filter((t) => renamed.has(t))
      .sort(),
  ).toEqual([...renamed].sort());
});
