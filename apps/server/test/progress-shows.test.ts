/**
 * A show's watch progress over the real app and database (PROG-4 in docs/requirements.md): marking
 * a season watched and unmarking it, Up Next across seasons and specials, and New Episodes around
 * today.
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
import { API, createUser, request, type TestUser } from './helpers/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const save = (u: TestUser, body: Save, uid = u.uid) => saveProgress(t.app, u, body, uid);
const progressOf = (u: TestUser, id: number, type: string) => progressOf_(t.app, u, id, type);
const continueWatching = (u: TestUser) => continueWatchingOf(t.app, u);

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
      return res.json<
        { id: number; episode: { episode_number: number; air_date: string }; watched: boolean }[]
      >();
    };
    // Not one of the user's shows yet.
    expect(await newEpisodes()).toEqual([]);
    await request(t.app, u, 'POST', `${API}/my-list/save-my-list`, {
      userUID: u.uid,
      id: 1396,
      type: 'tv',
    });
    const list = await newEpisodes();
    expect(
      list.map((i) => [i.id, i.episode.episode_number, i.episode.air_date, i.watched]),
    ).toEqual([
      [1396, 91, day(-3), false],
      [1396, 90, day(3), false],
    ]);
    // The aired one watched: still listed, now as watched.
    const saved = await save(u, {
      ...{ id: 1396, type: 'tv', season: latest, episode: 91 },
      ...{ position: 2800, duration: 2800 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await newEpisodes()).map((i) => [i.episode.episode_number, i.watched])).toEqual([
      [91, true],
      [90, false],
    ]);
  });
});
