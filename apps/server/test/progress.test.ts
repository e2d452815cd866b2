/**
 * Watch progress over the real app and database (PROG-1 in docs/requirements.md): saves of how far
 * a movie or an episode was played, the 90 % rule, a title's progress for Resume, Continue Watching
 * (started, not finished, newest first, removable), the same 401/403 rules as the library, clear
 * 400s for bad input, and 200 concurrent writers each ending in their own last save. A show's
 * episodes (season marks, Up Next, New Episodes): progress-shows.test.ts; the player app's
 * token-only reports: progress-player.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@pigostream/db';
import { startTestApp, type TestApp } from './helpers/app.ts';
import {
  continueWatchingOf,
  progressOf as progressOf_,
  saveProgress,
  type Save,
} from './helpers/progress.ts';
import { API, createUser, createUsers, request, type TestUser } from './helpers/users.ts';

let t: TestApp;
let movies: number[];
let shows: number[];
beforeAll(async () => {
  t = await startTestApp();
  const ids = (type: string) =>
    queryRows<{ id: number }>(
      t.database.db,
      sql`select id from titles where media_type = ${type} and title <> '' order by id limit 20`,
    ).then((rows) => rows.map((r) => r.id));
  movies = await ids('movie');
  shows = await ids('tv');
});
afterAll(async () => {
  await t.close();
});

const at = (list: number[], i: number) => list[i] ?? 0;
const save = (u: TestUser, body: Save, uid = u.uid) => saveProgress(t.app, u, body, uid);
const progressOf = (u: TestUser, id: number, type: string) => progressOf_(t.app, u, id, type);
const continueWatching = (u: TestUser) => continueWatchingOf(t.app, u);

describe('saving progress', () => {
  it('keeps the last position of a movie, and counts it watched from 90 % on', async () => {
    const u = await createUser(t.app);
    const movie = at(movies, 0);
    let res = await save(u, { id: movie, type: 'movie', position: 600, duration: 6000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, watched: false });
    // The same save again changes nothing (idempotent).
    res = await save(u, { id: movie, type: 'movie', position: 600, duration: 6000 });
    expect(res.json()).toEqual({ ok: true, watched: false });
    expect(await progressOf(u, movie, 'movie')).toMatchObject([
      { season: null, episode: null, position: 600, duration: 6000, watched: false },
    ]);

    res = await save(u, { id: movie, type: 'movie', position: 5399, duration: 6000 });
    expect(res.json()).toEqual({ ok: true, watched: false });
    res = await save(u, { id: movie, type: 'movie', position: 5400, duration: 6000 });
    expect(res.json()).toEqual({ ok: true, watched: true });
    // Watching it again from the start keeps it watched.
    res = await save(u, { id: movie, type: 'movie', position: 30, duration: 6000 });
    expect(res.json()).toEqual({ ok: true, watched: true });
    expect(await progressOf(u, movie, 'movie')).toMatchObject([
      { position: 30, duration: 6000, watched: true },
    ]);
  });

  it('keeps each episode of a show apart, specials included, newest first; a position past the end is the end', async () => {
    const u = await createUser(t.app);
    const show = at(shows, 0);
    expect(
      (
        await save(u, {
          id: show,
          type: 'tv',
          season: 1,
          episode: 1,
          position: 1300,
          duration: 1300,
        })
      ).json(),
    ).toEqual({ ok: true, watched: true });
    expect(
      (
        await save(u, {
          id: show,
          type: 'tv',
          season: 1,
          episode: 2,
          position: 200,
          duration: 1300,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await save(u, { id: show, type: 'tv', season: 0, episode: 1, position: 9999, duration: 50 })
      ).json(),
    ).toEqual({ ok: true, watched: true });
    const items = await progressOf(u, show, 'tv');
    expect(items.map((i) => [i.season, i.episode, i.position, i.watched])).toEqual([
      [0, 1, 50, true],
      [1, 2, 200, false],
      [1, 1, 1300, true],
    ]);
    // Another title's progress is its own.
    expect(await progressOf(u, at(shows, 1), 'tv')).toEqual([]);
  });

  it('answers 404 for a title the catalogue does not know, and writes nothing', async () => {
    const u = await createUser(t.app);
    const res = await save(u, { id: 999_999_000, type: 'movie', position: 10, duration: 100 });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toBe('No movie with id 999999000');
    expect(await progressOf(u, 999_999_000, 'movie')).toEqual([]);
  });

  it.each([
    [{ position: -1, duration: 100 }, 'position must be a number of seconds from 0 to 604800'],
    [{ position: 10, duration: 0 }, 'duration must be more than 0 seconds'],
    [{ position: '10', duration: 100 }, 'position must be a number of seconds from 0 to 604800'],
    [{ position: 10 }, 'duration is required'],
    [{ position: 10, duration: 1e9 }, 'duration must be a number of seconds from 0 to 604800'],
    [
      { position: 10, duration: 100, season: 1, episode: 1 },
      "A show's progress names its season and episode; a movie's names neither",
    ],
  ])('answers 400 with a message for %j on a movie', async (fields, message) => {
    const u = await createUser(t.app);
    const res = await request(t.app, u, 'POST', `${API}/progress/save-progress`, {
      userUID: u.uid,
      id: at(movies, 1),
      type: 'movie',
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(message);
    expect(await progressOf(u, at(movies, 1), 'movie')).toEqual([]);
  });

  it("answers 400 for a show's progress without its episode, or with episode 0", async () => {
    const u = await createUser(t.app);
    for (const fields of [{ season: 1 }, { season: 1, episode: 0 }, { season: -1, episode: 1 }]) {
      const res = await save(u, {
        id: at(shows, 1),
        type: 'tv',
        position: 5,
        duration: 10,
        ...fields,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await progressOf(u, at(shows, 1), 'tv')).toEqual([]);
  });
});

describe('Continue Watching', () => {
  it('lists titles started and not finished, newest save first, with their summary and progress', async () => {
    const u = await createUser(t.app);
    const [m1, m2, m3] = [at(movies, 2), at(movies, 3), at(movies, 4)];
    const show = at(shows, 2);
    await save(u, { id: m1, type: 'movie', position: 100, duration: 1000 });
    await save(u, { id: m2, type: 'movie', position: 950, duration: 1000 }); // finished
    await save(u, { id: show, type: 'tv', season: 1, episode: 3, position: 60, duration: 1200 });
    await save(u, { id: m3, type: 'movie', position: 0, duration: 1000 }); // not started
    const list = await continueWatching(u);
    expect(list.map((i) => [i.type, i.id])).toEqual([
      ['tv', show],
      ['movie', m1],
    ]);
    expect(list[0]).toMatchObject({
      progress: { season: 1, episode: 3, position: 60, duration: 1200, watched: false },
    });
    expect(typeof list[0]?.name).toBe('string');
    expect(list[1]?.poster_path).toEqual(expect.any(String));

    // A show whose last played episode was finished leaves the row (Up Next's job).
    await save(u, { id: show, type: 'tv', season: 1, episode: 3, position: 1200, duration: 1200 });
    expect((await continueWatching(u)).map((i) => i.id)).toEqual([m1]);
    // Playing the movie again moves nothing but its position.
    await save(u, { id: m1, type: 'movie', position: 200, duration: 1000 });
    expect(await continueWatching(u)).toMatchObject([{ id: m1, progress: { position: 200 } }]);
  });

  it('removes a title from the row, keeping what was watched; 404 when it is not there', async () => {
    const u = await createUser(t.app);
    const show = at(shows, 3);
    await save(u, { id: show, type: 'tv', season: 1, episode: 1, position: 1000, duration: 1000 });
    await save(u, { id: show, type: 'tv', season: 1, episode: 2, position: 100, duration: 1000 });
    const remove = () =>
      request(t.app, u, 'DELETE', `${API}/progress/remove-continue-watching`, {
        userUID: u.uid,
        id: show,
        type: 'tv',
      });
    let res = await remove();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, removed: 1 });
    expect(await continueWatching(u)).toEqual([]);
    expect((await progressOf(u, show, 'tv')).map((i) => [i.episode, i.watched])).toEqual([
      [2, false],
      [1, true],
    ]);
    res = await remove();
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toBe(
      `Show ${String(show)} is not in Continue Watching`,
    );
  });
});

describe('who may call', () => {
  it('answers 401 without a session and 403 for another user, writing nothing', async () => {
    const [u, other] = [await createUser(t.app), await createUser(t.app)];
    const movie = at(movies, 5);
    const body = { userUID: u.uid, id: movie, type: 'movie', position: 10, duration: 100 };
    let res = await request(t.app, null, 'POST', `${API}/progress/save-progress`, body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'User is not authenticated' });
    res = await request(t.app, other, 'POST', `${API}/progress/save-progress`, body);
    expect(res.statusCode).toBe(403);
    for (const path of [`fetch-progress?id=${String(movie)}&type=movie`, 'continue-watching']) {
      res = await request(t.app, other, 'GET', `${API}/progress/${u.uid}/${path}`);
      expect(res.statusCode).toBe(403);
      res = await request(t.app, null, 'GET', `${API}/progress/${u.uid}/${path}`);
      expect(res.statusCode).toBe(401);
    }
    expect(await progressOf(u, movie, 'movie')).toEqual([]);
  });

  it('answers 401 to an unverified user', async () => {
    const u = await createUser(t.app, { verified: false });
    const res = await request(t.app, u, 'GET', `${API}/progress/${u.uid}/continue-watching`);
    expect(res.statusCode).toBe(401);
  });
});

it('200 concurrent writers each end in their own last save', async () => {
  const users = await createUsers(t.app, 20);
  const WRITERS = 200;
  const SAVES = 5;
  // Writer n plays episode n of a show (or a movie) for its user; saves go up by 60 s.
  const writer = (n: number) => {
    const user = users[n % users.length] as TestUser;
    const movie = n % 4 === 0;
    const body = movie
      ? { id: at(movies, Math.floor(n / 20) % 10), type: 'movie' }
      : { id: at(shows, 0), type: 'tv', season: 1 + (n % 3), episode: 1 + n };
    return { user, body };
  };
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, n) => {
      const { user, body } = writer(n);
      for (let s = 1; s <= SAVES; s++) {
        const res = await save(user, { ...body, position: s * 60, duration: 3600 });
        statuses.push(res.statusCode);
      }
    }),
  );
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  // Every episode writer's row holds its last save; no row was lost or doubled.
  const rows = await queryRows<{ count: number; wrong: number }>(
    t.database.db,
    sql`select count(*)::int as count, count(*) filter (where position_s <> ${SAVES * 60})::int as wrong
        from watch_progress where user_id in (${sql.join(
          users.map((u) => sql`${u.uid}`),
          sql`, `,
        )})`,
  );
  // 150 episode writers, each its own row; 50 movie writers share 10 (user, movie) rows... at
  // most: writers of one user and movie write the same sequence, so the last save is the same.
  const movieRows = new Set(
    Array.from({ length: WRITERS }, (_, n) => n)
      .filter((n) => n % 4 === 0)
      .map((n) => {
        const { user, body } = writer(n);
        return `${user.uid}:${String(body.id)}`;
      }),
  ).size;
  expect(rows[0]).toEqual({ count: 150 + movieRows, wrong: 0 });
});
