/**
 * Up Next and New Episodes on CATALOG_SOURCE=tmdb (PROG-7, PROG-9 in docs/requirements.md: "works
 * on both catalogue sources"): TMDB's seasons and air dates, read from a stand-in answering
 * hand-written records of real shows.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEpisodeItem, UpNextItem } from '@pigostream/contracts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import { saveProgress } from './helpers/progress.ts';
import { startTmdbApp } from './helpers/tmdb-app.ts';
import { startTmdbStandin, type TmdbStandin } from './helpers/tmdb-standin.ts';
import { STANDIN_TOKEN } from './helpers/tmdb-app.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

/** Futurama: specials (season 0) and regular seasons, all aired, in the stand-in's records. */
const SHOW = 615;

let standin: TmdbStandin;
let database: TestDatabase;
const apps: FastifyInstance[] = [];
const tmdbApp = async () => {
  const app = await startTmdbApp(standin, database);
  apps.push(app);
  return app;
};
beforeAll(async () => {
  standin = await startTmdbStandin(STANDIN_TOKEN);
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  await standin.close();
});

/** The stand-in's seasons of {@link SHOW}, as TMDB answers them. */
function seasonsOfShow() {
  const show = standin.titles.find((t) => t.type === 'tv' && Number(t.list.id) === SHOW);
  if (!show) throw new Error(`the stand-in has no show ${String(SHOW)}`);
  return show.seasons as {
    season_number: number;
    episodes: { episode_number: number; air_date: string | null }[];
  }[];
}

const get = async <T>(app: FastifyInstance, u: TestUser, call: string) => {
  const res = await request(app, u, 'GET', `${API}/progress/${u.uid}/${call}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const finish = async (app: FastifyInstance, u: TestUser, season: number, episode: number) => {
  const res = await saveProgress(app, u, {
    id: SHOW,
    type: 'tv',
    season,
    episode,
    position: 1300,
    duration: 1300,
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('progress on TMDB', () => {
  it("Up Next walks TMDB's seasons: S1 E1 first, specials skipped, across a season boundary", async () => {
    const app = await tmdbApp();
    const u = await createUser(app);
    const seasons = seasonsOfShow();
    const first = seasons.find((s) => s.season_number === 1);
    expect(seasons.some((s) => s.season_number === 0)).toBe(true);
    expect(first?.episodes.length).toBeGreaterThan(1);
    const saved = await request(app, u, 'POST', `${API}/my-list/save-my-list`, {
      userUID: u.uid,
      id: SHOW,
      type: 'tv',
    });
    expect(saved.statusCode).toBe(200);
    const next = async () =>
      (await get<UpNextItem[]>(app, u, 'up-next')).map((i) => [
        i.id,
        i.name,
        i.next.season_number,
        i.next.episode_number,
      ]);

    expect(await next()).toEqual([[SHOW, 'Futurama', 1, 1]]);
    // A special watched moves nothing.
    await finish(app, u, 0, 1);
    expect(await next()).toEqual([[SHOW, 'Futurama', 1, 1]]);
    await finish(app, u, 1, 1);
    expect(await next()).toEqual([[SHOW, 'Futurama', 1, 2]]);
    // The whole first season marked through TMDB's season answer: on to S2 E1.
    const marked = await request(app, u, 'POST', `${API}/progress/mark-season`, {
      userUID: u.uid,
      id: SHOW,
      season: 1,
      watched: true,
    });
    expect(marked.json()).toEqual({ ok: true, episodes: first?.episodes.length });
    expect(await next()).toEqual([[SHOW, 'Futurama', 2, 1]]);
  });

  it("New Episodes lists the episodes of TMDB's two latest seasons around today", async () => {
    const seasons = seasonsOfShow().filter((s) => s.season_number > 0);
    const [older, latest] = seasons.slice(-2);
    if (!older || !latest) throw new Error('the show needs two regular seasons');
    const day = (offset: number) =>
      new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const [aired, coming, tooLate] = latest.episodes;
    const [lastWeek] = older.episodes;
    if (!aired || !coming || !tooLate || !lastWeek) throw new Error('seasons too short');
    aired.air_date = day(-2);
    coming.air_date = day(5);
    tooLate.air_date = day(20);
    lastWeek.air_date = day(-6);
    // A server whose cache has not seen the show yet.
    const app = await tmdbApp();
    const u = await createUser(app);
    await finish(app, u, 1, 1);

    const items = await get<NewEpisodeItem[]>(app, u, 'new-episodes');
    expect(
      items.map((i) => [
        i.name,
        i.episode.season_number,
        i.episode.episode_number,
        i.episode.air_date,
      ]),
    ).toEqual([
      ['Futurama', older.season_number, lastWeek.episode_number, day(-6)],
      ['Futurama', latest.season_number, aired.episode_number, day(-2)],
      ['Futurama', latest.season_number, coming.episode_number, day(5)],
    ]);
  });
});
