/**
 * The Stremio addon (STREMIO-1..9 in docs/requirements.md), on the embedded database and on
 * PostgreSQL, against the server listening on a real port: the token calls; the manifest through
 * Stremio's published linter (valid, no error, no warning, under 8 KB); Stremio's published
 * client detecting the addon from its URL and asking every catalog (plain, `search`, `skip`,
 * `genre`), a movie's and a show's meta, the streams of a media file, an open movie and an
 * episode (and the file itself through the token, by range), and subtitles, each answer checked
 * against the protocol's documented rules with the item counts the catalogue gives; the headers
 * Stremio Web needs; wrong, revoked and hostile tokens (404 at once, also on a second server on
 * the same database; 429 past the limit); one profile's addon never showing another's My List;
 * a kids' profile's addon holding only titles within its limit; and the progress a range fetch
 * records.
 */
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { detectFromURL, type AddonClient } from 'stremio-addon-client';
import { lintManifest } from 'stremio-addon-linter';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MOVIE_GENRES, ratingAgeOf } from '@pigostream/contracts';
import { queryRows } from '@pigostream/db';
import { makeTestMedia, TEST_MEDIA } from '../../../tools/test-media.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { probeBytes } from './helpers/playback.ts';
import { nextLoopbackIp, rawRequest } from './helpers/raw-http.ts';
import { freePort } from './helpers/server-process.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

/** The Matrix: a starter movie with an IMDb id, rated R; its media file is the test MP4. */
const MATRIX = { id: 603, imdb: 'tt0133093' };
/** Breaking Bad: a starter show (TV-MA, 62 episodes); S01E02's media file is the test MKV. */
const BREAKING_BAD = 1396;
/** Big Buck Bunny: an open movie, rated G. */
const BUNNY = 10378;
/** Fight Club, started in Continue Watching. */
const FIGHT_CLUB = { id: 550, imdb: 'tt0137523' };
const MP4 = TEST_MEDIA[0];
const MKV = TEST_MEDIA[2];
/** MPEG-4 Part 2 video and MP3 in AVI: no web player plays it; Fight Club's file. */
const AVI = TEST_MEDIA[4];

let root: string;
let t: TestApp;
let port: number;
/** `http://127.0.0.1:{port}`: a trusted origin (a loopback name at the server's port). */
let base: string;
let env: Record<string, string>;
let alice: TestUser;
let bob: TestUser;
/** Alice's default profile's addon. */
let aliceToken: string;
let aliceManifest: string;
let addon: AddonClient;
let matrixFile: string;
let episodeFile: string;

/** The cache fields an answer may carry besides its one resource key. */
const CACHE_KEYS = ['cacheMaxAge', 'staleRevalidate', 'staleError'];

/** An absolute http(s) URL. */
const url = z.string().refine((text) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}, 'an absolute http(s) URL');
const isoTime = z.string().refine((text) => !Number.isNaN(Date.parse(text)) && text.includes('T'));

/** The protocol's Meta Preview Object (docs/api/responses/meta.md). */
const metaPreview = z
  .object({
    id: z.string().min(1),
    type: z.enum(['movie', 'series']),
    name: z.string().min(1),
    poster: url,
    background: url.optional(),
    description: z.string().optional(),
    releaseInfo: z
      .string()
      .regex(/^\d{4}(-(\d{4})?)?$/)
      .optional(),
    genres: z.array(z.string()).optional(),
    imdbRating: z
      .string()
      .regex(/^\d{1,2}\.\d$/)
      .optional(),
  })
  .strict();

/** The protocol's Meta Object, with its Video Objects. */
const metaDetail = metaPreview
  .extend({
    poster: url.optional(),
    released: isoTime.optional(),
    runtime: z.string().optional(),
    cast: z.array(z.string()).optional(),
    director: z.array(z.string()).optional(),
    trailers: z.array(z.object({ source: z.string(), type: z.literal('Trailer') })).optional(),
    videos: z
      .array(
        z
          .object({
            id: z.string(),
            title: z.string(),
            released: isoTime,
            season: z.number().int().min(0),
            episode: z.number().int().min(1),
            thumbnail: url.optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

/** The protocol's Stream Object: exactly one of its sources, here `url` or `externalUrl`. */
const stream = z
  .object({
    name: z.string().optional(),
    description: z.string().optional(),
    url: url.optional(),
    externalUrl: url.optional(),
    behaviorHints: z
      .object({
        notWebReady: z.boolean().optional(),
        filename: z.string().optional(),
        videoSize: z.number().int().positive().optional(),
        bingeGroup: z.string().optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((s) => [s.url, s.externalUrl].filter(Boolean).length === 1, 'one source');

/** The protocol's Subtitle Object. */
const subtitle = z.object({ id: z.string(), url, lang: z.string(), label: z.string() }).strict();

/**
 * An answer of the resource `key`: exactly one key besides the cache fields, holding what
 * `schema` checks; the cache fields whole seconds.
 */
function answerOf<T extends z.ZodType>(answer: unknown, key: string, schema: T): z.infer<T> {
  const body = answer as Record<string, unknown>;
  expect(Object.keys(body).filter((k) => !CACHE_KEYS.includes(k))).toEqual([key]);
  for (const field of CACHE_KEYS) {
    if (field in body) expect(Number.isInteger(body[field])).toBe(true);
  }
  return schema.parse(body[key]);
}

const metasOf = (answer: unknown) => answerOf(answer, 'metas', z.array(metaPreview));
const streamsOf = (answer: unknown) => answerOf(answer, 'streams', z.array(stream));
const subtitlesOf = (answer: unknown) => answerOf(answer, 'subtitles', z.array(subtitle));

/** A write of a token call as `user`, sent from the test server's own origin. */
function tokenCall(user: TestUser, call: 'create' | 'revoke', body?: unknown) {
  return request(t.app, user, 'POST', `${API}/stremio/tokens/${call}`, body, {
    headers: { origin: base },
  });
}

interface Created {
  id: string;
  token: string;
  manifestUrl: string;
  installUrl: string;
}

/** A new token of `user`'s active profile. */
async function newToken(user: TestUser): Promise<Created> {
  const res = await tokenCall(user, 'create');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Created>();
}

/** A GET of the addon over the socket, as Stremio sends it (no cookie, no Origin). */
function addonGet(token: string, rest: string, from = nextLoopbackIp()) {
  return rawRequest(base, { path: `${API}/stremio/${token}/${rest}`, from });
}

/** The JSON of a product call's GET as `user`. */
async function read<T>(user: TestUser, call: string): Promise<T> {
  const res = await request(t.app, user, 'GET', `${API}${call}`);
  expect(res.statusCode, `${call}: ${res.body}`).toBe(200);
  return res.json<T>();
}

/** The catalogue's `total_results` of a list call. */
async function totalOf(call: string): Promise<number> {
  return (await read<{ total_results: number }>(alice, call)).total_results;
}

async function switchTo(user: TestUser, id: string): Promise<void> {
  const res = await request(t.app, user, 'POST', `${API}/profiles/switch`, { id });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pigo-stremio-'));
  const made = path.join(root, 'made');
  const mediaDir = path.join(root, 'media');
  await makeTestMedia(made);
  // The MP4 and its subtitle files as The Matrix; the MKV (subtitles inside) as an episode.
  await mkdir(mediaDir, { recursive: true });
  const matrixBase = 'The Matrix (1999) [tmdbid-603]';
  await copyFile(path.join(made, MP4?.name ?? ''), path.join(mediaDir, `${matrixBase}.mp4`));
  for (const sidecar of MP4?.sidecars ?? []) {
    const tags = sidecar.slice(sidecar.indexOf('].') + 1);
    await copyFile(path.join(made, sidecar), path.join(mediaDir, `${matrixBase}${tags}`));
  }
  const season = path.join(mediaDir, 'Breaking Bad (2008) [tmdbid-1396]', 'Season 01');
  await mkdir(season, { recursive: true });
  await copyFile(path.join(made, MKV?.name ?? ''), path.join(season, 'S01E02.mkv'));
  await copyFile(
    path.join(made, AVI?.name ?? ''),
    path.join(mediaDir, 'Fight Club (1999) [tmdbid-550].avi'),
  );
  const sourcesFile = path.join(root, 'sources.json');
  await writeFile(
    sourcesFile,
    JSON.stringify([
      {
        name: 'Example',
        movie: 'https://example.com/movie/{id}',
        tv: 'https://example.com/tv/{id}/{season}/{episode}',
      },
    ]),
  );
  port = await freePort();
  base = `http://127.0.0.1:${String(port)}`;
  env = {
    PORT: String(port),
    MEDIA_DIR: mediaDir,
    SOURCES_FILE: sourcesFile,
    // The test users sign up from the origin the helpers send.
    ALLOWED_ORIGINS: 'http://localhost:3000',
    // 1-s HLS segments, so the 6-s test files have several; a remux and a transcode at once (the
    // default on 2 cores is one ffmpeg, and one test's ffmpeg may still run in the next).
    TRANSCODE_SEGMENT_S: '1',
    TRANSCODE_MAX: '4',
  };
  t = await startTestApp({ env });
  await t.app.listen({ port, host: '127.0.0.1' });
  [alice, bob] = await Promise.all([createUser(t.app), createUser(t.app)]);
  // Alice's lists: The Matrix and Breaking Bad in My List, Fight Club started.
  for (const [id, type] of [
    [MATRIX.id, 'movie'],
    [BREAKING_BAD, 'tv'],
  ] as const) {
    const res = await request(t.app, alice, 'POST', `${API}/my-list/save-my-list`, {
      userUID: alice.uid,
      id,
      type,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const started = await request(t.app, alice, 'POST', `${API}/progress/save-progress`, {
    userUID: alice.uid,
    id: FIGHT_CLUB.id,
    type: 'movie',
    position: 600,
    duration: 8000,
  });
  expect(started.statusCode, started.body).toBe(200);
  const created = await newToken(alice);
  aliceToken = created.token;
  aliceManifest = created.manifestUrl;
  const detected = await detectFromURL(aliceManifest);
  if (!detected.addon) throw new Error('the addon was not detected');
  addon = detected.addon;
  const files = (await readdir(mediaDir)).filter((f) => f.endsWith('.mp4'));
  matrixFile = path.join(mediaDir, files[0] ?? '');
  episodeFile = path.join(season, 'S01E02.mkv');
});

afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

describe('the token calls (STREMIO-1)', () => {
  it('need a verified session', async () => {
    for (const [method, call] of [
      ['GET', 'tokens'],
      ['POST', 'tokens/create'],
      ['POST', 'tokens/revoke'],
    ] as const) {
      const res = await request(t.app, null, method, `${API}/stremio/${call}`, undefined, {
        headers: { origin: base },
      });
      expect(res.statusCode, call).toBe(401);
    }
  });

  it('make a 256-bit token shown once, with absolute addon links at the page origin', async () => {
    const created = await newToken(bob);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.token, 'base64url')).toHaveLength(32);
    expect(created.manifestUrl).toBe(`${base}/pigo-stream/stremio/${created.token}/manifest.json`);
    expect(created.installUrl).toBe(
      `stremio://127.0.0.1:${String(port)}/pigo-stream/stremio/${created.token}/manifest.json`,
    );
    const listed = await read<{ tokens: Record<string, unknown>[] }>(bob, '/stremio/tokens');
    expect(listed.tokens).toEqual([
      { id: created.id, createdAt: expect.any(String) as string, lastUsedAt: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    // Only the hash is stored.
    const rows = await queryRows<{ token_hash: string }>(
      t.database.db,
      sql`select token_hash from stremio_tokens where id = ${created.id}`,
    );
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(created.token);
    // Used once, it says when.
    expect((await addonGet(created.token, 'manifest.json')).status).toBe(200);
    const used = await read<{ tokens: { lastUsedAt: string | null }[] }>(bob, '/stremio/tokens');
    expect(used.tokens[0]?.lastUsedAt).toEqual(expect.any(String));
    expect((await tokenCall(bob, 'revoke', { id: created.id })).statusCode).toBe(200);
  });

  it('hold at most 5 per profile, and revoke only the active profile own', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await newToken(bob));
    const sixth = await tokenCall(bob, 'create');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({
      error: 'A profile holds at most 5 addon links. Revoke one first.',
    });
    // Another account's token is not found, and stays.
    const foreign = await tokenCall(alice, 'revoke', { id: made[0]?.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'No such addon link.' });
    for (const token of made) {
      const res = await tokenCall(bob, 'revoke', { id: token.id });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await read(bob, '/stremio/tokens')).toEqual({ tokens: [] });
    expect((await tokenCall(bob, 'revoke', { id: made[0]?.id })).statusCode).toBe(404);
  });
});

describe('the manifest (STREMIO-2)', () => {
  it("passes Stremio's linter with no error and no warning, under 8 KB", async () => {
    const res = await addonGet(aliceToken, 'manifest.json');
    expect(res.status).toBe(200);
    const manifest = res.json();
    const lint = lintManifest(manifest);
    expect(lint.errors.map(String)).toEqual([]);
    expect(lint.warnings.map(String)).toEqual([]);
    expect(lint.valid).toBe(true);
    expect(Buffer.byteLength(res.body)).toBeLessThan(8 * 1024);
    expect(manifest).toMatchObject({
      resources: ['catalog', 'meta', 'stream', 'subtitles'],
      types: ['movie', 'series'],
      idPrefixes: ['tt', 'pigo:'],
    });
    // Trending, Search, 12 providers, My List, Continue Watching: for movies and for shows.
    expect(addon.manifest.catalogs).toHaveLength(2 * 16);
  });

  it('carries the headers Stremio Web needs, and no cookie', async () => {
    const res = await rawRequest(base, {
      path: `${API}/stremio/${aliceToken}/manifest.json`,
      headers: { origin: 'https://web.stremio.com', cookie: alice.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+, stale-while-revalidate=\d+/);
    expect(res.setCookies).toEqual([]);
    const preflight = await rawRequest(base, {
      method: 'OPTIONS',
      path: `${API}/stremio/${aliceToken}/catalog/movie/pigo.trending.json`,
      headers: { origin: 'https://web.stremio.com', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const missing = await addonGet(aliceToken, 'catalog/movie/nope.json');
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    expect(missing.json()).toEqual({ error: 'Not found' });
  });
});

describe('the catalogs through Stremio’s client (STREMIO-4)', () => {
  it('answers every catalog with the catalogue’s counts, 100 a page', async () => {
    const lists: Record<string, (type: 'movie' | 'tv') => string> = {
      'pigo.trending': (type) => `/index/trending/${type}`,
      ...Object.fromEntries(
        [
          [8, 'IN'],
          [9, 'US'],
          [337, 'US'],
          [350, 'US'],
          [15, 'US'],
          [2074, 'IN'],
          [2180, 'IN'],
          [531, 'US'],
          [1825, 'US'],
          [526, 'US'],
          [123, 'US'],
          [283, 'US'],
        ].map(([id, region]) => [
          `pigo.provider.${String(id)}`,
          (type: 'movie' | 'tv') =>
            `/index/media/${type}/by-provider?provider=${String(id)}&region=${String(region)}`,
        ]),
      ),
    };
    let checked = 0;
    for (const catalog of addon.manifest.catalogs) {
      if (catalog.id === 'pigo.search') continue;
      const type = catalog.type === 'movie' ? 'movie' : 'tv';
      const metas = metasOf(await addon.get('catalog', catalog.type, catalog.id));
      for (const meta of metas) expect(meta.type).toBe(catalog.type);
      const list = lists[catalog.id];
      if (list) {
        expect(metas.length, catalog.id).toBe(Math.min(100, await totalOf(list(type))));
        checked += 1;
      }
    }
    expect(checked).toBe(2 * 13);
  });

  it('names titles by their IMDb id where known, else pigo: ids', async () => {
    const movies = metasOf(await addon.get('catalog', 'movie', 'pigo.trending'));
    const shows = metasOf(await addon.get('catalog', 'series', 'pigo.trending'));
    const known = await queryRows<{ id: number; imdb_id: string | null }>(
      t.database.db,
      sql`select id, imdb_id from titles where media_type = 'movie'`,
    );
    const imdb = new Map(known.map((row) => [row.id, row.imdb_id]));
    for (const meta of movies) {
      const tmdb = /^pigo:movie:(\d+)$/.exec(meta.id)?.[1];
      if (tmdb) expect(imdb.get(Number(tmdb))).toBeNull();
      else expect(meta.id).toMatch(/^tt\d+$/);
    }
    for (const meta of shows) expect(meta.id).toMatch(/^(tt\d+|pigo:tv:\d+)$/);
  });

  it('skips by 100', async () => {
    const total = await totalOf('/index/trending/movie');
    const first = metasOf(await addon.get('catalog', 'movie', 'pigo.trending'));
    const second = metasOf(await addon.get('catalog', 'movie', 'pigo.trending', { skip: 100 }));
    expect(second).toHaveLength(Math.max(0, Math.min(100, total - 100)));
    const ids = new Set(first.map((m) => m.id));
    for (const meta of second) expect(ids.has(meta.id)).toBe(false);
    const page = await read<{ results: { id: number }[] }>(alice, '/index/trending/movie?page=6');
    expect(second[0]?.id).toMatch(new RegExp(`(:${String(page.results[0]?.id)}$|^tt)`));
  });

  it('searches', async () => {
    const total = await totalOf('/index/search/movie?query=matrix');
    const found = metasOf(await addon.get('catalog', 'movie', 'pigo.search', { search: 'matrix' }));
    expect(found).toHaveLength(Math.min(100, total));
    expect(found[0]).toMatchObject({ id: MATRIX.imdb, name: 'The Matrix', type: 'movie' });
    const spaced = metasOf(
      await addon.get('catalog', 'movie', 'pigo.search', { search: 'the matrix & co' }),
    );
    expect(spaced.length).toBeGreaterThanOrEqual(0);
    const skipped = metasOf(
      await addon.get('catalog', 'movie', 'pigo.search', { search: 'matrix', skip: 100 }),
    );
    expect(skipped).toHaveLength(Math.max(0, Math.min(100, total - 100)));
    // A search catalog needs its search.
    await expect(addon.get('catalog', 'movie', 'pigo.search')).rejects.toMatchObject({ code: 7 });
  });

  it('filters Trending by genre within its first 400 titles', async () => {
    const pages = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        read<{ results: { id: number; genre_ids: number[] }[] }>(
          alice,
          `/index/trending/movie?page=${String(i + 1)}`,
        ),
      ),
    );
    const drama = pages
      .flatMap((p) => p.results)
      .filter((item) => item.genre_ids.includes(MOVIE_GENRES.Drama ?? 0));
    const metas = metasOf(await addon.get('catalog', 'movie', 'pigo.trending', { genre: 'Drama' }));
    expect(metas).toHaveLength(Math.min(100, drama.length));
    expect(metas.length).toBeGreaterThan(0);
    for (const meta of metas) expect(meta.genres).toContain('Drama');
    expect(
      metasOf(await addon.get('catalog', 'movie', 'pigo.trending', { genre: 'Nope' })),
    ).toEqual([]);
  });

  it("lists the profile's My List and Continue Watching", async () => {
    expect(metasOf(await addon.get('catalog', 'movie', 'pigo.my-list')).map((m) => m.id)).toEqual([
      MATRIX.imdb,
    ]);
    expect(metasOf(await addon.get('catalog', 'series', 'pigo.my-list')).map((m) => m.id)).toEqual([
      `pigo:tv:${String(BREAKING_BAD)}`,
    ]);
    expect(
      metasOf(await addon.get('catalog', 'movie', 'pigo.continue-watching')).map((m) => m.id),
    ).toEqual([FIGHT_CLUB.imdb]);
    expect(metasOf(await addon.get('catalog', 'movie', 'pigo.my-list', { skip: 100 }))).toEqual([]);
  });
});

describe('meta (STREMIO-5)', () => {
  it("answers a movie by its IMDb id and by its pigo: id, and a show's episodes", async () => {
    const movie = answerOf(await addon.get('meta', 'movie', MATRIX.imdb), 'meta', metaDetail);
    expect(movie).toMatchObject({ id: MATRIX.imdb, type: 'movie', name: 'The Matrix' });
    expect(movie.releaseInfo).toBe('1999');
    expect(movie.videos).toBeUndefined();
    const byTmdb = answerOf(
      await addon.get('meta', 'movie', `pigo:movie:${String(MATRIX.id)}`),
      'meta',
      metaDetail,
    );
    expect(byTmdb.name).toBe('The Matrix');
    const show = answerOf(
      await addon.get('meta', 'series', `pigo:tv:${String(BREAKING_BAD)}`),
      'meta',
      metaDetail,
    );
    expect(show).toMatchObject({ name: 'Breaking Bad', releaseInfo: '2008-2013' });
    expect(show.videos).toHaveLength(62);
    expect(show.videos?.[1]).toMatchObject({
      id: `pigo:tv:${String(BREAKING_BAD)}:1:2`,
      season: 1,
      episode: 2,
      title: "Cat's in the Bag...",
    });
    // Not a title: 404, which the client reads as not found.
    await expect(addon.get('meta', 'movie', 'tt9999999999')).rejects.toMatchObject({ code: 7 });
    await expect(addon.get('meta', 'series', MATRIX.imdb)).rejects.toMatchObject({ code: 7 });
    await expect(addon.get('meta', 'movie', 'pigo:movie:603:1:1')).rejects.toMatchObject({
      code: 7,
    });
  });

  it('answers a show by its IMDb id, episodes named after it', async () => {
    await t.database.db.execute(
      sql`update titles set imdb_id = 'tt0903747' where media_type = 'tv' and id = ${BREAKING_BAD}`,
    );
    try {
      const show = answerOf(await addon.get('meta', 'series', 'tt0903747'), 'meta', metaDetail);
      expect(show.videos?.[0]?.id).toBe('tt0903747:1:1');
      const streams = streamsOf(await addon.get('stream', 'series', 'tt0903747:1:2'));
      expect(streams.filter((s) => /\/media\/[a-f0-9]{24}$/.test(s.url ?? ''))).toHaveLength(1);
    } finally {
      await t.database.db.execute(
        sql`update titles set imdb_id = null where media_type = 'tv' and id = ${BREAKING_BAD}`,
      );
    }
  });
});

describe('streams and subtitles (STREMIO-6, STREMIO-7)', () => {
  it("lists a movie's media file through the token, then the link templates", async () => {
    const streams = streamsOf(await addon.get('stream', 'movie', MATRIX.imdb));
    expect(streams).toHaveLength(2);
    const [file, template] = streams;
    const size = (await stat(matrixFile)).size;
    expect(file?.url).toMatch(
      new RegExp(`^${base}/pigo-stream/stremio/${aliceToken}/media/[a-f0-9]{24}$`),
    );
    expect(file?.behaviorHints).toEqual({
      notWebReady: true,
      filename: path.basename(matrixFile),
      videoSize: size,
      bingeGroup: expect.stringMatching(/^pigostream-media-file/) as string,
    });
    expect(template).toEqual({
      name: 'PigoStream',
      description: 'Example',
      externalUrl: `https://example.com/movie/${String(MATRIX.id)}`,
    });
    // The file itself, by range, as Stremio's streaming server fetches it.
    const part = await fetch(file?.url ?? '', { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${String(size)}`);
    expect(part.headers.get('access-control-allow-origin')).toBe('*');
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const none = await fetch(file?.url ?? '', {
      headers: { range: `bytes=${String(size + 10)}-` },
    });
    expect(none.status).toBe(416);
  });

  it("lists an open movie's file at its publisher, and an episode's media file", async () => {
    const open = streamsOf(await addon.get('stream', 'movie', `pigo:movie:${String(BUNNY)}`));
    expect(open).toContainEqual({
      name: 'PigoStream',
      description: 'Blender Open Movie',
      url: 'https://download.blender.org/peach/bigbuckbunny_movies/big_buck_bunny_1080p_h264.mov',
      behaviorHints: {
        notWebReady: true,
        filename: 'big_buck_bunny_1080p_h264.mov',
        bingeGroup: 'pigostream-open-movie',
      },
    });
    const episode = streamsOf(
      await addon.get('stream', 'series', `pigo:tv:${String(BREAKING_BAD)}:1:2`),
    );
    // The file, its remux for web players (its AC-3 sound is not theirs), the template's link.
    expect(episode).toHaveLength(3);
    expect(episode[0]?.behaviorHints?.filename).toBe('S01E02.mkv');
    expect(episode[0]?.behaviorHints?.videoSize).toBe((await stat(episodeFile)).size);
    expect(episode[1]?.description).toContain('Remuxed for web players (HLS)');
    expect(episode[2]?.externalUrl).toBe(`https://example.com/tv/${String(BREAKING_BAD)}/1/2`);
    // An episode without a file has the templates' links only; the show's own id none.
    const other = streamsOf(
      await addon.get('stream', 'series', `pigo:tv:${String(BREAKING_BAD)}:1:3`),
    );
    expect(other.map((s) => s.externalUrl)).toEqual([
      `https://example.com/tv/${String(BREAKING_BAD)}/1/3`,
    ]);
    expect(
      streamsOf(await addon.get('stream', 'series', `pigo:tv:${String(BREAKING_BAD)}`)),
    ).toEqual([]);
  });

  it('lists the text subtitles beside and inside the files, with ISO 639-2 languages', async () => {
    const movie = subtitlesOf(await addon.get('subtitles', 'movie', MATRIX.imdb));
    expect(movie.map((s) => s.lang)).toEqual(['eng', 'fre', 'jpn']);
    const french = await fetch(movie[1]?.url ?? '');
    expect(french.status).toBe(200);
    expect(french.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await french.text()).toMatch(/^WEBVTT/);
    const episode = subtitlesOf(
      await addon.get('subtitles', 'series', `pigo:tv:${String(BREAKING_BAD)}:1:2`, {
        videoSize: (await stat(episodeFile)).size,
        filename: 'S01E02.mkv',
      }),
    );
    expect(episode.map((s) => s.lang)).toEqual(['eng', 'jpn']);
    const inside = await fetch(episode[0]?.url ?? '');
    expect(inside.status).toBe(200);
    expect(await inside.text()).toContain('Hello from the pattern');
  });
});

describe('remuxes and transcodes through the addon (STREMIO-6)', () => {
  /** The HLS stream of Breaking Bad S01E02 (its MKV) in `token`'s addon. */
  async function episodeHls(token = aliceToken): Promise<string> {
    const res = await addonGet(token, `stream/series/pigo:tv:${String(BREAKING_BAD)}:1:2.json`);
    expect(res.status, res.body).toBe(200);
    const streams = streamsOf(JSON.parse(res.body));
    const hls = streams.find((s) => s.url?.endsWith('/main.m3u8'));
    if (!hls?.url) throw new Error(`no HLS stream in ${res.body}`);
    return hls.url;
  }

  it('offers a remux of a file web players cannot play, as HLS a player decodes', async () => {
    const link = await episodeHls();
    expect(link).toMatch(
      new RegExp(
        `^${base}/pigo-stream/stremio/${aliceToken}/media/[a-f0-9]{24}/hls/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}/main\\.m3u8$`,
      ),
    );
    // The Matrix's MP4 (H.264 and AAC) plays as it is: no HLS stream.
    const matrix = streamsOf(await addon.get('stream', 'movie', MATRIX.imdb));
    expect(matrix.filter((s) => s.url?.includes('/hls/'))).toEqual([]);
    const playlist = await fetch(link);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers.get('access-control-allow-origin')).toBe('*');
    const text = await playlist.text();
    expect(text).toMatch(/^#EXTM3U\n/);
    expect(text).toContain('#EXT-X-ENDLIST');
    const segments = text.split('\n').filter((line) => /^seg\d+\.ts$/.test(line));
    expect(segments.length).toBeGreaterThanOrEqual(4);
    // A segment, relative to the playlist: H.264 copied, the AC-3 sound made AAC.
    const segment = await fetch(new URL(segments[1] ?? '', link));
    expect(segment.status, segment.status === 200 ? '' : await segment.text()).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    const probe = await probeBytes(Buffer.from(await segment.arrayBuffer()));
    expect(probe.streams.map((st) => st.codec_name).sort()).toEqual(['aac', 'h264']);
  }, 60_000);

  it('offers a transcode of an AVI file, as H.264 a web player decodes', async () => {
    const streams = streamsOf(await addon.get('stream', 'movie', FIGHT_CLUB.imdb));
    expect(streams[0]?.behaviorHints?.filename).toBe('Fight Club (1999) [tmdbid-550].avi');
    expect(streams[1]?.description).toContain('Transcoded for web players (HLS)');
    const link = streams[1]?.url ?? '';
    const playlist = await fetch(link);
    expect(playlist.status).toBe(200);
    const segments = (await playlist.text()).split('\n').filter((l) => /^seg\d+\.ts$/.test(l));
    expect(segments.length).toBeGreaterThanOrEqual(4);
    const segment = await fetch(new URL(segments[0] ?? '', link));
    expect(segment.status, segment.status === 200 ? '' : await segment.text()).toBe(200);
    const probe = await probeBytes(Buffer.from(await segment.arrayBuffer()));
    const video = probe.streams.find((st) => st.codec_type === 'video');
    expect(video?.codec_name).toBe('h264');
    expect(probe.streams.find((st) => st.codec_type === 'audio')?.codec_name).toBe('mp3');
  }, 60_000);

  it('records progress from the segments played, on the episode', async () => {
    // Bob's addon: Alice's position in this file was saved by the test above (one save in 10 s).
    const link = await episodeHls((await newToken(bob)).token);
    const playlist = await (await fetch(link)).text();
    const segments = playlist.split('\n').filter((line) => /^seg\d+\.ts$/.test(line));
    const half = segments[Math.floor(segments.length / 2)] ?? '';
    const res = await fetch(new URL(half, link));
    expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
    await res.arrayBuffer();
    await vi.waitFor(
      async () => {
        const { items } = await read<{
          items: { season: number; episode: number; position: number; duration: number }[];
        }>(bob, `/progress/${bob.uid}/fetch-progress?id=${String(BREAKING_BAD)}&type=tv`);
        const episode = items.find((i) => i.season === 1 && i.episode === 2);
        expect(episode?.duration).toBeCloseTo(6, 0);
        expect(episode?.position).toBeGreaterThan(1.5);
        expect(episode?.position).toBeLessThan(4.5);
      },
      { timeout: 10_000, interval: 200 },
    );
  }, 60_000);

  it('answers 404 to another token, a session, a changed plan, or a revoked token', async () => {
    const link = await episodeHls();
    const other = await newToken(bob);
    const hlsPath = new URL(link).pathname;
    // The same plan under Bob's token: not his.
    const swapped = hlsPath.replace(`/stremio/${aliceToken}/`, `/stremio/${other.token}/`);
    expect((await rawRequest(base, { path: swapped })).status).toBe(404);
    // Under the play page's own HLS route, signed in as Alice: a plan of the addon's, not hers.
    const [, mediaId, plan] = /\/media\/([a-f0-9]{24})\/hls\/([^/]+)\//.exec(hlsPath) ?? [];
    const session = await request(
      t.app,
      alice,
      'GET',
      `${API}/sources/media/${mediaId ?? ''}/hls/${plan ?? ''}/main.m3u8`,
    );
    expect(session.statusCode).toBe(404);
    // A plan changed by one character.
    const changed = hlsPath.replace(
      /\/hls\/(.)/,
      (_m, c: string) => `/hls/${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await rawRequest(base, { path: changed })).status).toBe(404);
    // A token revoked: its streams stop at once.
    const mine = await newToken(alice);
    const revocable = await episodeHls(mine.token);
    expect((await fetch(revocable)).status).toBe(200);
    const revoked = await tokenCall(alice, 'revoke', { id: mine.id });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await fetch(revocable)).status).toBe(404);
  }, 60_000);
});

describe('progress through the addon (STREMIO-9)', () => {
  it('a range fetch adds the title to Watch History once and saves the position', async () => {
    const [file] = streamsOf(await addon.get('stream', 'movie', MATRIX.imdb));
    const size = (await stat(matrixFile)).size;
    const res = await fetch(file?.url ?? '', {
      headers: { range: `bytes=${String(Math.floor(size / 2))}-` },
    });
    expect(res.status).toBe(206);
    await res.arrayBuffer();
    await vi.waitFor(
      async () => {
        const history = await read<{ moviesHistory: { id: number }[] }>(
          alice,
          `/watch-history/${alice.uid}/fetch-watch-history?movieLimit=10&showLimit=10`,
        );
        expect(history.moviesHistory.map((m) => m.id)).toContain(MATRIX.id);
        const { items: progress } = await read<{
          items: { position: number; duration: number }[];
        }>(alice, `/progress/${alice.uid}/fetch-progress?id=${String(MATRIX.id)}&type=movie`);
        expect(progress[0]?.duration).toBeCloseTo(6, 0);
        expect(progress[0]?.position).toBeGreaterThan(2.5);
        expect(progress[0]?.position).toBeLessThan(6);
      },
      { timeout: 10_000, interval: 200 },
    );
    // A read of the file's tail (its index) saves no position.
    const tail = await fetch(file?.url ?? '', {
      headers: { range: `bytes=${String(size - 50)}-` },
    });
    await tail.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await read<{ items: { position: number; watched: boolean }[] }>(
      alice,
      `/progress/${alice.uid}/fetch-progress?id=${String(MATRIX.id)}&type=movie`,
    );
    expect(after.items).toHaveLength(1);
    expect(after.items[0]?.watched).toBe(false);
    expect(after.items[0]?.position).toBeLessThan(5.5);
    // Once: the Watch History row is the first fetch's.
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from watch_history
          where user_id = ${alice.uid} and media_type = 'movie' and tmdb_id = ${MATRIX.id}`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('wrong tokens (STREMIO-8)', () => {
  it('answer 404 at once once revoked, on this server and on another sharing the database', async () => {
    const created = await newToken(bob);
    const second: FastifyInstance = await buildApp({
      config: loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...env }),
      database: t.database,
      logger: false,
    });
    try {
      await second.ready();
      const viaSecond = () =>
        second.inject({
          url: `${API}/stremio/${created.token}/manifest.json`,
          remoteAddress: '10.66.0.1',
        });
      expect((await viaSecond()).statusCode).toBe(200);
      expect((await addonGet(created.token, 'manifest.json')).status).toBe(200);
      expect((await tokenCall(bob, 'revoke', { id: created.id })).statusCode).toBe(200);
      const here = await addonGet(created.token, 'manifest.json');
      expect(here.status).toBe(404);
      expect(here.json()).toEqual({ error: 'Not found' });
      const there = await viaSecond();
      expect(there.statusCode).toBe(404);
      expect(there.json()).toEqual({ error: 'Not found' });
    } finally {
      await second.close();
    }
  });

  it('answer 429 past the sign-in limit per IP, with Retry-After', async () => {
    const from = '10.66.1.1';
    const guess = (i: number) =>
      t.app.inject({
        url: `${API}/stremio/${'x'.repeat(42)}${String(i % 10)}/manifest.json`,
        remoteAddress: from,
      });
    for (let i = 0; i < 30; i += 1) expect((await guess(i)).statusCode).toBe(404);
    const refused = await guess(30);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.json<{ error: string }>().error).toMatch(/Too many attempts/);
    // A right token from that IP still answers.
    const right = await t.app.inject({
      url: `${API}/stremio/${aliceToken}/manifest.json`,
      remoteAddress: from,
    });
    expect(right.statusCode).toBe(200);
  });

  it('spelled another way never reach a profile', async () => {
    const other = await newToken(bob);
    const spellings = [
      aliceToken.toUpperCase(),
      aliceToken.toLowerCase(),
      `${aliceToken}a`,
      aliceToken.slice(0, -1),
      `${aliceToken}${aliceToken}`,
      'a'.repeat(400),
      `${aliceToken}%20`,
      `%20${aliceToken}`,
      encodeURIComponent(`${aliceToken}/`),
    ].filter((s) => s !== aliceToken);
    for (const spelled of spellings) {
      const res = await addonGet(spelled, 'catalog/movie/pigo.my-list.json');
      expect([400, 404], spelled).toContain(res.status);
      expect(res.body).not.toContain('The Matrix');
    }
    const paths = [
      `${API}/stremio/${other.token}/../${aliceToken}/catalog/movie/pigo.my-list.json`,
      `${API}/stremio/${other.token}/%2e%2e/${aliceToken}/catalog/movie/pigo.my-list.json`,
      `${API}/stremio/${other.token}%2F..%2F${aliceToken}/catalog/movie/pigo.my-list.json`,
      `${API}/stremio/${aliceToken}%2Fcatalog/movie/pigo.my-list.json`,
      `${API}/stremio//${aliceToken}/catalog/movie/pigo.my-list.json`,
    ];
    for (const raw of paths) {
      const res = await rawRequest(base, { path: raw, from: nextLoopbackIp() });
      expect(res.status, raw).toBe(400);
      expect(res.body).not.toContain('The Matrix');
    }
    expect((await tokenCall(bob, 'revoke', { id: other.id })).statusCode).toBe(200);
  });
});

describe('profiles (STREMIO-4, PROFILE-4, PROFILE-7)', () => {
  it("never show another profile's My List", async () => {
    const bobs = await newToken(bob);
    const bobAddon = (await detectFromURL(bobs.manifestUrl)).addon;
    expect(metasOf(await bobAddon?.get('catalog', 'movie', 'pigo.my-list'))).toEqual([]);
    // Alice's second profile, with a token of its own.
    const made = await request(t.app, alice, 'POST', `${API}/profiles/create`, {
      name: 'Second',
      avatar: 'avatar-3',
    });
    expect(made.statusCode, made.body).toBe(200);
    await switchTo(alice, made.json<{ id: string }>().id);
    const second = await newToken(alice);
    await switchTo(alice, alice.uid);
    const secondAddon = (await detectFromURL(second.manifestUrl)).addon;
    expect(metasOf(await secondAddon?.get('catalog', 'movie', 'pigo.my-list'))).toEqual([]);
    expect(metasOf(await secondAddon?.get('catalog', 'movie', 'pigo.continue-watching'))).toEqual(
      [],
    );
    expect(secondAddon?.manifest.name).toBe('PigoStream: Second');
    // Removing the profile removes its tokens.
    const removed = await request(t.app, alice, 'POST', `${API}/profiles/remove`, {
      id: made.json<{ id: string }>().id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await addonGet(second.token, 'manifest.json')).status).toBe(404);
  });

  it("a kids' profile's addon holds only titles within its limit", async () => {
    const made = await request(t.app, alice, 'POST', `${API}/profiles/create`, {
      name: 'Kid',
      avatar: 'avatar-4',
      kind: 'kids',
      maxRatingAge: 10,
    });
    expect(made.statusCode, made.body).toBe(200);
    await switchTo(alice, made.json<{ id: string }>().id);
    const kid = await newToken(alice);
    await switchTo(alice, alice.uid);
    const kidAddon = (await detectFromURL(kid.manifestUrl)).addon;
    if (!kidAddon) throw new Error('no addon');
    const rated = await queryRows<{
      media_type: string;
      id: number;
      imdb_id: string | null;
      certification: string | null;
    }>(t.database.db, sql`select media_type, id, imdb_id, certification from titles`);
    const ageOf = new Map<string, number | null>();
    for (const row of rated) {
      const age = ratingAgeOf(row.certification);
      ageOf.set(`pigo:${row.media_type}:${String(row.id)}`, age);
      if (row.imdb_id) ageOf.set(row.imdb_id, age);
    }
    let seen = 0;
    for (const catalog of kidAddon.manifest.catalogs) {
      if (catalog.id === 'pigo.search') continue;
      for (const meta of metasOf(await kidAddon.get('catalog', catalog.type, catalog.id))) {
        const age = ageOf.get(meta.id);
        expect(age, meta.id).not.toBeNull();
        expect(age, meta.id).toBeLessThanOrEqual(10);
        seen += 1;
      }
    }
    expect(seen).toBeGreaterThan(0);
    const kidTrending = metasOf(await kidAddon.get('catalog', 'movie', 'pigo.trending'));
    const adultTrending = metasOf(await addon.get('catalog', 'movie', 'pigo.trending'));
    expect(kidTrending.length).toBeLessThan(adultTrending.length);
    const search = metasOf(
      await kidAddon.get('catalog', 'movie', 'pigo.search', { search: 'matrix' }),
    );
    expect(search.map((m) => m.id)).not.toContain(MATRIX.imdb);
    // Above the limit: 404, the file too.
    await expect(kidAddon.get('meta', 'movie', MATRIX.imdb)).rejects.toMatchObject({ code: 7 });
    await expect(kidAddon.get('stream', 'movie', MATRIX.imdb)).rejects.toMatchObject({ code: 7 });
    const [file] = streamsOf(await addon.get('stream', 'movie', MATRIX.imdb));
    const fileId = file?.url?.split('/').at(-1) ?? '';
    expect((await addonGet(kid.token, `media/${fileId}`)).status).toBe(404);
    // Within it: answered.
    const bunny = answerOf(
      await kidAddon.get('meta', 'movie', `pigo:movie:${String(BUNNY)}`),
      'meta',
      metaDetail,
    );
    expect(bunny.name).toBe('Big Buck Bunny');
  });
});
