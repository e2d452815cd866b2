/**
 * The process's caches stay within their configured bytes (LEAN-3 in docs/requirements.md:
 * RESPONSE_CACHE_MB, UPSTREAM_CACHE_MB): the least recently used answers go first, 0 keeps no
 * answers, and a user's answers made stale by their writes are dropped once expired, unasked.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createClusterBus } from './cluster-bus.ts';
import { cacheResponses, cacheUserAnswers } from './response-cache.ts';
import { createSharedCache } from './shared-cache.ts';

/** An app whose `/answer/:n` sends 4,000 bytes of JSON, caching at most `maxBytes`. */
async function appWithCache(maxBytes: number) {
  const app = Fastify();
  await app.register(async (scope) => {
    cacheResponses(scope, 60_000, maxBytes);
    scope.get('/answer/:n', () => ({ text: 'x'.repeat(3_980) }));
  });
  const hit = async (n: number) =>
    (await app.inject({ url: `/answer/${String(n)}` })).headers['x-response-cache'] === 'hit';
  return { app, hit };
}

describe('answer cache', () => {
  it('keeps answers up to its bytes, dropping the least recently used first', async () => {
    const { app, hit } = await appWithCache(10_000);
    for (const n of [1, 2, 3]) expect(await hit(n)).toBe(false);
    // Two answers of about 4 kB fit in 10 kB: the first was dropped for the third.
    expect(await hit(3)).toBe(true);
    expect(await hit(2)).toBe(true);
    expect(await hit(1)).toBe(false);
    await app.close();
  });

  it('keeps nothing with 0 bytes', async () => {
    const { app, hit } = await appWithCache(0);
    expect(await hit(1)).toBe(false);
    expect(await hit(1)).toBe(false);
    await app.close();
  });
});

describe("a user's answer cache", () => {
  it('drops the answers of earlier write generations once expired, with no request asking', async () => {
    const app = Fastify();
    const bus = createClusterBus({ redisUrl: undefined, log: { info() {}, warn() {} } });
    let saved = 0;
    let cache = { size: () => -1 };
    await app.register(async (scope) => {
      cache = cacheUserAnswers(scope, () => Promise.resolve('u1'), bus, 150, 1_000_000);
      scope.get('/list', () => ({ saved }));
      scope.post('/save', () => ({ saved: ++saved }));
    });
    // Each save starts a new generation: the next read is a new answer, the last one stale.
    for (let round = 0; round < 20; round++) {
      expect((await app.inject({ url: '/list' })).json()).toEqual({ saved: round });
      await app.inject({ method: 'POST', url: '/save' });
    }
    expect(cache.size()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(cache.size()).toBe(0);
    await app.close();
  });
});

describe('upstream cache', () => {
  it('keeps entries up to its bytes, dropping the least recently used first', async () => {
    const cache = createSharedCache({ maxBytes: 20_000 });
    const entry = { value: { overview: 'y'.repeat(4_000) }, fetchedAt: Date.now() };
    // About 8 kB each (two bytes a character): two fit.
    for (const key of ['a', 'b', 'c']) await cache.set(key, entry, 60_000);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toEqual(entry);
    expect(await cache.get('c')).toEqual(entry);
    await cache.close();
  });
});
