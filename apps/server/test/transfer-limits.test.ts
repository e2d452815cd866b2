/**
 * An import's values at and past the database's limits (ROB-1, ROB-2 of docs/robustness.md),
 * on the embedded database and on PostgreSQL (TEST_DB).
 *
 * - `POST /transfer/apply-import` refuses an impossible time or number anywhere in its body
 *   (an entry's `watchedAt`, an episode's `watchedAt`, `season`, `episode`) with 400 naming
 *   the field, writes nothing, and the user's exports and progress answer 200 after; times at
 *   the edges of the range (1870, a year from now) are taken.
 * - Migration 0010 repairs rows an older server stored with such times ('infinity', year
 *   294276, year 1): before it, that user's exports and progress answer 500; after it, 200,
 *   with the times moved to the time of the migration. On a database made by the migrations
 *   before it, the migrator applies it (its journal entry).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '@pigostream/contracts';
import { queryRows } from '@pigostream/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import {
  MIGRATIONS,
  migrationsBefore,
  openOldDatabase,
  type OldDatabase,
} from './helpers/old-database.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

/** A show of the starter catalogue. */
const SHOW = 1396;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Times no call may store: not ISO 8601, not a real date, infinite, or out of range. */
const IMPOSSIBLE_TIMES: unknown[] = [
  'x',
  ' ',
  '',
  '2024-13-45T99:99:99Z',
  '2024-02-30T12:00:00Z',
  'Infinity',
  'infinity',
  '-infinity',
  'epoch',
  'now',
  'today',
  '294276-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '0001-01-01T00:00:00Z',
  '1869-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
  new Date(Date.now() + 400 * DAY_MS).toISOString(),
  '2024-05-01',
  '2024-05-01T20:00:00',
  '2024-05-01 20:00:00+00',
  '1714593600',
  1714593600,
  true,
  {},
];

/** Season and episode numbers no call may store. */
const IMPOSSIBLE_NUMBERS: unknown[] = [
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  1e308,
  10_000,
  -1,
  1.5,
  '1',
  null,
];

/** Every export format and a show's progress, as `[what, status]`. */
async function userAnswers(app: FastifyInstance, user: TestUser): Promise<[string, number][]> {
  const answers: [string, number][] = [];
  for (const format of EXPORT_FORMATS) {
    const res = await request(
      app,
      user,
      'GET',
      `${API}/transfer/${user.uid}/export?format=${format}`,
    );
    answers.push([format, res.statusCode]);
  }
  const progress = await request(
    app,
    user,
    'GET',
    `${API}/progress/${user.uid}/fetch-progress?id=${String(SHOW)}&type=tv`,
  );
  answers.push(['fetch-progress', progress.statusCode]);
  return answers;
}

const ALL_ANSWER = [...EXPORT_FORMATS, 'fetch-progress'].map((what) => [what, 200]);

describe('impossible values in an import', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    user = await createUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Applies one history entry of the show with `entry` fields over a valid one. */
  const apply = (entry: Record<string, unknown>) =>
    request(t.app, user, 'POST', `${API}/transfer/apply-import`, {
      userUID: user.uid,
      entries: [{ list: 'history', id: SHOW, type: 'tv', watchedAt: null, ...entry }],
    });
  const episode = (fields: Record<string, unknown>) => ({
    episodes: [{ season: 1, episode: 1, watchedAt: null, ...fields }],
  });

  const cases: [string, string, Record<string, unknown>][] = [
    ...IMPOSSIBLE_TIMES.map((v): [string, string, Record<string, unknown>] => [
      `entry watchedAt ${JSON.stringify(v)}`,
      'entries.0.watchedAt',
      { watchedAt: v },
    ]),
    ...IMPOSSIBLE_TIMES.map((v): [string, string, Record<string, unknown>] => [
      `episode watchedAt ${JSON.stringify(v)}`,
      'entries.0.episodes.0.watchedAt',
      episode({ watchedAt: v }),
    ]),
    ...IMPOSSIBLE_NUMBERS.map((v): [string, string, Record<string, unknown>] => [
      `season ${JSON.stringify(v)}`,
      'entries.0.episodes.0.season',
      episode({ season: v }),
    ]),
    ...[...IMPOSSIBLE_NUMBERS, 0].map((v): [string, string, Record<string, unknown>] => [
      `episode ${JSON.stringify(v)}`,
      'entries.0.episodes.0.episode',
      episode({ episode: v }),
    ]),
  ];

  it.each(cases)('refuses %s with 400 naming %s', async (_label, field, entry) => {
    const res = await apply(entry);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<{ error: string }>();
    expect(error.startsWith(`${field}: `), error).toBe(true);
    expect(error).toMatch(/must be/);
  });

  it('wrote nothing for them, and the exports and progress answer', async () => {
    const [rows] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select ((select count(*) from watch_history where user_id = ${user.uid})
               + (select count(*) from watch_progress where user_id = ${user.uid}))::int as n`,
    );
    expect(rows?.n).toBe(0);
    expect(await userAnswers(t.app, user)).toEqual(ALL_ANSWER);
  });

  it('takes times at the edges of the range and numbers at the limits', async () => {
    const soon = new Date(Date.now() + 300 * DAY_MS).toISOString();
    const res = await apply({
      watchedAt: '1870-01-01T00:00:00Z',
      episodes: [
        { season: 0, episode: 1, watchedAt: '1870-01-01T00:00:00+00:00' },
        { season: 9999, episode: 9999, watchedAt: soon },
        { season: 1, episode: 2, watchedAt: '2024-05-01T22:00:00.123+02:00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, episodes: { added: 3 } });
    expect(await userAnswers(t.app, user)).toEqual(ALL_ANSWER);
  });
});

const REPAIR = '0010_repair_impossible_times';

describe('migration 0010 on rows stored before the checks', () => {
  let dir: string;
  let handle: OldDatabase;
  let app: FastifyInstance;
  let user: TestUser;
  let before: [string, number][];
  let migratedAt: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pigo-repair-'));
    handle = await openOldDatabase(migrationsBefore(dir, REPAIR));
    // Today's server signs in through today's session table: the columns 0015 and 0016 add (the
    // session's active profile and its rating limit, PROFILE-3, PROFILE-7), which those
    // migrations keep when they find them.
    await handle.db.execute(sql`alter table session add column active_profile_id text,
      add column rating_ceiling smallint, add column rating_unrated boolean not null default false`);
    app = await buildApp({
      config: loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }),
      database: handle,
      logger: false,
    });
    await app.ready();
    user = await createUser(app);
    // What an older server stored for the imports that had no checks.
    const uid = user.uid;
    await handle.db.execute(sql`
      insert into watch_history (user_id, media_type, tmdb_id, watched_at) values
        (${uid}, 'tv', ${SHOW}, 'infinity'), (${uid}, 'movie', 603, '-infinity'),
        (${uid}, 'movie', 550, '2024-05-01T20:00:00Z')`);
    await handle.db.execute(sql`
      insert into my_list (user_id, media_type, tmdb_id, added_at) values
        (${uid}, 'movie', 603, '294276-01-01T00:00:00Z'), (${uid}, 'tv', ${SHOW}, '0001-01-01T00:00:00Z')`);
    await handle.db.execute(sql`
      insert into watch_progress (user_id, media_type, tmdb_id, season_number, episode_number,
          position_s, duration_s, watched, updated_at) values
        (${uid}, 'tv', ${SHOW}, 1, 1, 0, 0, true, 'infinity'),
        (${uid}, 'tv', ${SHOW}, 1, 2, 0, 0, true, '2024-05-01T20:00:00Z')`);
    before = await userAnswers(app, user);
    migratedAt = Date.now();
    await handle.migrate(MIGRATIONS);
  }, 180_000);

  afterAll(async () => {
    await app.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("broke that user's exports and progress before it", () => {
    expect(before.filter(([, status]) => status >= 500).length).toBeGreaterThan(0);
  });

  it('is applied by the migrator and moves every impossible time to its own time', async () => {
    const applied = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    // Every migration of the folder, 0010 and the ones after it included.
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(applied[0]?.n).toBe(journal.entries.length);
    const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
    const rows = await queryRows<{ what: string; at: number }>(
      handle.db,
      sql`select 'h ' || media_type || ' ' || tmdb_id as what, ${ms('watched_at')} as at
            from watch_history where user_id = ${user.uid}
          union all
          select 'l ' || media_type || ' ' || tmdb_id, ${ms('added_at')} from my_list
            where user_id = ${user.uid}
          union all
          select 'p ' || season_number || ' ' || episode_number, ${ms('updated_at')}
            from watch_progress where user_id = ${user.uid}`,
    );
    const times = new Map(rows.map((r) => [r.what, r.at]));
    for (const what of [
      `h tv ${String(SHOW)}`,
      'h movie 603',
      'l movie 603',
      `l tv ${String(SHOW)}`,
      'p 1 1',
    ]) {
      const at = times.get(what) ?? NaN;
      expect(Math.abs(at - migratedAt), what).toBeLessThan(5 * 60_000);
    }
    // Possible times are left as they were.
    expect(times.get('h movie 550')).toBe(Date.parse('2024-05-01T20:00:00Z'));
    expect(times.get('p 1 2')).toBe(Date.parse('2024-05-01T20:00:00Z'));
  });

  it("makes that user's exports and progress answer again", async () => {
    expect(await userAnswers(app, user)).toEqual(ALL_ANSWER);
  });
});
