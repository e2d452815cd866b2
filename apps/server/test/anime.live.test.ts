/**
 * The anime-info call on the live source: forwarded to an AniList stand-in (a real local HTTP
 * server speaking its protocol), cached, retried, and bounded by the timeout.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

import { startAnilistStandin, type AnilistStandin } from './helpers/anilist-standin.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';

import {
  APP_QUERY,
  appQuery,
  expectBadBodiesRefused,
  expectGraphqlErrors,
  post,
  shapeOf,
} from './helpers/anime-query.ts';

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
    const res = await post(live, { query: APP_QUERY, variables: { search: 'Refused' } });
    expectGraphqlErrors(res, /Cannot query field "nope"/);
  });

  it('refuses a query outside the local schema itself, as the local source does', async () => {
    standin.mode = 'ok';
    const before = standin.requests.length;
    const request = { query: '{ Page { media { id bannerImage } } }', variables: { search: 'x' } };
    const [fromLive, fromLocal] = await Promise.all([
      post(live, request),
      post(local.app, request),
    ]);
    expectGraphqlErrors(fromLive, /Cannot query field "bannerImage"/);
    expect(fromLive.body).toEqual(fromLocal.body);
    expect(standin.requests.length).toBe(before);
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
