/**
 * Backup and restore in process (OPS-5, OPS-6 in docs/requirements.md), on the embedded database
 * and on PostgreSQL (TEST_DB): a backup taken while 20 clients save to My List holds every save
 * acknowledged before it began, and restores into a fresh database that the app then serves (lists,
 * search through the trigram index, new rows past the restored ids). A restore refuses a database
 * with user data unless forced, refuses a damaged, cut or newer file, or one holding a time no
 * client can read (ROB-2 of docs/robustness.md: naming its line), with one line and changes
 * nothing, and fills an older backup's missing columns with their defaults.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@pigostream/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedIfEmpty } from '../src/modules/catalogue/seed.ts';
import { BackupFileError, checkBackup } from '../src/modules/backup/backup.format.ts';
import { RestoreRefusedError, restoreBackup } from '../src/modules/backup/backup.restore.ts';
import { writeBackup, writeFileAtomically } from '../src/modules/backup/backup.writer.ts';
import { exportUser, UnknownUserError } from '../src/modules/backup/user-export.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { tableContents } from './helpers/backup-processes.ts';
import { openTestDatabase, testDbKind, type TestDatabase } from './helpers/database.ts';
import { API, createUsers, PASSWORD, request, type TestUser } from './helpers/users.ts';

/** The origin the test app trusts (PUBLIC_URL's default). */
const ORIGIN = 'http://localhost:3000';

const CLIENTS = 20;

let t: TestApp;
let users: TestUser[];
let titles: { id: number; type: 'movie' | 'tv' }[];
const dir = mkdtempSync(path.join(tmpdir(), 'pigo-backup-'));
const opened: TestDatabase[] = [];

/** A fresh, migrated database, closed after the file. */
async function freshDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const database = await openTestDatabase();
  opened.push(database);
  if (options.seed) await seedIfEmpty(database.db);
  return database;
}

async function count(handle: DatabaseHandle, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row?.n ?? 0;
}

/** Writes a backup of `handle` to a new file; returns its path and summary. */
async function backupTo(handle: DatabaseHandle, name: string) {
  const file = path.join(dir, name);
  const summary = await writeFileAtomically(file, (out) => writeBackup(handle, out));
  return { file, summary };
}

/** Rewrites a backup's lines (decompressed) with `edit` into a new file. */
function editBackup(file: string, name: string, edit: (lines: string[]) => string[]): string {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const out = path.join(dir, name);
  writeFileSync(out, gzipSync(edit(lines).join('\n')));
  return out;
}

beforeAll(async () => {
  t = await startTestApp();
  users = await createUsers(t.app, CLIENTS);
  titles = await queryRows<{ id: number; type: 'movie' | 'tv' }>(
    t.database.db,
    sql`select id, media_type as type from titles where title <> '' order by media_type, id`,
  );
  // Some watch history and searches per user, so every user table has rows.
  for (const [i, user] of users.entries()) {
    const title = titles[i] ?? { id: 0, type: 'movie' };
    const watched = await request(t.app, user, 'POST', `${API}/watch-history/save-watch-history`, {
      userUID: user.uid,
      id: title.id,
      type: title.type,
    });
    expect(watched.statusCode, watched.body).toBe(200);
    const searched = await request(t.app, user, 'POST', `${API}/index/save-search-history`, {
      userUID: user.uid,
      searchQuery: `query ${String(i)}`,
    });
    expect(searched.statusCode, searched.body).toBe(200);
  }
});

afterAll(async () => {
  await t.close();
  for (const database of opened) await database.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Ack {
  uid: string;
  id: number;
  type: string;
  /** Date.now() when the answer arrived. */
  ackedAt: number;
  /** Time from request to answer, ms. */
  ms: number;
}

describe('a backup while 20 clients write', () => {
  let file: string;
  let createdAt: number;
  /** How many saves were acknowledged when the backup was asked for. */
  let ackedBeforeCall = 0;
  const acks: Ack[] = [];
  let restored: TestDatabase;

  beforeAll(async () => {
    let stop = false;
    const client = async (user: TestUser, offset: number) => {
      for (let i = 0; !stop && i < titles.length; i++) {
        const title = titles[(i + offset) % titles.length] ?? { id: 0, type: 'movie' };
        const sent = performance.now();
        const res = await request(t.app, user, 'POST', `${API}/my-list/save-my-list`, {
          userUID: user.uid,
          id: title.id,
          type: title.type,
        });
        expect(res.statusCode, res.body).toBe(200);
        acks.push({
          uid: user.uid,
          id: title.id,
          type: title.type,
          ackedAt: Date.now(),
          ms: performance.now() - sent,
        });
      }
    };
    const writers = users.map((user, n) => client(user, n * 7));
    while (acks.length < 200) await new Promise((resolve) => setTimeout(resolve, 10));
    ackedBeforeCall = acks.length;
    const backup = await backupTo(t.database, 'during-writes.pigo.gz');
    const after = acks.length;
    while (acks.length < after + 100 && acks.length < CLIENTS * titles.length) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    stop = true;
    await Promise.all(writers);
    file = backup.file;
    createdAt = Date.parse(backup.summary.createdAt);
    restored = await freshDatabase();
    await restoreBackup(restored, file);
  });

  it('holds every save acknowledged before the backup began, and the restore has them', async () => {
    // Every save answered before the backup was asked for, and any answered (by the clock)
    // before it began.
    const before = [
      ...new Set([...acks.slice(0, ackedBeforeCall), ...acks.filter((a) => a.ackedAt < createdAt)]),
    ];
    expect(before.length).toBeGreaterThanOrEqual(200);
    // Writes went on while the backup ran and after it.
    expect(acks.filter((a) => a.ackedAt > createdAt).length).toBeGreaterThan(0);
    const rows = await queryRows<{ user_id: string; tmdb_id: number; media_type: string }>(
      restored.db,
      sql`select user_id, tmdb_id, media_type from my_list`,
    );
    const present = new Set(rows.map((r) => `${r.user_id}|${r.media_type}|${r.tmdb_id}`));
    const missing = before.filter((a) => !present.has(`${a.uid}|${a.type}|${String(a.id)}`));
    expect(missing).toEqual([]);
    // Nothing the backup did not hold: the restored list is a prefix of each user's saves.
    expect(rows.length).toBeLessThanOrEqual(acks.length);
  });

  it('restores every table but the transient ones, row for row', async () => {
    const { rows } = await checkBackup(file);
    expect(Object.keys(rows)).not.toContain('rate_limit');
    for (const table of ['titles', 'user', 'session', 'account', 'my_list', 'search_history']) {
      expect(rows[table], table).toBeGreaterThan(0);
      expect(await count(restored, table), table).toBe(rows[table]);
    }
  });

  it('gives a restored database the app serves: lists, search, new rows past restored ids', async () => {
    const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database: restored, logger: false });
    try {
      // The account's password hash came along: the user signs in and sees the same list.
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
      const cookie = signIn.headers['set-cookie'] ?? [];
      const session: TestUser = {
        ...user,
        cookie: (Array.isArray(cookie) ? cookie : [cookie]).map((c) => c.split(';')[0]).join('; '),
      };
      const listPath = `${API}/my-list/${user.uid}/fetch-my-list?movieLimit=200&showLimit=200`;
      const list = await request(app, session, 'GET', listPath);
      expect(list.statusCode, list.body).toBe(200);
      const { moviesList, showsList } = list.json<{
        moviesList: unknown[];
        showsList: unknown[];
      }>();
      const [listed] = await queryRows<{ n: number }>(
        restored.db,
        sql`select count(*)::int as n from my_list where user_id = ${user.uid}`,
      );
      expect(moviesList.length + showsList.length).toBe(listed?.n);
      expect(listed?.n).toBeGreaterThan(0);
      // Search answers as on the original database (trigram index of migration 0003).
      for (const [type, query] of [
        ['movie', 'big buck bunny'],
        ['movie', 'sintle'],
        ['tv', 'braking bad'],
      ] as const) {
        const url = `${API}/index/search/${type}?query=${encodeURIComponent(query)}`;
        const restoredAnswer = await request(app, null, 'GET', url);
        const originalAnswer = await request(t.app, null, 'GET', url);
        expect(restoredAnswer.statusCode, restoredAnswer.body).toBe(200);
        expect(restoredAnswer.json<{ results: unknown[] }>().results.length, query).toBeGreaterThan(
          0,
        );
        expect(restoredAnswer.body).toBe(originalAnswer.body);
      }
      const [max] = await queryRows<{ id: number }>(
        restored.db,
        sql`select max(id)::int as id from search_history`,
      );
      const saved = await request(app, session, 'POST', `${API}/index/save-search-history`, {
        userUID: user.uid,
        searchQuery: 'after the restore',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<{ id: number }>().id).toBeGreaterThan(max?.id ?? 0);
    } finally {
      await app.close();
    }
  });

  it('exports one user: account, My List, Watch History and searches', async () => {
    const user = users[1] as TestUser;
    const data = await exportUser(t.database, user.email.toUpperCase());
    expect(data.account.email).toBe(user.email);
    expect(data.account.emailVerified).toBe(true);
    const saved = acks.filter((a) => a.uid === user.uid);
    expect(data.myList.length).toBe(saved.length);
    expect(data.myList[0]?.title).toEqual(expect.any(String));
    expect(data.watchHistory).toHaveLength(1);
    expect(data.searchHistory.map((s) => s.query)).toEqual(['query 1']);
    await expect(exportUser(t.database, 'nobody@gmail.com')).rejects.toThrow(UnknownUserError);
  });

  it('refuses to restore over a database with user data unless forced, then replaces it', async () => {
    const before = await count(t.database, 'my_list');
    expect(before).toBeGreaterThan(await count(restored, 'my_list'));
    const refused = restoreBackup(t.database, file, { target: 'the test database' });
    await expect(refused).rejects.toThrow(RestoreRefusedError);
    await expect(refused).rejects.toThrow(/the test database is not empty: it has 20 accounts/);
    await expect(refused).rejects.toThrow(/--force/);
    expect(await count(t.database, 'my_list')).toBe(before);

    // A fresh database with only the starter catalogue counts as empty.
    const seeded = await freshDatabase({ seed: true });
    await restoreBackup(seeded, file);
    expect(await count(seeded, 'my_list')).toBe(await count(restored, 'my_list'));

    const target = await freshDatabase();
    await restoreBackup(target, file);
    const extra = users[2] as TestUser;
    await queryRows(
      target.db,
      sql`delete from my_list where user_id = ${extra.uid} and tmdb_id = ${titles[3]?.id ?? 0}`,
    );
    await restoreBackup(target, file, { force: true });
    expect(await tableContents(target)).toEqual(await tableContents(seeded));
  });
});

describe('a file that cannot be restored', () => {
  let good: string;
  let target: TestDatabase;
  let contents: Record<string, string[]>;

  beforeAll(async () => {
    good = (await backupTo(t.database, 'good.pigo.gz')).file;
    target = await freshDatabase({ seed: true });
    contents = await tableContents(target);
  });

  const refusals: [string, () => string, RegExp][] = [
    [
      'cut short',
      () => {
        const out = path.join(dir, 'cut.pigo.gz');
        const bytes = readFileSync(good);
        writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length / 2)));
        return out;
      },
      /ends early: it is not a complete PigoStream backup/,
    ],
    [
      'cut between lines and compressed again',
      () => editBackup(good, 'lines.pigo.gz', (lines) => lines.slice(0, lines.length - 40)),
      /ends early/,
    ],
    [
      'with a damaged byte',
      () => {
        const out = path.join(dir, 'flipped.pigo.gz');
        const bytes = Buffer.from(readFileSync(good));
        const at = Math.floor(bytes.length * 0.8);
        bytes[at] = (bytes[at] ?? 0) ^ 0xff;
        writeFileSync(out, bytes);
        return out;
      },
      /is damaged|ends early/,
    ],
    [
      'with a row count that does not match',
      () =>
        editBackup(good, 'counts.pigo.gz', (lines) =>
          lines.map((l) =>
            l.startsWith('{"pigostream":"end"') ? l.replace(/"user":\d+/, '"user":1') : l,
          ),
        ),
      /is damaged: table user has \d+ rows where the backup recorded 1/,
    ],
    [
      'not gzip',
      () => {
        const out = path.join(dir, 'plain.txt');
        writeFileSync(out, 'hello\n');
        return out;
      },
      /is not a PigoStream backup \(not a gzip file\)/,
    ],
    [
      "with a time no client can read in a user's lists (ROB-2)",
      () => impossibleTime('infinite.pigo.gz', 'watch_history', 'watched_at', 'infinity'),
      /line \d+: watch_history\.watched_at is "infinity", not a time PigoStream can use.*nothing was changed/,
    ],
    [
      "with a year past 9999 in a user's lists (ROB-2)",
      () =>
        impossibleTime('far.pigo.gz', 'watch_history', 'watched_at', '294276-01-01T00:00:00+00:00'),
      /line \d+: watch_history\.watched_at is "294276-01-01T00:00:00\+00:00"/,
    ],
    [
      'with a time before Christ in the catalogue (ROB-2)',
      () => impossibleTime('bc.pigo.gz', 'titles', 'updated_at', '0044-03-15T00:00:00+00:00 BC'),
      /line \d+: titles\.updated_at is "0044-03-15T00:00:00\+00:00 BC"/,
    ],
    [
      'made by a newer PigoStream',
      () =>
        editBackup(good, 'newer.pigo.gz', ([header = '', ...rest]) => {
          const parsed = JSON.parse(header) as { migrations: unknown[] };
          parsed.migrations.push({ tag: '9999_future', when: 9_999_999_999_999, hash: 'x' });
          return [JSON.stringify(parsed), ...rest];
        }),
      /was made by a newer PigoStream: its database has migration 9999_future/,
    ],
  ];

  /**
   * The good backup with `column` of the first row of `table` set to `value`; the message must
   * name that row's line.
   */
  function impossibleTime(name: string, table: string, column: string, value: string): string {
    let current = '';
    let edited = -1;
    const out = editBackup(good, name, (lines) =>
      lines.map((line, i) => {
        if (line.startsWith('{"pigostream":"table"')) {
          current = (JSON.parse(line) as { name: string }).name;
          return line;
        }
        if (edited !== -1 || current !== table || !line.startsWith('{')) return line;
        edited = i + 1;
        const row = JSON.parse(line) as Record<string, unknown>;
        row[column] = value;
        return JSON.stringify(row);
      }),
    );
    expect(edited, `${table} has rows in the backup`).toBeGreaterThan(1);
    expectedLine.set(out, edited);
    return out;
  }
  const expectedLine = new Map<string, number>();

  for (const [label, make, message] of refusals) {
    it(`refuses a file ${label} with one line and changes nothing`, async () => {
      const file = make();
      const error = await restoreBackup(target, file, { force: true }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect([BackupFileError, RestoreRefusedError].some((k) => error instanceof k)).toBe(true);
      const text = (error as Error).message;
      expect(text).toMatch(message);
      const line = expectedLine.get(file);
      if (line !== undefined) expect(text).toContain(`line ${String(line)}:`);
      expect(text).not.toContain('\n');
      expect(await tableContents(target)).toEqual(contents);
    });
  }

  it('restores an older backup: missing columns take their defaults, lost tables are left out', async () => {
    const older = editBackup(good, 'older.pigo.gz', ([header = '', ...rest]) => {
      const parsed = JSON.parse(header) as { tables: { name: string; columns: string[] }[] };
      const accounts = parsed.tables.find((x) => x.name === 'user');
      if (accounts) accounts.columns = accounts.columns.filter((c) => c !== 'email_verified');
      parsed.tables.push({ name: 'gone_table', columns: ['id'] });
      const lines = [...rest];
      const end = lines.findIndex((l) => l.startsWith('{"pigostream":"end"'));
      lines.splice(end, 0, '{"pigostream":"table","name":"gone_table"}', '{"id":1}');
      lines[end + 2] = (lines[end + 2] ?? '').replace('"rows":{', '"rows":{"gone_table":1,');
      return [JSON.stringify(parsed), ...lines];
    });
    const into = await freshDatabase();
    const notes: string[] = [];
    const summary = await restoreBackup(into, older, { log: (m) => notes.push(m) });
    expect(summary.skippedTables).toEqual(['gone_table']);
    expect(notes.join('\n')).toContain('gone_table');
    // Every account was verified; the older backup lacks the column, so its default holds.
    const [accounts] = await queryRows<{ restored: number; verified: number }>(
      into.db,
      sql`select count(*)::int as restored, count(*) filter (where email_verified)::int as verified
            from "user"`,
    );
    expect(accounts).toEqual({ restored: CLIENTS, verified: 0 });
  });

  it(`backs up ${testDbKind === 'pglite' ? 'the embedded database' : 'PostgreSQL'} with its kind and migrations in the header`, async () => {
    const { header } = await checkBackup(good);
    expect(header.databaseKind).toBe(testDbKind);
    expect(header.migrations.map((m) => m.tag)).toContain('0003_search_index');
    expect(header.tables[0]?.columns.length).toBeGreaterThan(0);
    // Parents come before the tables that reference them.
    const order = header.tables.map((x) => x.name);
    for (const child of ['session', 'account', 'users', 'my_list', 'watch_history']) {
      expect(order.indexOf('user')).toBeLessThan(order.indexOf(child));
    }
  });
});
