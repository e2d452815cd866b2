/**
 * The recommender over the real app and database (API-RECO-1..2 in docs/requirements.md; DEC-9,
 * DEC-17 in docs/decisions.md: inserts carry `item_type`, answers are `[{ id, type }]`): watch
 * events are recorded once per user and title, recommendations never hold a watched title, follow
 * co-watch across users first, fall back on catalogue similarity (franchise, director) and
 * popularity, and every call is guarded and validated.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@pigostream/db';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Rec {
  id: number;
  type: 'movie' | 'tv';
}

const insert = (u: TestUser, body: Record<string, unknown>) =>
  request(t.app, u, 'POST', `${API}/recommender/insert`, {
    user_id: u.uid,
    watched: true,
    ...body,
  });
const watch = async (u: TestUser, type: string, id: number) => {
  const res = await insert(u, { item_type: type, item_id: id });
  expect(res.statusCode, res.body).toBe(200);
};
const recommend = async (u: TestUser) => {
  const res = await request(
    t.app,
    u,
    'GET',
    `${API}/recommender/user_recommendations?user_id=${u.uid}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Rec[]>();
};
const keys = (recs: Rec[]) => recs.map((r) => `${r.type}:${r.id}`);
const events = () =>
  queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from watch_events`).then(
    (rows) => rows[0]?.n,
  );

describe('POST /recommender/insert', () => {
  it('records a watch event once per user and title, counting repeats', async () => {
    const u = await createUser(t.app);
    const res = await insert(u, { item_id: 603, item_type: 'movie' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await watch(u, 'movie', 603);
    const rows = await queryRows<{ media_type: string; tmdb_id: number; watch_count: number }>(
      t.database.db,
      sql`select media_type, tmdb_id, watch_count from watch_events where user_id = ${u.uid}`,
    );
    expect(rows).toEqual([{ media_type: 'movie', tmdb_id: 603, watch_count: 2 }]);
  });

  it('refuses unknown titles (404) and bad fields (400), writing nothing', async () => {
    const u = await createUser(t.app);
    const before = await events();
    const unknown = await insert(u, { item_id: 999_999_001, item_type: 'movie' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No movie with id 999999001' });
    const bad: Record<string, unknown>[] = [
      { item_id: 603 },
      { item_type: 'movie' },
      { item_id: 603, item_type: 'anime' },
      { item_id: 'abc', item_type: 'movie' },
      { item_id: -1, item_type: 'movie' },
      { item_id: 603, item_type: 'movie', watched: false },
      { item_id: 603, item_type: 'movie', watched: 'yes' },
      { item_id: 603, item_type: 'movie', user_id: 7 },
    ];
    for (const body of bad) {
      const res = await insert(u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json<{ error: string }>().error).toBe('string');
    }
    const url = `${API}/recommender/insert`;
    const raw = (payload: string, type: string) =>
      request(t.app, u, 'POST', url, undefined, { payload, headers: { 'content-type': type } });
    expect((await raw('item_id=603', 'text/plain')).statusCode).toBe(415);
    expect((await raw('{"user_id":', 'application/json')).statusCode).toBe(400);
    const big = JSON.stringify({ user_id: u.uid, item_id: 603, pad: 'x'.repeat(1024 * 1024) });
    expect((await raw(big, 'application/json')).statusCode).toBe(413);
    expect(await events()).toBe(before);
  });
});

describe('authorization', () => {
  it('answers 401 without a verified session and 403 for another user, writing nothing', async () => {
    const [u, other] = [await createUser(t.app), await createUser(t.app)];
    const unverified = await createUser(t.app, { verified: false });
    const before = await events();
    const body = { user_id: u.uid, item_id: 603, item_type: 'movie', watched: true };
    for (const who of [null, unverified]) {
      const ins = await request(t.app, who, 'POST', `${API}/recommender/insert`, body);
      expect(ins.statusCode).toBe(401);
      expect(ins.json()).toEqual({ error: 'User is not authenticated' });
      const recs = await request(
        t.app,
        who,
        'GET',
        `${API}/recommender/user_recommendations?user_id=${u.uid}`,
      );
      expect(recs.statusCode).toBe(401);
    }
    const ins = await request(t.app, other, 'POST', `${API}/recommender/insert`, body);
    expect(ins.statusCode).toBe(403);
    const recs = await request(
      t.app,
      other,
      'GET',
      `${API}/recommender/user_recommendations?user_id=${u.uid}`,
    );
    expect(recs.statusCode).toBe(403);
    expect(recs.json()).toEqual({ error: 'You can only act on your own account.' });
    const missing = await request(t.app, u, 'GET', `${API}/recommender/user_recommendations`);
    expect(missing.statusCode).toBe(400);
    expect(await events()).toBe(before);
  });
});

describe('GET /recommender/user_recommendations', () => {
  it('answers 50 popular titles to a user with no events', async () => {
    const u = await createUser(t.app);
    const recs = await recommend(u);
    expect(recs).toHaveLength(50);
    for (const r of recs) expect(Object.keys(r).sort()).toEqual(['id', 'type']);
    expect(new Set(keys(recs)).size).toBe(50);
    // Most watched here first (603, from the tests above), then the catalogue's most popular.
    expect(keys(recs)[0]).toBe('movie:603');
    const popular = await queryRows<Rec>(
      t.database.db,
      sql`select media_type as type, id from titles order by popularity desc nulls last limit 3`,
    );
    expect(keys(recs).slice(1, 4)).toEqual(
      keys(popular)
        .filter((k) => k !== 'movie:603')
        .slice(0, 3),
    );
  });

  it('ranks what others went on to watch first and never answers a watched title', async () => {
    const [a, b, c, me] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    // Three users watch x, then y, then z: three of the least popular movies.
    const [x, y, z] = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from titles where media_type = 'movie' and title <> ''
            order by popularity asc nulls first, id limit 3`,
      )
    ).map((r) => r.id);
    for (const u of [a, b, c]) {
      for (const id of [x, y, z]) await watch(u, 'movie', id ?? 0);
    }
    await watch(me, 'movie', x ?? 0);
    const recs = keys(await recommend(me));
    expect(recs.slice(0, 2)).toEqual([`movie:${y}`, `movie:${z}`]);
    expect(recs).not.toContain(`movie:${x}`);

    await watch(me, 'movie', y ?? 0);
    const after = keys(await recommend(me));
    expect(after[0]).toBe(`movie:${z}`);
    expect(after).not.toContain(`movie:${y}`);
    expect(after).toHaveLength(50);
  });

  it('adds catalogue-similar titles for a user with few events: franchise, director', async () => {
    const u = await createUser(t.app);
    await watch(u, 'tv', 30991); // Cowboy Bebop: its movie is a related AniList entry
    expect(keys(await recommend(u))[0]).toBe('movie:11299');

    const nolan = await createUser(t.app);
    await watch(nolan, 'movie', 157336); // Interstellar
    const recs = keys(await recommend(nolan)).slice(0, 10);
    const byNolan = ['movie:1124', 'movie:77', 'movie:272', 'movie:155', 'movie:27205'];
    expect(recs.filter((k) => byNolan.includes(k)).length).toBeGreaterThanOrEqual(3);
  });
});
