/**
 * Watch progress over the real app and database (issue 20): saves of how far a movie or an
 * episode was played, the 90 % rule, a title's progress for Resume, Continue Watching (started,
 * not finished, newest first, removable), the same 401/403 rules as the library, clear 400s for
 * bad input, and 200 concurrent writers each ending in their own last save.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContinueWatchingItem, TitleProgress } from '@pigostream/contracts';
import { queryRows } from '@pigostream/db';
import { startTestApp, type TestApp } from './helpers/app.ts';
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

interface Save {
  id: number | string;
  type: string;
  season?: number;
  episode?: number;
  position: number;
  duration: number;
}

const save = (u: TestUser, body: Save, uid = u.uid) =>
  request(t.app, u, 'POST', `${API}/progress/save-progress`, { userUID: uid, ...body });
const progressOf = async (u: TestUser, id: number, type: string) => {
  const res = await request(
    t.app,
    u,
    'GET',
    `${API}/progress/${u.uid}/fetch-progress?id=${String(id)}&type=${type}`,
  );
  expect(res.statusCode).toBe(200);
  return res.json<TitleProgress>().items;
};
const continueWatching = async (u: TestUser) => {
  const res = await request(t.app, u, 'GET', `${API}/progress/${u.uid}/continue-watching`);
  expect(res.statusCode).toBe(200);
  return res.json<ContinueWatchingItem[]>();
};

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

describe('player tokens', () => {
  const tokenFor = async (u: TestUser, body: Record<string, unknown>) => {
    const res = await request(t.app, u, 'POST', `${API}/progress/player-token`, {
      userUID: u.uid,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string; expiresAt: string }>();
  };
  const report = (token: string | undefined, body: Record<string, unknown>) =>
    request(t.app, null, 'POST', `${API}/progress/player-progress`, body, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  it("lets the player app report one episode's progress for the user, without a session", async () => {
    const u = await createUser(t.app);
    const show = at(shows, 4);
    const episode = { id: show, type: 'tv', season: 2, episode: 5 };
    const { token, expiresAt } = await tokenFor(u, episode);
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(5.9);
    expect(hours).toBeLessThanOrEqual(6);

    const res = await report(token, { ...episode, position: 1250, duration: 1300 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, watched: true });
    expect(await progressOf(u, show, 'tv')).toMatchObject([
      { season: 2, episode: 5, position: 1250, watched: true },
    ]);
  });

  it('answers 403 for another title, another episode or a forged token; 401 without one', async () => {
    const u = await createUser(t.app);
    const movie = at(movies, 6);
    const { token } = await tokenFor(u, { id: movie, type: 'movie' });
    const progress = { position: 10, duration: 100 };
    const refusals: [string | undefined, Record<string, unknown>, number, string][] = [
      [undefined, { id: movie, type: 'movie' }, 401, 'A player token is required'],
      [
        token,
        { id: at(movies, 7), type: 'movie' },
        403,
        'The player token is for another title or episode',
      ],
      [
        token,
        { id: movie, type: 'tv', season: 1, episode: 1 },
        403,
        'The player token is for another title or episode',
      ],
      [
        `${token.slice(0, -2)}xx`,
        { id: movie, type: 'movie' },
        403,
        'The player token is not valid or has expired',
      ],
      [
        'not-a-token',
        { id: movie, type: 'movie' },
        403,
        'The player token is not valid or has expired',
      ],
    ];
    for (const [bearer, title, status, error] of refusals) {
      const res = await report(bearer, { ...title, ...progress });
      expect(res.statusCode, `${JSON.stringify(title)}: ${res.body}`).toBe(status);
      expect(res.json()).toEqual({ error });
    }
    // The user's session is no player token.
    const session = await request(t.app, u, 'POST', `${API}/progress/player-progress`, {
      id: movie,
      type: 'movie',
      ...progress,
    });
    expect(session.statusCode).toBe(401);
    expect(await progressOf(u, movie, 'movie')).toEqual([]);

    // An episode's token does not cover the next episode.
    const show = at(shows, 5);
    const { token: episodeToken } = await tokenFor(u, {
      id: show,
      type: 'tv',
      season: 1,
      episode: 1,
    });
    const next = await report(episodeToken, {
      id: show,
      type: 'tv',
      season: 1,
      episode: 2,
      ...progress,
    });
    expect(next.statusCode).toBe(403);
  });

  it('gives tokens only to the signed-in user, for titles the catalogue knows', async () => {
    const [u, other] = [await createUser(t.app), await createUser(t.app)];
    const body = { userUID: u.uid, id: at(movies, 8), type: 'movie' };
    let res = await request(t.app, other, 'POST', `${API}/progress/player-token`, body);
    expect(res.statusCode).toBe(403);
    res = await request(t.app, null, 'POST', `${API}/progress/player-token`, body);
    expect(res.statusCode).toBe(401);
    res = await request(t.app, u, 'POST', `${API}/progress/player-token`, {
      ...body,
      id: 999_999_001,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('marking a season', () => {
  it("marks a season's aired episodes watched, finishing a started one, and unmarks them", async () => {
    const u = await createUser(t.app);
    // Breaking Bad's first season, all aired, from the starter catalogue.
    const seasonRes = await request(
      t.app,
      u,
      'GET',
      `${API}/playground/season?id=1396&seasonNumber=1`,
    );
    expect(seasonRes.statusCode, seasonRes.body).toBe(200);
    const episodes = seasonRes.json<{ episodes: { episode_number: number }[] }>().episodes;
    expect(episodes.length).toBeGreaterThan(1);
    await save(u, { id: 1396, type: 'tv', season: 1, episode: 2, position: 600, duration: 2800 });
    await save(u, { id: 1396, type: 'tv', season: 2, episode: 1, position: 60, duration: 2800 });
    const mark = (watched: boolean, season = 1) =>
      request(t.app, u, 'POST', `${API}/progress/mark-season`, {
        userUID: u.uid,
        id: 1396,
        season,
        watched,
      });

    let res = await mark(true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, episodes: episodes.length });
    let items = await progressOf(u, 1396, 'tv');
    const seasonOne = items.filter((i) => i.season === 1);
    expect(seasonOne).toHaveLength(episodes.length);
    expect(seasonOne.every((i) => i.watched)).toBe(true);
    expect(seasonOne.find((i) => i.episode === 2)).toMatchObject({
      position: 2800,
      duration: 2800,
    });
    // Marking again changes nothing; season 2's started episode is left as it was.
    expect((await mark(true)).json()).toEqual({ ok: true, episodes: episodes.length });
    expect(items.find((i) => i.season === 2)).toMatchObject({ position: 60, watched: false });
    expect((await continueWatching(u)).map((i) => i.progress.season)).toEqual([2]);

    res = await mark(false);
    expect(res.json()).toEqual({ ok: true, episodes: episodes.length });
    items = await progressOf(u, 1396, 'tv');
    expect(items.map((i) => [i.season, i.episode])).toEqual([[2, 1]]);
  });

  it('answers 404 for a season the show does not have, and 403 for another user', async () => {
    const [u, other] = [await createUser(t.app), await createUser(t.app)];
    const body = { userUID: u.uid, id: 1396, season: 99, watched: true };
    let res = await request(t.app, u, 'POST', `${API}/progress/mark-season`, body);
    expect(res.statusCode).toBe(404);
    res = await request(t.app, other, 'POST', `${API}/progress/mark-season`, {
      ...body,
      season: 1,
    });
    expect(res.statusCode).toBe(403);
    res = await request(t.app, u, 'POST', `${API}/progress/mark-season`, {
      ...body,
      watched: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(await progressOf(u, 1396, 'tv')).toEqual([]);
  });
});

describe('Up Next', () => {
  interface Next {
    id: number;
    next: { season_number: number; episode_number: number; name: string };
  }
  const upNext = async (u: TestUser) => {
    const res = await request(t.app, u, 'GET', `${API}/progress/${u.uid}/up-next`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Next[]>().map((i) => [i.id, i.next.season_number, i.next.episode_number]);
  };
  const episodesOf = async (u: TestUser, show: number, season: number) => {
    const res = await request(
      t.app,
      u,
      'GET',
      `${API}/playground/season?id=${String(show)}&seasonNumber=${String(season)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<{ episodes: { episode_number: number }[] }>()
      .episodes.map((e) => e.episode_number);
  };
  const finish = (u: TestUser, id: number, season: number, episode: number) =>
    save(u, { id, type: 'tv', season, episode, position: 1000, duration: 1000 });

  it('offers the episode after the last one watched, across seasons, skipping specials', async () => {
    const u = await createUser(t.app);
    const show = 1396;
    expect(await upNext(u)).toEqual([]);
    // A special watched counts for nothing: the show starts at S1 E1.
    await finish(u, show, 0, 1);
    expect(await upNext(u)).toEqual([[show, 1, 1]]);
    await finish(u, show, 1, 1);
    expect(await upNext(u)).toEqual([[show, 1, 2]]);
    // The season's last episode leads to the next season's first.
    const seasonOne = await episodesOf(u, show, 1);
    await finish(u, show, 1, Math.max(...seasonOne));
    expect(await upNext(u)).toEqual([[show, 2, 1]]);
    // A show being continued is Continue Watching's, not Up Next's.
    await save(u, { id: show, type: 'tv', season: 2, episode: 1, position: 100, duration: 1000 });
    expect(await upNext(u)).toEqual([]);
  });

  it('offers S1 E1 of a show in My List, the show added last first; none once all is watched', async () => {
    const u = await createUser(t.app);
    // Two shows whose first episode has aired (not Breaking Bad, which the test above plays).
    const aired = await queryRows<{ tmdb_id: number }>(
      t.database.db,
      sql`select tmdb_id from episodes
          where season_number = 1 and episode_number = 1 and tmdb_id <> 1396
            and (air_date is null or air_date <= current_date)
          order by tmdb_id limit 2`,
    );
    const [a, b] = aired.map((r) => r.tmdb_id) as [number, number];
    expect(aired).toHaveLength(2);
    for (const id of [a, b]) {
      const res = await request(t.app, u, 'POST', `${API}/my-list/save-my-list`, {
        userUID: u.uid,
        id,
        type: 'tv',
      });
      expect(res.statusCode).toBe(200);
    }
    const next = await upNext(u);
    expect(next.map(([id]) => id)).toEqual([b, a]);
    expect(next.every(([, season]) => (season as number) >= 1)).toBe(true);
    // Every episode of every season watched: nothing left to offer.
    const details = await request(t.app, u, 'GET', `${API}/media-details?id=${String(a)}&type=tv`);
    const seasons = (details.json<{ seasons?: { season_number: number }[] }>().seasons ?? [])
      .map((s) => s.season_number)
      .filter((n) => n > 0);
    for (const season of seasons) {
      const marked = await request(t.app, u, 'POST', `${API}/progress/mark-season`, {
        userUID: u.uid,
        id: a,
        season,
        watched: true,
      });
      expect(marked.statusCode).toBe(200);
    }
    expect((await upNext(u)).map(([id]) => id)).toEqual([b]);
  });

  it('answers 401 without a session and 403 for another user', async () => {
    const [u, other] = [await createUser(t.app), await createUser(t.app)];
    expect((await request(t.app, null, 'GET', `${API}/progress/${u.uid}/up-next`)).statusCode).toBe(
      401,
    );
    expect(
      (await request(t.app, other, 'GET', `${API}/progress/${u.uid}/up-next`)).statusCode,
    ).toBe(403);
  });
});

describe('New Episodes', () => {
  it("lists the episodes of the user's shows that aired in the last 7 days or air in the next 14", async () => {
    const u = await createUser(t.app);
    // Four extra episodes in Breaking Bad's last season, around today.
    const [season] = await queryRows<{ season_number: number }>(
      t.database.db,
      sql`select max(season_number)::int as season_number from seasons where tmdb_id = 1396`,
    );
    const latest = season?.season_number ?? 5;
    const day = (offset: number) =>
      new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
    for (const [episode, offset] of [
      [90, 3],
      [91, -3],
      [92, 20],
      [93, -10],
    ] as const) {
      await t.database.db.execute(
        sql`insert into episodes (tmdb_id, season_number, episode_number, id, name, air_date)
            values (1396, ${latest}, ${episode}, ${990_000 + episode}, ${`Test ${String(episode)}`},
              ${day(offset)})`,
      );
    }
    const newEpisodes = async () => {
      const res = await request(t.app, u, 'GET', `${API}/progress/${u.uid}/new-episodes`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: number; episode: { episode_number: number; air_date: string } }[]>();
    };
    // Not one of the user's shows yet.
    expect(await newEpisodes()).toEqual([]);
    await request(t.app, u, 'POST', `${API}/my-list/save-my-list`, {
      userUID: u.uid,
      id: 1396,
      type: 'tv',
    });
    const list = await newEpisodes();
    expect(list.map((i) => [i.id, i.episode.episode_number, i.episode.air_date])).toEqual([
      [1396, 91, day(-3)],
      [1396, 90, day(3)],
    ]);
  });
});
