/**
 * 200 concurrent clients add and remove My List and watch-history entries for 20 users. The
 * end state must be the one a sequential replay of the calls gives: for every title, the saves
 * that added it and the removals that succeeded alternate (added, removed, added, ...), so the
 * title is there exactly when one more save added it than removals took it away. No duplicate
 * rows, no lost writes, no 5xx.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WatchHistory } from '@pigostream/contracts';
import { queryRows } from '@pigostream/db';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { API, createUsers, request, type TestUser } from './helpers/users.ts';

const USERS = 20;
const CLIENTS = 200;
const CALLS_PER_CLIENT = 6;

let t: TestApp;
let users: TestUser[];
let titles: { id: number; type: 'movie' | 'tv' }[];
beforeAll(async () => {
  t = await startTestApp();
  users = await createUsers(t.app, USERS);
  const pick = (type: string, n: number) =>
    queryRows<{ id: number; type: 'movie' | 'tv' }>(
      t.database.db,
      sql`select id, media_type as type from titles where media_type = ${type} and title <> ''
          order by id limit ${n}`,
    );
  titles = [...(await pick('movie', 4)), ...(await pick('tv', 2))];
});
afterAll(async () => {
  await t.close();
});

type List = 'my_list' | 'watch_history';
interface Outcome {
  key: string;
  op: 'save' | 'remove';
  status: number;
  added?: boolean;
}

const PATHS = {
  my_list: { save: '/my-list/save-my-list', remove: '/my-list/remove-my-list' },
  watch_history: {
    save: '/watch-history/save-watch-history',
    remove: '/watch-history/remove-watch-history',
  },
};

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function client(n: number, outcomes: Outcome[]): Promise<void> {
  const rnd = random(n + 1);
  const user = users[n % USERS] as TestUser;
  for (let c = 0; c < CALLS_PER_CLIENT; c++) {
    const list: List = rnd() < 0.5 ? 'my_list' : 'watch_history';
    const title = titles[Math.floor(rnd() * titles.length)] ?? { id: 0, type: 'movie' };
    const op = rnd() < 0.55 ? 'save' : 'remove';
    const res = await request(
      t.app,
      user,
      op === 'save' ? 'POST' : 'DELETE',
      API + PATHS[list][op],
      {
        userUID: user.uid,
        id: title.id,
        type: title.type,
      },
    );
    outcomes.push({
      key: `${user.uid}|${list}|${title.type}|${title.id}`,
      op,
      status: res.statusCode,
      ...(op === 'save' && res.statusCode === 200
        ? { added: res.json<{ added: boolean }>().added }
        : {}),
    });
  }
}

/**
 * Replays one title's calls sequentially (state changes alternate, then the no-ops where they
 * fit) and checks each answer matches. @returns whether the title ends in the list.
 */
function replay(calls: Outcome[]): boolean {
  const adds = calls.filter((c) => c.op === 'save' && c.added === true);
  const keeps = calls.filter((c) => c.op === 'save' && c.added === false);
  const removals = calls.filter((c) => c.op === 'remove' && c.status === 200);
  const misses = calls.filter((c) => c.op === 'remove' && c.status === 404);
  expect(adds.length - removals.length).toBeGreaterThanOrEqual(0);
  expect(adds.length - removals.length).toBeLessThanOrEqual(1);
  if (keeps.length > 0) expect(adds.length).toBeGreaterThan(0);
  const order: Outcome[] = [...misses];
  adds.forEach((add, i) => {
    order.push(add, ...(i === 0 ? keeps : []));
    const removal = removals[i];
    if (removal) order.push(removal);
  });
  let present = false;
  for (const call of order) {
    if (call.op === 'save') {
      expect(call.added).toBe(!present);
      present = true;
    } else {
      expect(call.status).toBe(present ? 200 : 404);
      present = false;
    }
  }
  return present;
}

it(`${CLIENTS} concurrent clients for ${USERS} users end in a sequential replay's state`, async () => {
  const outcomes: Outcome[] = [];
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n, outcomes)));
  expect(outcomes).toHaveLength(CLIENTS * CALLS_PER_CLIENT);
  const statuses = new Set(outcomes.map((o) => o.status));
  expect(
    [...statuses].every((s) => s === 200 || s === 404),
    [...statuses].join(),
  ).toBe(true);
  expect(outcomes.filter((o) => o.op === 'save' && o.status !== 200)).toEqual([]);

  const expected = new Set<string>();
  const byKey = new Map<string, Outcome[]>();
  for (const o of outcomes) byKey.set(o.key, [...(byKey.get(o.key) ?? []), o]);
  for (const [key, calls] of byKey) if (replay(calls)) expected.add(key);

  const rows = await queryRows<{ key: string }>(
    t.database.db,
    sql`select user_id || '|my_list|' || media_type || '|' || tmdb_id as key from my_list
        union all
        select user_id || '|watch_history|' || media_type || '|' || tmdb_id from watch_history`,
  );
  const actual = rows.map((r) => r.key);
  expect(new Set(actual).size).toBe(actual.length); // no duplicate rows
  expect(new Set(actual)).toEqual(expected);

  // The API answers the same state.
  for (const user of users) {
    const list = await request(t.app, user, 'GET', `${API}/my-list/${user.uid}/fetch-my-list`);
    const { moviesList, showsList } = list.json<Record<string, { id: number; type: string }[]>>();
    const answered = [...(moviesList ?? []), ...(showsList ?? [])].map(
      (i) => `${user.uid}|my_list|${i.type}|${i.id}`,
    );
    expect(new Set(answered)).toEqual(
      new Set([...expected].filter((k) => k.startsWith(`${user.uid}|my_list|`))),
    );
  }
});

it('saves sent together are each checked against the catalogue: unknown titles 404, the rest saved', async () => {
  const user = users[0] as TestUser;
  const [movie, show] = [titles[0], titles.at(-1)] as { id: number; type: 'movie' | 'tv' }[];
  const unknown = [
    { id: 999_999_991, type: 'movie' as const },
    { id: 999_999_992, type: 'tv' as const },
    { id: 999_999_993, type: 'movie' as const },
  ];
  const calls = [movie, show, ...unknown, movie, show].map((title) =>
    request(t.app, user, 'POST', `${API}/watch-history/save-watch-history`, {
      userUID: user.uid,
      id: title?.id,
      type: title?.type,
    }),
  );
  const statuses = (await Promise.all(calls)).map((res) => res.statusCode);
  expect(statuses).toEqual([200, 200, 404, 404, 404, 200, 200]);
  const history = await request(
    t.app,
    user,
    'GET',
    `${API}/watch-history/${user.uid}/fetch-watch-history`,
  );
  const { moviesHistory, showsHistory } = history.json<WatchHistory>();
  const ids = [...moviesHistory, ...showsHistory].map((i) => i.id);
  expect(ids).toEqual(expect.arrayContaining([movie?.id, show?.id]));
  for (const title of unknown) expect(ids).not.toContain(title.id);
});
