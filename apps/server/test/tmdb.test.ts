/**
 * CATALOG_SOURCE=tmdb against a local TMDB stand-in: the catalogue contract, plus caching,
 * request sharing, stale answers, timeouts, 429 Retry-After, credentials and the rate limit.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaPageSchema } from '@pigostream/contracts';
import { catalogueContract } from './contract/catalogue-contract.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import { STANDIN_TOKEN, startTmdbApp } from './helpers/tmdb-app.ts';
import { startTmdbStandin, type TmdbStandin } from './helpers/tmdb-standin.ts';
import { API, createUser, request } from './helpers/users.ts';

const TOKEN = STANDIN_TOKEN;
const TIMEOUT_MS = 1500;

let standin: TmdbStandin;
let database: TestDatabase;
const apps: FastifyInstance[] = [];

async function tmdbApp(
  env: Record<string, string> = {},
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const app = await startTmdbApp(
    standin,
    database,
    { UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), ...env },
    logger,
  );
  apps.push(app);
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  standin = await startTmdbStandin(TOKEN);
  database = await openTestDatabase();
  app = await tmdbApp();
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await database.close();
  await standin.close();
});
afterEach(() => {
  standin.mode = 'ok';
  standin.rateLimitNext = 0;
  standin.delayMs = 0;
});

catalogueContract(
  () => ({ app, upstreamRequests: () => standin.requests.length, variants: standin.variants }),
  { withVariants: true },
);

const firstMovieId = () => Number(standin.titles.find((t) => t.type === 'movie')?.list.id);
const showWithSeasons = () => standin.titles.find((t) => t.type === 'tv' && t.seasons.length > 0);

describe('TMDB source', () => {
  it('sends the read access token and maps TMDB answers, drawing art where images are missing', async () => {
    // A fresh server: the contract suite has already cached this page in `app`.
    const fresh = await tmdbApp();
    const res = await fresh.inject({ url: '/pigo-stream/index/trending/tv?page=2' });
    const page = mediaPageSchema.parse(res.json());
    expect(standin.requests.at(-1)?.url).toBe('/3/trending/tv/week?page=2');
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((r) => r.poster_path.startsWith('/'))).toBe(true);
    // The stand-in's later pages hold titles TMDB has no poster for: the app draws those.
    expect(page.results.some((r) => r.poster_path.startsWith('/art/poster/'))).toBe(true);
  });

  it('100 concurrent identical detail requests make exactly one upstream request', async () => {
    const id = Number(standin.titles.filter((t) => t.type === 'movie')[5]?.list.id);
    standin.delayMs = 100;
    const before = standin.requests.filter((r) => r.url.startsWith(`/3/movie/${id}?`)).length;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        app.inject({ url: `/pigo-stream/playground/media-info?id=${id}&type=movie` }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const after = standin.requests.filter((r) => r.url.startsWith(`/3/movie/${id}?`)).length;
    expect(after - before).toBe(1);
  });

  it('serves a cached answer while TMDB is down; an uncached call answers 502 JSON within the timeout', async () => {
    const cached = await app.inject({
      url: `/pigo-stream/playground/media-info?id=${firstMovieId()}&type=movie`,
    });
    expect(cached.statusCode).toBe(200);
    standin.mode = 'down';
    const again = await app.inject({
      url: `/pigo-stream/playground/media-info?id=${firstMovieId()}&type=movie`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(cached.json());

    const started = Date.now();
    const uncached = await app.inject({
      url: '/pigo-stream/index/search/movie?query=never-asked-before',
    });
    expect(uncached.statusCode).toBe(502);
    expect(uncached.json<{ error: string }>().error).toMatch(/catalogue service/);
    expect(Date.now() - started).toBeLessThanOrEqual(TIMEOUT_MS + 500);
  });

  it('serves a stale answer when a fresh one cannot be had (expired entry, upstream down)', async () => {
    const fresh = await tmdbApp();
    const show = showWithSeasons();
    const id = Number(show?.list.id);
    const seasonNumber = Number(show?.seasons[0]?.season_number);
    const url = `/pigo-stream/playground/season?id=${id}&seasonNumber=${seasonNumber}`;
    expect((await fresh.inject({ url })).statusCode).toBe(200);
    standin.mode = 'down';
    // Another process with the same (empty) cache would fail; this one still answers.
    expect((await fresh.inject({ url })).statusCode).toBe(200);
  });

  it('a hanging TMDB gives 502 within the timeout and nothing hangs', async () => {
    standin.mode = 'hang';
    const started = Date.now();
    const res = await app.inject({ url: '/pigo-stream/index/search/tv?query=hangs' });
    expect(res.statusCode).toBe(502);
    expect(res.json<{ error: string }>().error).toContain('did not answer in time');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 500);
  });

  it('honours 429 Retry-After and then answers', async () => {
    standin.rateLimitNext = 1;
    standin.retryAfterSeconds = 1;
    const started = Date.now();
    const res = await app.inject({ url: '/pigo-stream/index/search/movie?query=star' });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const asked = standin.requests.filter((r) => r.url.includes('search/movie?query=star'));
    expect(asked).toHaveLength(2);
  });

  it('a 404 from TMDB is a 404 here; refused credentials are a 502 with a message', async () => {
    const missing = await app.inject({
      url: '/pigo-stream/playground/media-info?id=999999998&type=tv',
    });
    expect(missing.statusCode).toBe(404);
    const wrong = await tmdbApp({ TMDB_API_TOKEN: 'wrong' });
    const res = await wrong.inject({ url: '/pigo-stream/index/popular/tv?page=2' });
    expect(res.statusCode).toBe(502);
    expect(res.json<{ error: string }>().error).toContain('credentials');
  });

  it('accepts a v3 api_key instead of a token', async () => {
    const keyed = await tmdbApp({ TMDB_API_TOKEN: '', TMDB_API_KEY: TOKEN });
    const res = await keyed.inject({ url: '/pigo-stream/index/popular/movie?page=2' });
    expect(res.statusCode).toBe(200);
    expect(standin.requests.at(-1)?.url).toContain(`api_key=${TOKEN}`);
  });

  it('sends TMDB at most 35 requests in any second (README: Live sources)', async () => {
    // Queued calls wait their turn inside the deadline: give them room to.
    const fresh = await tmdbApp({ UPSTREAM_TIMEOUT_MS: '5000' });
    // When each request leaves the server: the limiter's own business. Where the stand-in
    // notes their arrival instead, the same event loop delays some and bunches them, so a busy
    // machine can see more than the limit arrive within a second (docs/benchmarks.md).
    const sent: number[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('query=rate')) {
        sent.push(Date.now());
      }
      return realFetch(input, init);
    });
    try {
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          fresh.inject({ url: `/pigo-stream/index/search/movie?query=rate${i}` }),
        ),
      );
    } finally {
      spy.mockRestore();
    }
    expect(sent).toHaveLength(60);
    expect(standin.requests.filter((r) => r.url.includes('query=rate'))).toHaveLength(60);
    // The limiter reads the clock a moment before the request is sent: allow it 2 ms.
    const windowMs = 998;
    const busiestWindow = Math.max(
      ...sent.map((t) => sent.filter((u) => u >= t && u < t + windowMs).length),
    );
    expect(busiestWindow, `busiest ${String(windowMs)} ms`).toBeLessThanOrEqual(35);
    // Held back, not merely few: sent at once, 60 requests would leave within a few ms.
    expect(Math.max(...sent) - Math.min(...sent)).toBeGreaterThanOrEqual(windowMs);
  });

  it('shares answers between servers through Redis when REDIS_URL is set', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const one = await tmdbApp({ REDIS_URL: redisUrl });
    const two = await tmdbApp({ REDIS_URL: redisUrl });
    const query = `shared${Date.now()}`;
    expect(
      (await one.inject({ url: `/pigo-stream/index/search/tv?query=${query}` })).statusCode,
    ).toBe(200);
    const before = standin.requests.length;
    expect(
      (await two.inject({ url: `/pigo-stream/index/search/tv?query=${query}` })).statusCode,
    ).toBe(200);
    expect(standin.requests.length).toBe(before);
  });

  it('keeps answering from the in-process cache when Redis is unreachable', async () => {
    const degraded = await tmdbApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    const url = '/pigo-stream/index/popular/tv?page=3';
    const started = Date.now();
    expect((await degraded.inject({ url })).statusCode).toBe(200);
    const before = standin.requests.length;
    expect((await degraded.inject({ url })).statusCode).toBe(200);
    expect(standin.requests.length).toBe(before);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 2);
  });

  it('logs each unreadable field once per TMDB call, with its path, and never again for the cached answer', async () => {
    const lines: {
      msg: string;
      call?: string;
      field?: string;
      count?: number;
      example?: string;
    }[] = [];
    const logged = await tmdbApp(
      { LOG_LEVEL: 'warn' },
      {
        level: 'warn',
        stream: {
          write: (line: string) => {
            lines.push(JSON.parse(line) as (typeof lines)[number]);
          },
        },
      },
    );
    const variant = standin.variants.titles.find((v) => v.name.startsWith('unreadable fields'));
    const id = Number(variant?.title.list.id);
    const url = `/pigo-stream/playground/media-info?id=${String(id)}&type=movie`;
    expect((await logged.inject({ url })).statusCode).toBe(200);
    expect((await logged.inject({ url })).statusCode).toBe(200);
    const drift = lines.filter((l) => l.msg === 'upstream answer drifted: field dropped');
    expect(drift.every((l) => l.call === `movie/${String(id)}`)).toBe(true);
    expect(drift.map((l) => l.field).sort()).toEqual([
      'credits.cast[].name',
      'credits.cast[].order',
      'genres[].name',
      'release_date',
      'runtime',
      'videos.results[].key',
      'vote_average',
    ]);
    expect(drift.find((l) => l.field === 'credits.cast[].order')?.example).toMatch(
      /^credits\.cast\.\d+\.order$/,
    );
  });

  it('a saved title whose answer loses its title leaves My List, which keeps the rest; its play page is a 502', async () => {
    const untitled = Number(standin.variants.untitled.list.id);
    const u = await createUser(app);
    for (const id of [firstMovieId(), untitled]) {
      const saved = await request(app, u, 'POST', `${API}/my-list/save-my-list`, {
        userUID: u.uid,
        id,
        type: 'movie',
      });
      expect(saved.statusCode).toBe(200);
    }
    standin.variants.loseTitle();
    // Another server, whose cache has not seen the title yet.
    const other = await tmdbApp();
    const list = await request(other, u, 'GET', `${API}/my-list/${u.uid}/fetch-my-list`);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(`"id":${String(firstMovieId())}`);
    expect(JSON.stringify(list.json())).not.toContain(`"id":${String(untitled)}`);

    const res = await other.inject({
      url: `${API}/playground/media-info?id=${String(untitled)}&type=movie`,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json<{ error: string }>().error).toBe(
      'The catalogue service sent an unexpected answer.',
    );
  });
});
