/**
 * A kids' profile's own data and streams hold only titles within its rating limit (PROFILE-7 in
 * docs/requirements.md), on the embedded database and on PostgreSQL (TEST_DB): My List, Watch
 * History and the in-list check, Continue Watching, Up Next, New Episodes and Resume, the
 * import's matches and its export, the home hero's '#1 Most Watched', the play page's servers
 * and the library's media, playback, subtitle and HLS streams. Rows above the limit are kept (they
 * show again when the limit changes); saving one, its progress, a season mark, a player token or
 * an import of one answers 403 'Not available on this profile' and changes nothing. The adult
 * profile of the same account, and signed-out players of a file, see theirs as before.
 *
 * Ratings are set here with SQL on `titles` (certification and rating age, DEC-31 in
 * docs/decisions.md); the kids' profile is made in SQL and made active on a second session of the
 * account, with its limit, as the profiles module keeps them.
 */
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_AVAILABLE_ON_PROFILE,
  type ImportPreview,
  type Playback,
  type RatingCeiling,
} from '@pigostream/contracts';
import { queryRows, type Database } from '@pigostream/db';
import { makeTestMedia, TEST_MEDIA } from '../../../tools/test-media.ts';
import { USER_ANSWER_TTL_MS } from '../src/lib/response-cache.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { CHROMIUM } from './helpers/playback.ts';
import { API, createUser, request, type TestUser, signInAgain } from './helpers/users.ts';

/** Rated R (17): above the kid's limit. */
const R_MOVIE = 603;
/** Rated G (0): within it. */
const G_MOVIE = 862;
/** Rated PG (10): within it, never saved before the tests save it. */
const PG_MOVIE = 11;
/** No known rating: hidden from a kid who does not see unrated titles. */
const UNRATED_MOVIE = 238;
/** Rated TV-MA (17). */
const R_SHOW = 1396;
/** Rated TV-PG (10). */
const PG_SHOW = 85271;

/** The kid's limit: 10 (PG, TV-PG), unrated titles hidden. */
const KID: RatingCeiling = { maxAge: 10, unrated: false };

let t: TestApp;
let db: Database;
let root: string;
/** The account's default (adult) profile, on its first session. */
let parent: TestUser;
/** The same account on a second session, switched to its kids' profile. */
let kid: TestUser;
/** The kids' profile's id. */
let kidProfile: string;
/** Library files: the R movie's MP4 (direct) and MKV (remux, HLS), the G movie's MP4. */
const media = { rMp4: '', rMkv: '', gMp4: '' };

const forbidden = { error: NOT_AVAILABLE_ON_PROFILE };

/** A request as `u` (null: signed out) to `url` under the API prefix. */
const call = (u: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  request(t.app, u, method, `${API}${url}`, body);

/** A 200 answer's JSON of a GET as `u`. */
async function read<T>(u: TestUser, url: string): Promise<T> {
  const res = await call(u, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

/** Expects a 403 'Not available on this profile'. */
function expectForbidden(res: { statusCode: number; body: string; json(): unknown }): void {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual(forbidden);
}

/** Sets a title's certification and rating age (null: unrated). */
async function rate(type: 'movie' | 'tv', id: number, cert: string | null, age: number | null) {
  await db.execute(
    sql`update titles set certification = ${cert}, rating_age = ${age}
        where media_type = ${type} and id = ${id}`,
  );
}

/**
 * Sets the limit the kid's session carries, and drops kept session lookups; then waits out the
 * answers kept for the kid's profile (the per-user answer cache keys them by profile, not limit).
 */
async function setKidLimit(ceiling: RatingCeiling): Promise<void> {
  await db.execute(
    sql`update session set rating_ceiling = ${ceiling.maxAge}, rating_unrated = ${ceiling.unrated}
        where active_profile_id = ${kidProfile}`,
  );
  t.app.identity.forgetSessions();
  await new Promise((resolve) => setTimeout(resolve, USER_ANSWER_TTL_MS + 100));
}

/** Signs `u` in again: a second session of the same account, as another device would. */
const secondSession = (u: TestUser) => signInAgain(t.app, u);

/** Stores a personal row for `owner` (a profile id) directly, as saved before a limit was set. */
async function store(
  owner: string,
  table: 'my_list' | 'watch_history',
  type: 'movie' | 'tv',
  id: number,
  minutesAgo: number,
): Promise<void> {
  const time = table === 'my_list' ? sql.raw('added_at') : sql.raw('watched_at');
  await db.execute(
    sql`insert into ${sql.raw(table)} (user_id, media_type, tmdb_id, ${time})
        values (${owner}, ${type}, ${id}, now() - make_interval(mins => ${minutesAgo}))`,
  );
}

/** Stores a started progress row for `owner` directly. */
async function started(
  owner: string,
  type: 'movie' | 'tv',
  id: number,
  minutesAgo: number,
  episode: [number, number] = [0, 0],
): Promise<void> {
  await db.execute(
    sql`insert into watch_progress (user_id, media_type, tmdb_id, season_number, episode_number,
          position_s, duration_s, watched, updated_at)
        values (${owner}, ${type}, ${id}, ${episode[0]}, ${episode[1]}, 600, 6000, false,
          now() - make_interval(mins => ${minutesAgo}))`,
  );
}

/** Every personal row of `owner`, as one comparable text. */
async function rowsOf(owner: string): Promise<string> {
  const rows = await queryRows<{ data: string }>(
    db,
    sql`select json_build_array(
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id, added_at from my_list where user_id = ${owner}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id, watched_at from watch_history where user_id = ${owner}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id, season_number, episode_number, position_s, watched,
               updated_at from watch_progress where user_id = ${owner}) x)
        )::text as data`,
  );
  return rows[0]?.data ?? '';
}

/** The playback answer of a library file for a Chromium-like browser, as `u`. */
const playback = (u: TestUser | null, file: string) =>
  call(u, 'GET', `/sources/media/${file}/playback?${CHROMIUM}`);

/** The opaque ids of the library files of movie `id`, in the servers' order. */
async function filesOf(u: TestUser | null, id: number): Promise<string[]> {
  const res = await call(u, 'GET', `/sources/servers?id=${String(id)}&type=movie`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ server_name: string; server_link: string }[]>()
    .filter((s) => s.server_name.startsWith('Local library'))
    .map((s) => s.server_link.split('/').at(-1) ?? '');
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pigo-kids-personal-'));
  const made = path.join(root, 'made');
  const mediaDir = path.join(root, 'media');
  await makeTestMedia(made);
  const mp4 = TEST_MEDIA.find((f) => f.expectedMode === 'direct' && f.name.endsWith('.mp4'));
  const mkv = TEST_MEDIA.find((f) => f.expectedMode === 'remux');
  if (!mp4 || !mkv) throw new Error('the test library has no MP4 or no MKV to remux');
  const base = (name: string) => name.slice(0, name.lastIndexOf('.'));
  await mkdir(mediaDir, { recursive: true });
  const copy = async (from: string, to: string) => {
    await copyFile(path.join(made, from), path.join(mediaDir, to));
  };
  for (const [id, title] of [
    [R_MOVIE, 'The Matrix (1999)'],
    [G_MOVIE, 'Toy Story (1995)'],
  ] as const) {
    await copy(mp4.name, `${title} [tmdbid-${String(id)}].mp4`);
    await copy(`${base(mp4.name)}.fr.srt`, `${title} [tmdbid-${String(id)}].fr.srt`);
  }
  await copy(mkv.name, `The Matrix (1999) [tmdbid-${String(R_MOVIE)}] remux.mkv`);

  t = await startTestApp({ env: { MEDIA_DIR: mediaDir, TRANSCODE_SEGMENT_S: '1' } });
  db = t.database.db;
  await rate('movie', R_MOVIE, 'R', 17);
  await rate('movie', G_MOVIE, 'G', 0);
  await rate('movie', PG_MOVIE, 'PG', 10);
  await rate('movie', UNRATED_MOVIE, null, null);
  await rate('tv', R_SHOW, 'TV-MA', 17);
  await rate('tv', PG_SHOW, 'TV-PG', 10);

  parent = await createUser(t.app, { name: 'Parent' });
  kid = await secondSession(parent);
  kidProfile = `p_kids${parent.uid.slice(0, 12).toLowerCase()}`;
  await db.execute(
    sql`insert into profiles (id, user_id, name, avatar, kind, position, max_rating_age)
        values (${kidProfile}, ${parent.uid}, 'Kid', 'avatar-3', 'kids', 1, ${KID.maxAge})`,
  );
  // The second session (the kid's device) switches to the kids' profile.
  await db.execute(
    sql`update session set active_profile_id = ${kidProfile}
        where id = (select id from session where user_id = ${parent.uid}
                    order by created_at desc, id desc limit 1)`,
  );
  await setKidLimit(KID);
  const active = await read<{ active: string }>(kid, '/profiles');
  expect(active.active).toBe(kidProfile);
  expect((await read<{ active: string }>(parent, '/profiles')).active).toBe(parent.uid);

  // The R movie's two files told apart by how they play: the MP4 as it is, the MKV over HLS.
  for (const id of await filesOf(parent, R_MOVIE)) {
    const res = await playback(parent, id);
    expect(res.statusCode, res.body).toBe(200);
    if (res.json<Playback>().delivery === 'file') media.rMp4 = id;
    else media.rMkv = id;
  }
  media.gMp4 = (await filesOf(parent, G_MOVIE))[0] ?? '';
  expect(Object.values(media).every((id) => /^[a-f0-9]{24}$/.test(id))).toBe(true);
});

afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

describe('My List and Watch History', () => {
  interface Lists {
    moviesList?: { id: number }[];
    showsList?: { id: number }[];
    moviesHistory?: { id: number }[];
    showsHistory?: { id: number }[];
  }
  const ids = (items: { id: number }[] | undefined) => (items ?? []).map((i) => i.id);
  const myList = (u: TestUser, query = '') =>
    read<Lists>(u, `/my-list/${u.uid}/fetch-my-list${query}`);
  const history = (u: TestUser, query = '') =>
    read<Lists>(u, `/watch-history/${u.uid}/fetch-watch-history${query}`);
  const inList = async (u: TestUser, id: number, type?: string) =>
    (
      await read<{ inList: boolean }>(
        u,
        `/my-list/${u.uid}/contains?id=${String(id)}${type ? `&type=${type}` : ''}`,
      )
    ).inList;

  beforeAll(async () => {
    // Saved before the limit: the R titles newest, so a kid's short list reads on past them.
    for (const table of ['my_list', 'watch_history'] as const) {
      await store(kidProfile, table, 'movie', G_MOVIE, 30);
      await store(kidProfile, table, 'movie', UNRATED_MOVIE, 20);
      await store(kidProfile, table, 'movie', R_MOVIE, 10);
      await store(kidProfile, table, 'tv', PG_SHOW, 30);
      await store(kidProfile, table, 'tv', R_SHOW, 10);
      await store(parent.uid, table, 'movie', R_MOVIE, 10);
      await store(parent.uid, table, 'tv', R_SHOW, 10);
    }
  });

  it("answers a kid only titles within the limit, filling its limits past the others; the adult's lists keep theirs", async () => {
    const list = await myList(kid);
    expect([ids(list.moviesList), ids(list.showsList)]).toEqual([[G_MOVIE], [PG_SHOW]]);
    const watched = await history(kid);
    expect([ids(watched.moviesHistory), ids(watched.showsHistory)]).toEqual([[G_MOVIE], [PG_SHOW]]);
    // One of each asked for: the newest within the limit, not an empty list.
    const one = '?movieLimit=1&showLimit=1';
    expect(ids((await myList(kid, one)).moviesList)).toEqual([G_MOVIE]);
    expect(ids((await history(kid, one)).showsHistory)).toEqual([PG_SHOW]);
    expect(await inList(kid, R_MOVIE, 'movie')).toBe(false);
    expect(await inList(kid, R_MOVIE)).toBe(false);
    expect(await inList(kid, G_MOVIE)).toBe(true);

    const adult = await myList(parent);
    expect([ids(adult.moviesList), ids(adult.showsList)]).toEqual([[R_MOVIE], [R_SHOW]]);
    expect(ids((await history(parent)).moviesHistory)).toEqual([R_MOVIE]);
    expect(await inList(parent, R_MOVIE, 'movie')).toBe(true);
  });

  it('refuses a kid saving a title above the limit or unrated (403, nothing written); saves one within it', async () => {
    const before = await rowsOf(kidProfile);
    for (const [url, type, id] of [
      ['/my-list/save-my-list', 'movie', R_MOVIE],
      ['/my-list/save-my-list', 'tv', R_SHOW],
      ['/my-list/save-my-list', 'movie', UNRATED_MOVIE],
      ['/watch-history/save-watch-history', 'movie', R_MOVIE],
      ['/watch-history/save-watch-history', 'tv', R_SHOW],
    ] as const) {
      expectForbidden(await call(kid, 'POST', url, { userUID: kid.uid, id, type }));
    }
    expect(await rowsOf(kidProfile)).toBe(before);
    // An unknown title is still unknown (404), and one within the limit is saved.
    const unknown = await call(kid, 'POST', '/my-list/save-my-list', {
      ...{ userUID: kid.uid, id: 999_999_001, type: 'movie' },
    });
    expect(unknown.statusCode).toBe(404);
    const saved = await call(kid, 'POST', '/my-list/save-my-list', {
      ...{ userUID: kid.uid, id: PG_MOVIE, type: 'movie' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ok: true, added: true });
    expect(ids((await myList(kid)).moviesList)).toEqual([PG_MOVIE, G_MOVIE]);
    // The adult saves what the kid may not.
    const adult = await call(parent, 'POST', '/watch-history/save-watch-history', {
      ...{ userUID: parent.uid, id: UNRATED_MOVIE, type: 'movie' },
    });
    expect(adult.statusCode, adult.body).toBe(200);
    expect(ids((await history(parent)).moviesHistory)).toEqual([UNRATED_MOVIE, R_MOVIE]);
  });

  it('keeps the rows above the limit: they come back when the limit changes', async () => {
    await setKidLimit({ maxAge: 17, unrated: true });
    try {
      const list = await myList(kid);
      expect(ids(list.moviesList)).toEqual([PG_MOVIE, R_MOVIE, UNRATED_MOVIE, G_MOVIE]);
      expect(ids(list.showsList)).toEqual([R_SHOW, PG_SHOW]);
    } finally {
      await setKidLimit(KID);
    }
    expect(ids((await myList(kid)).moviesList)).toEqual([PG_MOVIE, G_MOVIE]);
  });
});

describe('watch progress', () => {
  interface Titled {
    id: number;
  }
  const continuing = async (u: TestUser) =>
    (await read<Titled[]>(u, `/progress/${u.uid}/continue-watching`)).map((i) => i.id);
  const upNext = async (u: TestUser) =>
    (await read<Titled[]>(u, `/progress/${u.uid}/up-next`)).map((i) => i.id);
  const newEpisodes = async (u: TestUser) =>
    (await read<Titled[]>(u, `/progress/${u.uid}/new-episodes`)).map((i) => i.id);
  const day = (offset: number) =>
    new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);

  beforeAll(async () => {
    await started(kidProfile, 'movie', R_MOVIE, 5);
    await started(kidProfile, 'movie', G_MOVIE, 6);
    await started(kidProfile, 'movie', UNRATED_MOVIE, 4);
    await started(parent.uid, 'movie', R_MOVIE, 5);
    // An episode of each show around today, in their last season, for New Episodes.
    for (const [show, episode] of [
      [R_SHOW, 97],
      [PG_SHOW, 98],
    ] as const) {
      const [season] = await queryRows<{ n: number }>(
        db,
        sql`select coalesce(max(season_number), 1)::int as n from seasons where tmdb_id = ${show}`,
      );
      await db.execute(
        sql`insert into episodes (tmdb_id, season_number, episode_number, id, name, air_date)
            values (${show}, ${season?.n ?? 1}, ${episode}, ${980_000 + episode},
              ${`Test ${String(episode)}`}, ${day(-1)})`,
      );
    }
  });

  it("answers a kid's Continue Watching, Up Next and New Episodes only within the limit; the adult's keep theirs", async () => {
    expect(await continuing(kid)).toEqual([G_MOVIE]);
    expect(await continuing(parent)).toEqual([R_MOVIE]);
    // Both shows are in the kid's My List (the tests above): only the TV-PG one is looked at.
    expect(await upNext(kid)).toEqual([PG_SHOW]);
    expect(await newEpisodes(kid)).toEqual([PG_SHOW]);
    expect(await upNext(parent)).toEqual([R_SHOW]);
    expect(await newEpisodes(parent)).toEqual([R_SHOW]);
  });

  it('refuses a kid the Resume, saves, season marks and player tokens of a title above the limit', async () => {
    const before = await rowsOf(kidProfile);
    expectForbidden(
      await call(
        kid,
        'GET',
        `/progress/${kid.uid}/fetch-progress?id=${String(R_MOVIE)}&type=movie`,
      ),
    );
    expectForbidden(
      await call(kid, 'POST', '/progress/save-progress', {
        ...{ userUID: kid.uid, id: R_MOVIE, type: 'movie', position: 900, duration: 6000 },
      }),
    );
    expectForbidden(
      await call(kid, 'POST', '/progress/save-progress', {
        ...{ userUID: kid.uid, id: R_SHOW, type: 'tv', season: 1, episode: 1 },
        ...{ position: 900, duration: 3000 },
      }),
    );
    for (const watched of [true, false]) {
      expectForbidden(
        await call(kid, 'POST', '/progress/mark-season', {
          ...{ userUID: kid.uid, id: R_SHOW, season: 1, watched },
        }),
      );
    }
    expectForbidden(
      await call(kid, 'POST', '/progress/player-token', {
        ...{ userUID: kid.uid, id: R_MOVIE, type: 'movie' },
      }),
    );
    expect(await rowsOf(kidProfile)).toBe(before);

    // Within the limit all of them work.
    const resume = await read<{ items: { position: number }[] }>(
      kid,
      `/progress/${kid.uid}/fetch-progress?id=${String(G_MOVIE)}&type=movie`,
    );
    expect(resume.items.map((i) => i.position)).toEqual([600]);
    const saved = await call(kid, 'POST', '/progress/save-progress', {
      ...{ userUID: kid.uid, id: G_MOVIE, type: 'movie', position: 900, duration: 6000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const token = await call(kid, 'POST', '/progress/player-token', {
      ...{ userUID: kid.uid, id: G_MOVIE, type: 'movie' },
    });
    expect(token.statusCode, token.body).toBe(200);
    const unmarked = await call(kid, 'POST', '/progress/mark-season', {
      ...{ userUID: kid.uid, id: PG_SHOW, season: 1, watched: false },
    });
    expect(unmarked.statusCode, unmarked.body).toBe(200);

    // The adult's Resume and saves of the R movie still work.
    const adult = await read<{ items: { position: number }[] }>(
      parent,
      `/progress/${parent.uid}/fetch-progress?id=${String(R_MOVIE)}&type=movie`,
    );
    expect(adult.items.map((i) => i.position)).toEqual([600]);
    const adultSave = await call(parent, 'POST', '/progress/save-progress', {
      ...{ userUID: parent.uid, id: R_MOVIE, type: 'movie', position: 1200, duration: 6000 },
    });
    expect(adultSave.statusCode, adultSave.body).toBe(200);
  });
});

describe('import and export', () => {
  const preview = async (u: TestUser, fileName: string, content: string) => {
    const res = await call(u, 'POST', '/transfer/preview-import', {
      ...{ userUID: u.uid, fileName, content },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportPreview>();
  };
  /** The rating ages of titles, by `type:id`. */
  const agesOf = async () =>
    new Map(
      (
        await queryRows<{ key: string; age: number | null }>(
          db,
          sql`select media_type || ':' || id as key, rating_age as age from titles`,
        )
      ).map((r) => [r.key, r.age]),
    );
  const letterboxd = [
    'Date,Name,Year,Letterboxd URI',
    '2024-01-01,The Matrix,1999,https://boxd.it/kidsA',
    '2024-01-02,Toy Story,1995,https://boxd.it/kidsB',
  ].join('\n');

  it("matches and offers a kid no title above the limit: those rows are not found; the adult's preview matches them", async () => {
    // The adult's own export names the R and unrated titles by TMDB id.
    const exported = await call(parent, 'GET', `/transfer/${parent.uid}/export?format=pigostream`);
    expect(exported.statusCode, exported.body).toBe(200);
    const file = exported.body;
    const named = JSON.parse(file) as { myList: { id: number }[] };
    expect(named.myList.map((e) => e.id)).toContain(R_MOVIE);

    const adult = await preview(parent, 'pigostream.json', file);
    const adultMatched = adult.items.flatMap((i) => (i.match ? [i.match.id] : []));
    expect(adultMatched).toContain(R_MOVIE);

    const kids = await preview(kid, 'pigostream.json', file);
    expect(kids.items.map((i) => i.lines)).toEqual(adult.items.map((i) => i.lines));
    const ages = await agesOf();
    for (const item of kids.items) {
      for (const offered of [...(item.match ? [item.match] : []), ...item.candidates]) {
        const age = ages.get(`${offered.type}:${String(offered.id)}`);
        expect(age, `${offered.type} ${String(offered.id)}`).not.toBeNull();
        expect(age).toBeLessThanOrEqual(KID.maxAge);
      }
    }
    const ofR = kids.items.filter((_, i) => adult.items[i]?.match?.id === R_MOVIE);
    expect(ofR.length).toBeGreaterThan(0);
    expect(ofR.every((i) => i.status === 'not-found')).toBe(true);
    expect(kids.counts.notFound).toBe(kids.items.filter((i) => i.status === 'not-found').length);

    // By name: 'The Matrix' is not found (nor anything else offered above the limit), Toy Story is.
    const byName = await preview(kid, 'watchlist.csv', letterboxd);
    const matrix = byName.items.find((i) => i.title === 'The Matrix');
    expect(matrix?.match).toBeNull();
    for (const c of matrix?.candidates ?? []) {
      expect(ages.get(`${c.type}:${String(c.id)}`) ?? 99).toBeLessThanOrEqual(KID.maxAge);
    }
    expect(byName.items.find((i) => i.title === 'Toy Story')?.match?.id).toBe(G_MOVIE);
    const adultByName = await preview(parent, 'watchlist.csv', letterboxd);
    expect(adultByName.items.find((i) => i.title === 'The Matrix')?.match?.id).toBe(R_MOVIE);
  });

  it("refuses a kid's import naming a title above the limit (403, nothing written), and exports only titles within it", async () => {
    const before = await rowsOf(kidProfile);
    expectForbidden(
      await call(kid, 'POST', '/transfer/apply-import', {
        userUID: kid.uid,
        entries: [
          { list: 'watchlist', id: G_MOVIE, type: 'movie' },
          { list: 'history', id: R_SHOW, type: 'tv', episodes: [] },
        ],
      }),
    );
    expect(await rowsOf(kidProfile)).toBe(before);
    const applied = await call(kid, 'POST', '/transfer/apply-import', {
      userUID: kid.uid,
      entries: [{ list: 'history', id: PG_MOVIE, type: 'movie' }],
    });
    expect(applied.statusCode, applied.body).toBe(200);

    const ours = await call(kid, 'GET', `/transfer/${kid.uid}/export?format=pigostream`);
    expect(ours.statusCode, ours.body).toBe(200);
    const data = ours.json<Record<'myList' | 'watchHistory' | 'progress', { id: number }[]>>();
    const named = [...data.myList, ...data.watchHistory, ...data.progress].map((e) => e.id);
    expect(named).toContain(G_MOVIE);
    for (const hidden of [R_MOVIE, UNRATED_MOVIE, R_SHOW]) expect(named).not.toContain(hidden);
    const adult = await call(parent, 'GET', `/transfer/${parent.uid}/export?format=pigostream`);
    expect(adult.json<{ myList: { id: number }[] }>().myList.map((e) => e.id)).toContain(R_MOVIE);
  });
});

describe('the play page and the library streams', () => {
  it('refuses a kid the servers of a title above the limit; answers those within it', async () => {
    expectForbidden(await call(kid, 'GET', `/sources/servers?id=${String(R_MOVIE)}&type=movie`));
    expectForbidden(await call(kid, 'GET', `/sources/servers?id=${String(R_SHOW)}&type=tv`));
    expect(await filesOf(kid, G_MOVIE)).toEqual([media.gMp4]);
    expect((await filesOf(parent, R_MOVIE)).sort()).toEqual([media.rMp4, media.rMkv].sort());
    expect((await filesOf(null, R_MOVIE)).sort()).toEqual([media.rMp4, media.rMkv].sort());
  });

  it('refuses a kid the file, playback and subtitles of an R title (403); the adult and signed-out players get them', async () => {
    const file = `/sources/media/${media.rMp4}`;
    expectForbidden(await call(kid, 'GET', file));
    expectForbidden(await playback(kid, media.rMp4));
    expectForbidden(await call(kid, 'GET', `${file}/subtitles/s0`));
    const ranged = await request(t.app, kid, 'GET', `${API}${file}`, undefined, {
      headers: { range: 'bytes=0-99' },
    });
    expectForbidden(ranged);

    expect((await call(parent, 'GET', file)).statusCode).toBe(200);
    expect((await call(null, 'GET', file)).statusCode).toBe(200);
    const adult = await playback(parent, media.rMp4);
    expect(adult.statusCode, adult.body).toBe(200);
    expect(adult.json<Playback>().subtitles.map((s) => s.id)).toEqual(['s0']);
    const vtt = await call(parent, 'GET', `${file}/subtitles/s0`);
    expect(vtt.statusCode, vtt.body).toBe(200);
    expect(vtt.body).toMatch(/^WEBVTT/);

    // Within the limit the kid plays as anyone does.
    const g = `/sources/media/${media.gMp4}`;
    expect((await call(kid, 'GET', g)).statusCode).toBe(200);
    expect((await playback(kid, media.gMp4)).statusCode).toBe(200);
    expect((await call(kid, 'GET', `${g}/subtitles/s0`)).statusCode).toBe(200);
  });

  it("refuses a kid the HLS playlist and segments of an R title, even with the account's own plan", async () => {
    const adult = await playback(parent, media.rMkv);
    expect(adult.statusCode, adult.body).toBe(200);
    const answer = adult.json<Playback>();
    expect(answer.delivery).toBe('hls');
    const playlist = answer.url ?? '';
    const list = await request(t.app, parent, 'GET', playlist);
    expect(list.statusCode, list.body).toBe(200);
    const segment = playlist.replace(/main\.m3u8$/, 'seg0.ts');
    expect((await request(t.app, parent, 'GET', segment)).statusCode).toBe(200);
    // The plan names the account (its user id): the kid's session of it is still refused.
    expectForbidden(await request(t.app, kid, 'GET', playlist));
    expectForbidden(await request(t.app, kid, 'GET', segment));
    expectForbidden(await playback(kid, media.rMkv));
    expectForbidden(await call(kid, 'GET', `/sources/media/${media.rMkv}/subtitles/e0`));
  });
});

describe("the home hero's '#1 Most Watched'", () => {
  it('answers a kid the most watched title within the limit, the adult the most watched of all', async () => {
    const viewers = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    for (const [i, u] of viewers.entries()) {
      await db.execute(
        sql`insert into watch_events (user_id, media_type, tmdb_id, first_watched_at, last_watched_at)
            values (${u.uid}, 'movie', ${R_MOVIE}, now(), now())`,
      );
      if (i === 0) {
        await db.execute(
          sql`insert into watch_events (user_id, media_type, tmdb_id, first_watched_at, last_watched_at)
              values (${u.uid}, 'movie', ${G_MOVIE}, now(), now())`,
        );
      }
    }
    expect(await read(parent, '/index/most-watched')).toEqual({ id: R_MOVIE, type: 'movie' });
    expect(await read(kid, '/index/most-watched')).toEqual({ id: G_MOVIE, type: 'movie' });
  });
});
