/**
 * The anime-info call (spec section 7, 'POST /playground/anime-info'): the app's own GraphQL
 * query answered from the starter catalogue (local source) and forwarded to an AniList stand-in
 * (live source), on the embedded database and on PostgreSQL (TEST_DB).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animeInfoResponseSchema, type AnimeInfoResponse } from '@pigostream/contracts';
import { animeMedia, animeRelations, type Database } from '@pigostream/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createAnimeService } from '../src/modules/anime/anime.service.ts';
import { startAnilistStandin, type AnilistStandin } from './helpers/anilist-standin.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';

const URL_PATH = '/pigo-stream/playground/anime-info';

/** The query text the app sends (spec section 7), exactly as it would write it. */
const APP_QUERY = `
  query ($search: String) {
    Page(perPage: 50) {
      media(search: $search, type: ANIME) {
        id
        title { english romaji }
        startDate { year month day }
        type
        format
        episodes
        duration
        description
        coverImage { large }
        relations {
          edges {
            relationType
            node {
              id
              title { english romaji }
              startDate { year month day }
              type
              format
              episodes
              coverImage { large }
            }
          }
        }
      }
    }
  }`;

async function post(app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: URL_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return {
    status: res.statusCode,
    body: res.json<Record<string, unknown>>(),
    headers: res.headers,
  };
}

async function appQuery(app: FastifyInstance, search: string): Promise<AnimeInfoResponse> {
  const res = await post(app, { query: APP_QUERY, variables: { search } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return animeInfoResponseSchema.parse(res.body);
}

type Answer = Awaited<ReturnType<typeof post>>;

/** `status` with exactly `{ error: string }`. */
function expectError(res: Answer, status: number) {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(typeof res.body.error).toBe('string');
}

/** 400 `{ data: null, errors: [{ message }] }`, the first message matching `message`. */
function expectGraphqlErrors(res: Answer, message: RegExp) {
  expect(res.status).toBe(400);
  expect(res.body.data).toBeNull();
  const errors = res.body.errors as { message: string }[];
  expect(errors).toHaveLength(1);
  expect(errors[0]?.message).toMatch(message);
}

/** The keys of a JSON value, recursively (arrays by their first item): its shape. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return [value.length > 0 ? shapeOf(value[0]) : null];
  if (typeof value !== 'object' || value === null) return 'leaf';
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
}

/** Bodies every source refuses with 4xx `{ error }` before any GraphQL work. */
function expectBadBodiesRefused(app: () => FastifyInstance) {
  const ok = { query: APP_QUERY, variables: { search: 'Cowboy Bebop' } };
  it.each([
    ['missing query', { variables: { search: 'x' } }],
    ['empty query', { query: '', variables: { search: 'x' } }],
    ['missing variables', { query: APP_QUERY }],
    ['missing search', { query: APP_QUERY, variables: {} }],
    ['blank search', { query: APP_QUERY, variables: { search: '   ' } }],
    ['search of 1,000 chars', { query: APP_QUERY, variables: { search: 'a'.repeat(1000) } }],
    ['control chars', { query: APP_QUERY, variables: { search: 'Cowboy\u0000Bebop' } }],
    [
      'query over 10,000 chars',
      { query: `${APP_QUERY}${' '.repeat(10_000)}`, variables: ok.variables },
    ],
    ['an array', [ok]],
    ['a string', '"query"'],
    ['not JSON', '{query:'],
  ])('refuses %s with 400 { error }', async (_name, body) => {
    const res = await post(app(), body);
    expectError(res, 400);
  });

  it('refuses a 1 MB body (413) and other content types (400, 415) with { error }', async () => {
    const huge = await post(app(), {
      ...ok,
      variables: { search: 'x', pad: 'x'.repeat(1_000_000) },
    });
    expectError(huge, 413);
    const text = await post(app(), JSON.stringify(ok), { 'content-type': 'text/plain' });
    expectError(text, 400);
    const xml = await post(app(), '<query/>', { 'content-type': 'application/xml' });
    expectError(xml, 415);
  });
}

describe('local source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the app's query for Cowboy Bebop: the TV series first, edges with nodes", async () => {
    const { media } = (await appQuery(t.app, 'Cowboy Bebop')).data.Page;
    expect(media.map((m) => m.id)).toEqual([1, 5, 4037]);
    const [tv] = media;
    expect(tv).toMatchObject({
      id: 1,
      title: { english: 'Cowboy Bebop', romaji: 'Cowboy Bebop' },
      startDate: { year: 1998, month: 4, day: 3 },
      type: 'ANIME',
      format: 'TV',
      episodes: 26,
      duration: 24,
    });
    expect(tv?.description).toMatch(/bounties/);
    expect(tv?.coverImage?.large).toMatch(
      /^\/pigo-stream\/images\/w500\/art\/poster\/anime-1\.svg/,
    );
    const edges = tv?.relations?.edges ?? [];
    expect(edges.map((e) => [e.relationType, e.node?.id])).toEqual([
      ['SUMMARY', 4037],
      ['SIDE_STORY', 5],
    ]);
    expect(edges[1]?.node).toMatchObject({
      title: { english: 'Cowboy Bebop: The Movie', romaji: 'Cowboy Bebop: Tengoku no Tobira' },
      startDate: { year: 2001, month: 9, day: 1 },
      type: 'ANIME',
      format: 'MOVIE',
      episodes: 1,
    });
    expect(media[1]?.relations?.edges.map((e) => [e.relationType, e.node?.id])).toEqual([
      ['PARENT', 1],
    ]);
  });

  it('finds titles by a misspelt or partial search and by romaji', async () => {
    expect((await appQuery(t.app, 'cowbou bebop')).data.Page.media[0]?.id).toBe(1);
    const romaji = await appQuery(t.app, 'Tengoku no Tobira');
    expect(romaji.data.Page.media[0]?.id).toBe(5);
    expect((await appQuery(t.app, 'zzqxw vvkj')).data.Page.media).toEqual([]);
  });

  it('describes nodes outside anime_media from the edge; maps relation types to AniList', async () => {
    const db = t.database.db;
    await db.insert(animeMedia).values({ id: 990_001, titleRomaji: 'Pigo Kaizoku', format: 'TV' });
    await db.insert(animeRelations).values([
      {
        mediaId: 990_001,
        nodeId: 990_002,
        relationType: 'ADAPTATION',
        nodeTitleRomaji: 'Pigo Kaizoku Manga',
        nodeType: 'MANGA',
      },
      { mediaId: 990_001, nodeId: 1, relationType: 'ALTERNATIVE_VERSION' },
    ]);
    const [entry] = (await appQuery(t.app, 'Pigo Kaizoku')).data.Page.media;
    const edges = entry?.relations?.edges ?? [];
    expect(edges).toHaveLength(2);
    expect(edges[0]).toMatchObject({ relationType: 'ALTERNATIVE', node: { id: 1, format: 'TV' } });
    expect(edges[1]?.node?.coverImage?.large).toMatch(/anime-990002\.svg\?t=Pigo\+Kaizoku\+Manga/);
    expect(edges[1]).toMatchObject({
      relationType: 'ADAPTATION',
      node: {
        id: 990_002,
        title: { english: null, romaji: 'Pigo Kaizoku Manga' },
        startDate: { year: null, month: null, day: null },
        type: 'MANGA',
        format: null,
        episodes: null,
      },
    });
  });

  it('pages (perPage capped at 50), sorts and counts like AniList', async () => {
    const query = `query ($search: String, $page: Int, $perPage: Int, $sort: [MediaSort]) {
      Page(page: $page, perPage: $perPage) {
        pageInfo { total currentPage lastPage hasNextPage }
        media(search: $search, sort: $sort) { id startDate { year } } } }`;
    const first = await post(t.app, {
      query,
      variables: { search: 'Cowboy Bebop', page: 1, perPage: 2, sort: ['START_DATE_DESC'] },
    });
    expect(first.body).toEqual({
      data: {
        Page: {
          pageInfo: { total: 3, currentPage: 1, lastPage: 2, hasNextPage: true },
          media: [
            { id: 5, startDate: { year: 2001 } },
            { id: 4037, startDate: { year: 1998 } },
          ],
        },
      },
    });
    const second = await post(t.app, {
      query,
      variables: { search: 'Cowboy Bebop', page: 2, perPage: 2, sort: ['START_DATE_DESC'] },
    });
    expect(second.body).toMatchObject({
      data: { Page: { pageInfo: { hasNextPage: false }, media: [{ id: 1 }] } },
    });
    const capped = await post(t.app, {
      query: '{ Page(perPage: 500) { media { id } } }',
      variables: { search: 'unused' },
    });
    expect((capped.body as { data: { Page: { media: unknown[] } } }).data.Page.media).toHaveLength(
      50,
    );
  });

  it('loads a page and all its relation nodes in one query per level (no N+1)', async () => {
    let queries = 0;
    const db = t.database.db;
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute') {
          return (...args: Parameters<Database['execute']>) => {
            queries += 1;
            return target.execute(...args);
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const service = createAnimeService({
      db: counting,
      source: 'local',
      anilistUrl: '',
      timeoutMs: 1,
      imagesBase: '/i',
    });
    const everyAnime = APP_QUERY.replace('($search: String)', '').replace('search: $search, ', '');
    const answer = await service.answer({ query: everyAnime, variables: {} });
    expect(answer.status).toBe(200);
    const media = animeInfoResponseSchema.parse(answer.body).data.Page.media;
    expect(media).toHaveLength(50);
    expect(media.filter((m) => (m.relations?.edges.length ?? 0) > 0).length).toBeGreaterThan(10);
    expect(queries).toBe(2);
  });

  it.each([
    ['an unknown field', '{ Page { media { id nope } } }', /Cannot query field "nope"/],
    ['a syntax error', '{ Page { media { id }', /Syntax Error/],
    ['a mutation', 'mutation { Page { media { id } } }', /mutation/],
    [
      'a wrong variable type',
      'query ($search: Int) { Page { media(search: $search) { id } } }',
      /Variable "\$search"/,
    ],
    [
      'a too deep query',
      `{ Page { media { ${'relations { edges { node { '.repeat(4)}id${' } } }'.repeat(4)} } } }`,
      /nested \d+ fields deep/,
    ],
  ])('answers %s with 400 GraphQL errors, never 500', async (_name, query, message) => {
    const res = await post(t.app, { query, variables: { search: 'Cowboy Bebop' } });
    expectGraphqlErrors(res, message);
    expect(res.body.errors).toMatchObject([{ status: 400 }]);
  });

  expectBadBodiesRefused(() => t.app);
});

describe('live source (AniList stand-in)', () => {
  let standin: AnilistStandin;
  let database: TestDatabase;
  let live: FastifyInstance;
  let local: TestApp;

  /** The real app with CATALOG_SOURCE=tmdb, which makes the anime source AniList at `url`. */
  async function buildLiveApp(url: string): Promise<FastifyInstance> {
    const config = loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      CATALOG_SOURCE: 'tmdb',
      TMDB_API_TOKEN: 'test',
      ANILIST_URL: url,
      UPSTREAM_TIMEOUT_MS: '1000',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    standin = await startAnilistStandin();
    database = await openTestDatabase();
    live = await buildLiveApp(standin.url);
    local = await startTestApp();
  });
  afterAll(async () => {
    await live.close();
    await database.close();
    await local.close();
    await standin.close();
  });

  it('sends the same query text as JSON and answers in the same shape as the local source', async () => {
    standin.mode = 'ok';
    const before = standin.requests.length;
    const answer = await appQuery(live, '  Cowboy Bebop ');
    const sent = standin.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers['content-type']).toMatch(/^application\/json/);
    expect(sent[0]?.headers.accept).toMatch(/application\/json/);
    expect(sent[0]?.body).toEqual({ query: APP_QUERY, variables: { search: 'Cowboy Bebop' } });

    const media = answer.data.Page.media;
    expect(media[0]).toMatchObject({ id: 1, format: 'TV', title: { english: 'Cowboy Bebop' } });
    expect(media.map((m) => m.id)).toEqual(expect.arrayContaining([5, 4037]));
    const edges = media[0]?.relations?.edges ?? [];
    expect(edges.find((e) => e.relationType === 'SIDE_STORY')?.node).toMatchObject({
      id: 5,
      format: 'MOVIE',
      startDate: { year: 2001, month: 9, day: 1 },
    });
    // Raw bodies, not parsed ones: parsing would drop keys either side might add.
    const request = { query: APP_QUERY, variables: { search: 'Cowboy Bebop' } };
    const [fromLive, fromLocal] = await Promise.all([
      post(live, request),
      post(local.app, request),
    ]);
    expect(shapeOf(fromLive.body)).toEqual(shapeOf(fromLocal.body));
  });

  it('passes AniList 400 GraphQL errors through as they came', async () => {
    standin.mode = 'graphql-error';
    const res = await post(live, {
      query: '{ Page { media { nope } } }',
      variables: { search: 'x' },
    });
    expectGraphqlErrors(res, /nope/);
  });

  it('keeps 429 with its message and Retry-After', async () => {
    standin.mode = 'rate-limit';
    const res = await post(live, { query: APP_QUERY, variables: { search: 'Rate limited' } });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: 'Too Many Requests.' });
    expect(res.headers['retry-after']).toBe('60');
  });

  it('retries an AniList 500 once, then answers 502 Fetch failed', async () => {
    standin.mode = 'server-error';
    const before = standin.requests.length;
    const res = await post(live, { query: APP_QUERY, variables: { search: 'Server error' } });
    expect(res).toMatchObject({ status: 502, body: { error: 'Fetch failed: 500' } });
    expect(standin.requests.length - before).toBe(2);
  });

  it('serves a cached answer, without asking AniList, while AniList fails', async () => {
    standin.mode = 'ok';
    const first = await post(live, { query: APP_QUERY, variables: { search: 'Cowboy Bebop' } });
    expect(first.status).toBe(200);
    standin.mode = 'server-error';
    const before = standin.requests.length;
    const again = await post(live, { query: APP_QUERY, variables: { search: 'Cowboy Bebop' } });
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(standin.requests.length).toBe(before);
  });

  it.each(['hang', 'stall-body'] as const)(
    'answers 502 within the 1 s timeout when AniList does not finish (%s)',
    async (mode) => {
      standin.mode = mode;
      const started = Date.now();
      const res = await post(live, { query: APP_QUERY, variables: { search: `Never ${mode}` } });
      const elapsed = Date.now() - started;
      expect(res).toMatchObject({
        status: 502,
        body: { error: 'Anime service did not answer in time' },
      });
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(2500);
    },
  );

  it('answers 502 Fetch failed when AniList is down', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const down = await buildLiveApp(`http://127.0.0.1:${port}/`);
    try {
      const res = await post(down, { query: APP_QUERY, variables: { search: 'Cowboy Bebop' } });
      expect(res).toMatchObject({ status: 502, body: { error: 'Fetch failed: 502' } });
    } finally {
      await down.close();
    }
  });

  describe('bad bodies never reach AniList', () => {
    let before = 0;
    beforeAll(() => {
      standin.mode = 'ok';
      before = standin.requests.length;
    });
    expectBadBodiesRefused(() => live);
    it('(none of them was forwarded)', () => {
      expect(standin.requests.length).toBe(before);
    });
  });
});
