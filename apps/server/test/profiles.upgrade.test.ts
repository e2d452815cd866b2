/**
 * The upgrade to household profiles (PROFILE-2 in docs/requirements.md: migration 0015), on the
 * embedded database and on PostgreSQL: a database from before it keeps every personal row, each
 * account gets its default profile (its id is the account's, named after the user, or after the
 * e-mail's local part when the name is blank), the rows are that profile's, and the API answers
 * them once the user signs in. An account created afterwards gets its default profile too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows, type Database } from '@pigostream/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedIfEmpty } from '../src/modules/catalogue/seed.ts';
import { MIGRATIONS, migrationsBefore, openOldDatabase } from './helpers/old-database.ts';
import { API, PASSWORD } from './helpers/users.ts';

const ORIGIN = 'http://localhost:3000';

/** Every personal row, with its owner, as one comparable text. */
async function personalRows(db: Database): Promise<string> {
  const rows = await queryRows<{ data: string }>(
    db,
    sql`select json_build_array(
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select user_id, media_type, tmdb_id, added_at from my_list) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select user_id, media_type, tmdb_id, watched_at from watch_history) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select id, user_id, query from search_history) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select user_id, media_type, tmdb_id, watch_count from watch_events) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select user_id, media_type, tmdb_id, season_number, episode_number, position_s
              from watch_progress) x)
        )::text as data`,
  );
  return rows[0]?.data ?? '';
}

it("keeps every personal row as the default profile's, answered by the API after sign-in", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pigo-profiles-upgrade-'));
  const old = await openOldDatabase(migrationsBefore(dir, '0015_profiles'));
  try {
    const { db } = old;
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified) values
            ('kim', 'Kim', 'kim@gmail.com', true), ('lee', '  ', 'lee.park@gmail.com', true)`,
    );
    const hash = await hashPassword(PASSWORD);
    await db.execute(
      sql`insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
          values ('acc-kim', 'kim', 'credential', 'kim', ${hash}, now(), now())`,
    );
    await db.execute(
      sql`insert into my_list (user_id, media_type, tmdb_id) values
            ('kim', 'movie', 603), ('kim', 'tv', 1396), ('lee', 'movie', 550)`,
    );
    await db.execute(
      sql`insert into watch_history (user_id, media_type, tmdb_id) values ('kim', 'movie', 603)`,
    );
    await db.execute(
      sql`insert into search_history (user_id, query) values ('kim', 'matrix'), ('lee', 'fight')`,
    );
    await db.execute(
      sql`insert into watch_events (user_id, media_type, tmdb_id) values ('kim', 'movie', 603)`,
    );
    await db.execute(
      sql`insert into watch_progress (user_id, media_type, tmdb_id, position_s, duration_s)
          values ('kim', 'movie', 603, 600, 8160)`,
    );
    const before = await personalRows(db);

    await old.migrate(MIGRATIONS);
    expect(await personalRows(db)).toBe(before);
    expect(
      await queryRows(
        db,
        sql`select id, user_id, name, avatar, kind, position from profiles order by id`,
      ),
    ).toEqual([
      { id: 'kim', user_id: 'kim', name: 'Kim', avatar: 'avatar-1', kind: 'adult', position: 0 },
      {
        id: 'lee',
        user_id: 'lee',
        name: 'lee.park',
        avatar: 'avatar-1',
        kind: 'adult',
        position: 0,
      },
    ]);
    // The rows are the profiles' now: a profile's removal would take them (as the account's does).
    const keys = await queryRows<{ table: string }>(
      db,
      sql`select conrelid::regclass::text as table from pg_constraint
          where contype = 'f' and confrelid = 'profiles'::regclass
            and conrelid <> 'session'::regclass
          order by 1`,
    );
    expect(keys.map((k) => k.table)).toEqual([
      'my_list',
      'search_history',
      // A profile's addon tokens (STREMIO-1), added after profiles.
      'stremio_tokens',
      'watch_events',
      'watch_history',
      'watch_progress',
    ]);
    // An account made after the upgrade, however it is inserted, has its default profile.
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified) values ('new', 'Neo', 'neo@gmail.com', true)`,
    );
    expect(await queryRows(db, sql`select id, name from profiles where user_id = 'new'`)).toEqual([
      { id: 'new', name: 'Neo' },
    ]);

    // The API answers the old rows once Kim signs in.
    await seedIfEmpty(db);
    const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database: old, logger: false });
    await app.ready();
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: `${API}/identity/sign-in/email`,
        remoteAddress: '10.8.0.1',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: { email: 'kim@gmail.com', password: PASSWORD },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const raw = signIn.headers['set-cookie'];
      const cookie = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw])
        .map((h) => h.split(';')[0] ?? '')
        .filter((pair) => !pair.endsWith('='))
        .join('; ');
      const get = async <T>(url: string): Promise<T> => {
        const res = await app.inject({
          method: 'GET',
          url: `${API}${url}`,
          remoteAddress: '10.8.0.1',
          headers: { cookie },
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        return res.json<T>();
      };
      expect(await get('/profiles')).toEqual({
        profiles: [
          {
            id: 'kim',
            name: 'Kim',
            avatar: 'avatar-1',
            kind: 'adult',
            maxRatingAge: null,
            showUnrated: false,
            hasPin: false,
          },
        ],
        active: 'kim',
      });
      const list = await get<{ moviesList: { id: number }[]; showsList: { id: number }[] }>(
        '/my-list/kim/fetch-my-list',
      );
      expect(list.moviesList.map((m) => m.id)).toEqual([603]);
      expect(list.showsList.map((m) => m.id)).toEqual([1396]);
      const history = await get<{ moviesHistory: { id: number }[] }>(
        '/watch-history/kim/fetch-watch-history',
      );
      expect(history.moviesHistory.map((m) => m.id)).toEqual([603]);
      expect(
        (await get<{ query: string }[]>('/index/fetch-search-history/kim')).map((s) => s.query),
      ).toEqual(['matrix']);
      expect(
        (await get<{ id: number }[]>('/progress/kim/continue-watching')).map((c) => c.id),
      ).toEqual([603]);
      const recs = await get<{ id: number; type: string }[]>(
        '/recommender/user_recommendations?user_id=kim',
      );
      expect(recs.some((r) => r.type === 'movie' && r.id === 603)).toBe(false);
    } finally {
      await app.close();
    }
  } finally {
    await old.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
