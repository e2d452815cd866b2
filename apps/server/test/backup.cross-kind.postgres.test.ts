/**
 * Moving to PostgreSQL (OPS-6 in docs/requirements.md): a backup of the embedded database, made by
 * `pigo backup` on a stopped DATA_DIR, restores with `pigo restore` into a fresh PostgreSQL
 * database with every table equal row for row (timestamps, jsonb, dates, reals, identity ids), and
 * the app on PostgreSQL then serves the users, their lists and search.
 *
 * Only the server-postgres project runs this file (vitest.config.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, queryRows } from '@pigostream/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedIfEmpty } from '../src/modules/catalogue/seed.ts';
import { checkBackup } from '../src/modules/backup/backup.format.ts';
import { EXCLUDED_TABLES } from '../src/modules/backup/backup.repository.ts';
import { runCli, tableContents } from './helpers/backup-processes.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import { API, createUsers, PASSWORD, request, type TestUser } from './helpers/users.ts';

const ORIGIN = 'http://localhost:3000';
const work = mkdtempSync(path.join(tmpdir(), 'pigo-cross-kind-'));
const dataDir = path.join(work, 'data');
let target: TestDatabase;
let users: TestUser[];
let embeddedContents: Record<string, string[]>;

beforeAll(async () => {
  // An embedded database with the starter catalogue and some users' data, then stopped.
  const embedded = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await seedIfEmpty(embedded.db);
  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database: embedded, logger: false });
  users = await createUsers(app, 3);
  for (const [i, user] of users.entries()) {
    for (const [list, id] of [
      ['my-list/save-my-list', 603],
      ['my-list/save-my-list', 10378],
      ['watch-history/save-watch-history', 603],
    ] as const) {
      const res = await request(app, user, 'POST', `${API}/${list}`, {
        userUID: user.uid,
        id,
        type: 'movie',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const searched = await request(app, user, 'POST', `${API}/index/save-search-history`, {
      userUID: user.uid,
      searchQuery: `matrix ${String(i)}`,
    });
    expect(searched.statusCode, searched.body).toBe(200);
  }
  await app.close();
  embeddedContents = await tableContents(embedded, [...EXCLUDED_TABLES]);
  await embedded.close();
  target = await openTestDatabase();
});

afterAll(async () => {
  await target.close();
  rmSync(work, { recursive: true, force: true });
});

it('restores a backup of the embedded database into PostgreSQL, row for row', async () => {
  const file = path.join(work, 'embedded.pigo.gz');
  const backup = await runCli(['backup', file], { DATA_DIR: dataDir });
  expect(backup.code, backup.stderr).toBe(0);
  expect(backup.stdout).not.toContain('running server');
  expect((await checkBackup(file)).header.databaseKind).toBe('pglite');

  const restore = await runCli(['restore', file], {
    DATA_DIR: path.join(work, 'postgres-dir'),
    DATABASE_URL: target.url ?? '',
  });
  expect(restore.code, restore.stderr).toBe(0);
  expect(restore.stdout).toContain('from the pglite backup of');
  expect(restore.stdout).toContain('into the PostgreSQL database of DATABASE_URL');

  const contents = await tableContents(target, [...EXCLUDED_TABLES]);
  expect(Object.keys(contents).sort()).toEqual(Object.keys(embeddedContents).sort());
  for (const [table, rows] of Object.entries(embeddedContents)) {
    expect(contents[table], table).toEqual(rows);
  }

  // A second restore over it is refused without --force (it has accounts now).
  const again = await runCli(['restore', file], {
    DATA_DIR: path.join(work, 'postgres-dir'),
    DATABASE_URL: target.url ?? '',
  });
  expect(again.code).toBe(1);
  expect(again.stderr.trim().split('\n')).toHaveLength(1);
  expect(again.stderr).toMatch(
    /^pigo: the PostgreSQL database of DATABASE_URL is not empty: it has 3 accounts and \d+ rows of user data .*run again with --force/,
  );
});

it('serves the moved users on PostgreSQL: sign-in, My List, search, new searches', async () => {
  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database: target, logger: false });
  try {
    const user = users[0] as TestUser;
    const signIn = await request(
      app,
      null,
      'POST',
      `${API}/identity/sign-in/email`,
      { email: user.email, password: PASSWORD, callbackURL: '/' },
      { headers: { origin: ORIGIN } },
    );
    expect(signIn.statusCode, signIn.body).toBe(200);
    const raw = signIn.headers['set-cookie'] ?? [];
    const cookie = (Array.isArray(raw) ? raw : [raw]).map((c) => c.split(';')[0]).join('; ');
    const session = { ...user, cookie };
    const list = await request(app, session, 'GET', `${API}/my-list/${user.uid}/fetch-my-list`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ moviesList: { id: number }[] }>().moviesList.map((m) => m.id)).toEqual(
      expect.arrayContaining([603, 10378]),
    );
    const search = await request(app, null, 'GET', `${API}/index/search/movie?query=sintle`);
    expect(search.statusCode, search.body).toBe(200);
    expect(search.body).toContain('"Sintel"');
    const saved = await request(app, session, 'POST', `${API}/index/save-search-history`, {
      userUID: user.uid,
      searchQuery: 'on postgres now',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [max] = await queryRows<{ id: number }>(
      target.db,
      sql`select max(id)::int as id from search_history where query <> 'on postgres now'`,
    );
    expect(saved.json<{ id: number }>().id).toBeGreaterThan(max?.id ?? 0);
  } finally {
    await app.close();
  }
});
