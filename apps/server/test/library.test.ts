/**
 * Watch history and My List over the real app and database (DATA-2, DATA-3, LISTS-7 in
 * docs/requirements.md 'History and list pages', API-LIST-4): saves are idempotent, lists are
 * newest first, split into movies and shows and bounded by their limits, removals of absent titles
 * answer 404 and change nothing, and the in-list check tells movie and tv ids apart.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyList, TitleSummary, WatchHistory } from '@pigostream/contracts';
import { queryRows } from '@pigostream/db';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

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

const saveHistory = (u: TestUser, id: number | string, type: string) =>
  request(t.app, u, 'POST', `${API}/watch-history/save-watch-history`, {
    userUID: u.uid,
    id,
    type,
  });
const removeHistory = (u: TestUser, id: number, type: string) =>
  request(t.app, u, 'DELETE', `${API}/watch-history/remove-watch-history`, {
    userUID: u.uid,
    id,
    type,
  });
const history = async (u: TestUser, query = '') => {
  const res = await request(
    t.app,
    u,
    'GET',
    `${API}/watch-history/${u.uid}/fetch-watch-history${query}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WatchHistory>();
};
const saveList = (u: TestUser, id: number, type: string) =>
  request(t.app, u, 'POST', `${API}/my-list/save-my-list`, { userUID: u.uid, id, type });
const removeList = (u: TestUser, id: number, type: string) =>
  request(t.app, u, 'DELETE', `${API}/my-list/remove-my-list`, { userUID: u.uid, id, type });
const myList = async (u: TestUser, query = '') => {
  const res = await request(t.app, u, 'GET', `${API}/my-list/${u.uid}/fetch-my-list${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyList>();
};
const inList = async (u: TestUser, query: string) => {
  const res = await request(t.app, u, 'GET', `${API}/my-list/${u.uid}/contains?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ inList: boolean }>().inList;
};
const ids = (items: TitleSummary[]) => items.map((i) => i.id);

describe('watch history', () => {
  it('saves titles and answers them newest first, movies and shows apart, as list items', async () => {
    const u = await createUser(t.app);
    expect(await history(u)).toEqual({ moviesHistory: [], showsHistory: [] });
    for (const id of [at(movies, 0), at(movies, 1)]) {
      const res = await saveHistory(u, id, 'movie');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, added: true });
    }
    expect((await saveHistory(u, String(at(shows, 0)), 'tv')).statusCode).toBe(200);

    const h = await history(u);
    expect(ids(h.moviesHistory)).toEqual([at(movies, 1), at(movies, 0)]);
    expect(ids(h.showsHistory)).toEqual([at(shows, 0)]);
    const [movie] = h.moviesHistory;
    expect(movie).toMatchObject({ id: at(movies, 1), type: 'movie' });
    expect(typeof movie?.title).toBe('string');
    expect(typeof movie?.poster_path).toBe('string');
    expect(typeof movie?.vote_average).toBe('number');
    expect(Array.isArray(movie?.genres)).toBe(true);
    expect(typeof h.showsHistory[0]?.name).toBe('string');
  });

  it('moves a title saved again to the front without a duplicate', async () => {
    const u = await createUser(t.app);
    for (const i of [0, 1, 2]) await saveHistory(u, at(movies, i), 'movie');
    const again = await saveHistory(u, at(movies, 0), 'movie');
    expect(again.json()).toEqual({ ok: true, added: false });
    expect(ids((await history(u)).moviesHistory)).toEqual([
      at(movies, 0),
      at(movies, 2),
      at(movies, 1),
    ]);
  });

  it('bounds each list by movieLimit and showLimit, 12 by default', async () => {
    const u = await createUser(t.app);
    for (const id of movies.slice(0, 14)) await saveHistory(u, id, 'movie');
    for (const id of shows.slice(0, 3)) await saveHistory(u, id, 'tv');
    expect((await history(u)).moviesHistory).toHaveLength(12);
    const bounded = await history(u, '?movieLimit=2&showLimit=1');
    expect(ids(bounded.moviesHistory)).toEqual([at(movies, 13), at(movies, 12)]);
    expect(ids(bounded.showsHistory)).toEqual([at(shows, 2)]);
    expect((await history(u, '?movieLimit=200')).moviesHistory).toHaveLength(14);
  });

  it('removes one title; removing an absent one answers 404 and changes nothing', async () => {
    const u = await createUser(t.app);
    await saveHistory(u, at(movies, 0), 'movie');
    await saveHistory(u, at(shows, 0), 'tv');
    const removed = await removeHistory(u, at(movies, 0), 'movie');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true, removed: 1 });
    const again = await removeHistory(u, at(movies, 0), 'movie');
    expect(again.statusCode).toBe(404);
    expect(again.json<{ error: string }>().error).toMatch(/not in the watch history/);
    // Same id, other type: not there either.
    expect((await removeHistory(u, at(shows, 0), 'movie')).statusCode).toBe(404);
    const h = await history(u);
    expect(ids(h.moviesHistory)).toEqual([]);
    expect(ids(h.showsHistory)).toEqual([at(shows, 0)]);
  });

  it('clears both lists of the user only', async () => {
    const [u, other] = [await createUser(t.app), await createUser(t.app)];
    await saveHistory(u, at(movies, 0), 'movie');
    await saveHistory(u, at(shows, 0), 'tv');
    await saveHistory(other, at(movies, 0), 'movie');
    const res = await request(t.app, u, 'DELETE', `${API}/watch-history/remove-all-watch-history`, {
      userUID: u.uid,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, removed: 2 });
    expect(await history(u)).toEqual({ moviesHistory: [], showsHistory: [] });
    expect(ids((await history(other)).moviesHistory)).toEqual([at(movies, 0)]);
    const empty = await request(
      t.app,
      u,
      'DELETE',
      `${API}/watch-history/remove-all-watch-history`,
      {
        userUID: u.uid,
      },
    );
    expect(empty.json()).toEqual({ ok: true, removed: 0 });
  });

  it('refuses titles the catalogue does not know with 404 and writes nothing', async () => {
    const u = await createUser(t.app);
    const res = await saveHistory(u, 999_999_001, 'movie');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toBe('No movie with id 999999001');
    // A known movie id saved as a show is a different, unknown title.
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from titles m where media_type = 'movie' and not exists (
            select 1 from titles s where s.media_type = 'tv' and s.id = m.id) limit 1`,
    );
    expect((await saveHistory(u, row?.id ?? 0, 'tv')).statusCode).toBe(404);
    expect(await history(u)).toEqual({ moviesHistory: [], showsHistory: [] });
  });
});

describe('My List', () => {
  it('adds titles once, answers them newest first, and leaves a title saved again in place', async () => {
    const u = await createUser(t.app);
    expect((await saveList(u, at(movies, 0), 'movie')).json()).toEqual({ ok: true, added: true });
    await saveList(u, at(movies, 1), 'movie');
    await saveList(u, at(shows, 0), 'tv');
    expect((await saveList(u, at(movies, 0), 'movie')).json()).toEqual({ ok: true, added: false });
    const list = await myList(u);
    expect(ids(list.moviesList)).toEqual([at(movies, 1), at(movies, 0)]);
    expect(ids(list.showsList)).toEqual([at(shows, 0)]);
    expect(list.moviesList[0]).toMatchObject({
      type: 'movie',
      genres: expect.any(Array) as unknown,
    });
    expect(ids((await myList(u, '?movieLimit=1&showLimit=1')).moviesList)).toEqual([at(movies, 1)]);
  });

  it('removes a listed title; an absent one answers 404', async () => {
    const u = await createUser(t.app);
    await saveList(u, at(movies, 0), 'movie');
    expect((await removeList(u, at(movies, 0), 'movie')).statusCode).toBe(200);
    const again = await removeList(u, at(movies, 0), 'movie');
    expect(again.statusCode).toBe(404);
    expect(again.json<{ error: string }>().error).toMatch(/not in My List/);
    expect(await myList(u)).toEqual({ moviesList: [], showsList: [] });
  });

  it('answers the in-list check by id and type, or by id alone among movies and shows', async () => {
    const u = await createUser(t.app);
    await saveList(u, at(shows, 0), 'tv');
    expect(await inList(u, `id=${at(shows, 0)}&type=tv`)).toBe(true);
    expect(await inList(u, `id=${at(shows, 0)}&type=movie`)).toBe(false);
    expect(await inList(u, `id=${at(shows, 0)}`)).toBe(true);
    expect(await inList(u, `id=${at(movies, 5)}`)).toBe(false);
    const bad = await request(t.app, u, 'GET', `${API}/my-list/${u.uid}/contains?id=abc`);
    expect(bad.statusCode).toBe(400);
  });

  it('keeps users apart', async () => {
    const [u, other] = [await createUser(t.app), await createUser(t.app)];
    await saveList(u, at(movies, 0), 'movie');
    expect(await myList(other)).toEqual({ moviesList: [], showsList: [] });
    expect(await inList(other, `id=${at(movies, 0)}&type=movie`)).toBe(false);
    expect((await removeList(other, at(movies, 0), 'movie')).statusCode).toBe(404);
    expect(ids((await myList(u)).moviesList)).toEqual([at(movies, 0)]);
  });
});
