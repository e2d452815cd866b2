import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { RatingCeiling } from '@pigostream/contracts';
import { answerKeyPrefix, cacheResponses, type ResponseCache } from './response-cache.ts';

/** An app whose `/answer` route takes `delayMs` ms and counts how often it ran. */
async function appWithSlowRoute(
  ttlMs: number,
  delayMs: number,
  fail: (run: number) => boolean = () => false,
): Promise<{ app: FastifyInstance; runs: () => number; cache: ResponseCache }> {
  const app = Fastify();
  let runs = 0;
  let cache: ResponseCache | undefined;
  await app.register(async (scope) => {
    cache = cacheResponses(scope, ttlMs);
    scope.get('/answer', async (_req, reply) => {
      runs += 1;
      const run = runs;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (fail(run)) return reply.code(503).send({ error: 'busy' });
      return { run, titles: ['The Matrix', 'カウボーイビバップ'] };
    });
  });
  await app.ready();
  if (!cache) throw new Error('no cache');
  return { app, runs: () => runs, cache };
}

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const together = (app: FastifyInstance, n: number) =>
  Promise.all(Array.from({ length: n }, () => app.inject({ url: '/answer' })));

describe('the catalogue answer cache computes an expiring answer once, serving the expired one meanwhile (SCALE-8)', () => {
  it('20 requests for a missing answer run the route once and all get its bytes', async () => {
    const { app, runs } = await appWithSlowRoute(10_000, 50);
    open = app;
    const answers = await together(app, 20);
    expect(runs()).toBe(1);
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['x-response-cache'] === 'hit')).toHaveLength(19);
    expect(JSON.parse(answers[0]?.body ?? '{}')).toEqual({
      run: 1,
      titles: ['The Matrix', 'カウボーイビバップ'],
    });
  });

  it('long after the answer expired, the next 20 requests run it once more and wait for it', async () => {
    const { app, runs } = await appWithSlowRoute(40, 30);
    open = app;
    await together(app, 20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await together(app, 20);
    expect(runs()).toBe(2);
    expect(
      new Set(again.map((a) => JSON.parse(a.body) as { run: number }).map((b) => b.run)),
    ).toEqual(new Set([2]));
  });

  it('just after the answer expired, one request makes the newer one and the others get the expired one at once', async () => {
    const { app, runs } = await appWithSlowRoute(300, 100);
    open = app;
    await together(app, 5);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const again = await together(app, 20);
    expect(runs()).toBe(2);
    const runOf = (a: (typeof again)[number]) => (JSON.parse(a.body) as { run: number }).run;
    expect(again.filter((a) => runOf(a) === 2)).toHaveLength(1);
    const stale = again.filter((a) => runOf(a) === 1);
    expect(stale).toHaveLength(19);
    expect(new Set(stale.map((a) => a.headers['x-response-cache']))).toEqual(new Set(['stale']));
    // The newer answer is kept: the next request gets it.
    const next = await app.inject({ url: '/answer' });
    expect([runOf(next), next.headers['x-response-cache']]).toEqual([2, 'hit']);
  });

  it('after a write clears the cache, no request gets an answer from before it', async () => {
    const { app, runs, cache } = await appWithSlowRoute(300, 50);
    open = app;
    await together(app, 3);
    await new Promise((resolve) => setTimeout(resolve, 350));
    cache.clear();
    const after = await together(app, 5);
    expect(runs()).toBe(2);
    expect(new Set(after.map((a) => (JSON.parse(a.body) as { run: number }).run))).toEqual(
      new Set([2]),
    );
  });

  it('when the first answer is not kept (a 503), the waiters answer on their own, none hangs', async () => {
    const { app, runs } = await appWithSlowRoute(10_000, 30, (run) => run === 1);
    open = app;
    const answers = await together(app, 5);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 503]);
    // The failed first run, then the four waiters, each alone (one of them keeps its answer).
    expect(runs()).toBeGreaterThanOrEqual(2);
    expect(runs()).toBeLessThanOrEqual(5);
  });

  it('after a write clears the cache, a new request does not wait for an answer made before it', async () => {
    const { app, runs, cache } = await appWithSlowRoute(10_000, 80);
    open = app;
    const before = app.inject({ url: '/answer' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.clear();
    const after = await app.inject({ url: '/answer' });
    expect((JSON.parse(after.body) as { run: number }).run).toBe(2);
    expect((await before).statusCode).toBe(200);
    expect(runs()).toBe(2);
  });
});

describe("the catalogue answer cache keeps a kids' profile's answers apart (PROFILE-7)", () => {
  /**
   * The limit a request's cookie names (`limit=10`, `limit=10u` with unrated titles, `adult=1`
   * none, `broken=1` a failed lookup), as the session lookup would answer it.
   */
  function limitOf(req: FastifyRequest): RatingCeiling | undefined {
    const cookie = req.headers.cookie ?? '';
    if (cookie.includes('broken')) throw new Error('database down');
    const limit = /limit=(\d+)(u?)/.exec(cookie);
    return limit ? { maxAge: Number(limit[1]), unrated: limit[2] === 'u' } : undefined;
  }

  /** An app whose `/answer` names the limit it was made under and counts runs and look-ups. */
  async function appWithLimits() {
    const app = Fastify();
    let runs = 0;
    let lookups = 0;
    const ceilingOf = (req: FastifyRequest) => {
      lookups += 1;
      return Promise.resolve().then(() => limitOf(req));
    };
    await app.register(async (scope) => {
      cacheResponses(scope, 10_000, undefined, ceilingOf);
      scope.get('/answer', async (req) => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { run: runs, limit: answerKeyPrefix(limitOf(req)) || 'none' };
      });
    });
    await app.ready();
    return { app, runs: () => runs, lookups: () => lookups };
  }

  const ask = async (app: FastifyInstance, cookie?: string) => {
    const res = await app.inject({ url: '/answer', headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body) as { run: number; limit: string };
  };

  it('names each limit apart, and none for no limit', () => {
    expect(answerKeyPrefix(undefined)).toBe('');
    expect(answerKeyPrefix({ maxAge: 10, unrated: false })).toBe('k10n|');
    expect(answerKeyPrefix({ maxAge: 10, unrated: true })).toBe('k10u|');
    expect(answerKeyPrefix({ maxAge: 0, unrated: false })).toBe('k0n|');
  });

  it('a kid, then an adult, then a signed-out visitor: each gets the answer of its own kind', async () => {
    const { app, runs } = await appWithLimits();
    open = app;
    expect(await ask(app, 'limit=10')).toEqual({ run: 1, limit: 'k10n|' });
    expect(await ask(app, 'adult=1')).toEqual({ run: 2, limit: 'none' });
    // Adults and signed-out visitors see the same catalogue: they share the answer.
    expect(await ask(app)).toEqual({ run: 2, limit: 'none' });
    expect(await ask(app, 'limit=10')).toEqual({ run: 1, limit: 'k10n|' });
    expect(runs()).toBe(2);
  });

  it("a signed-out visitor first, then a kid: the kid's answer is made for the kid", async () => {
    const { app, runs } = await appWithLimits();
    open = app;
    expect(await ask(app)).toEqual({ run: 1, limit: 'none' });
    expect(await ask(app, 'limit=10')).toEqual({ run: 2, limit: 'k10n|' });
    expect(await ask(app, 'adult=1')).toEqual({ run: 1, limit: 'none' });
    expect(runs()).toBe(2);
  });

  it('limits differing in age or in unrated titles are kept apart; the same limit shares', async () => {
    const { app, runs } = await appWithLimits();
    open = app;
    const kinds = ['limit=10', 'limit=10u', 'limit=13', 'limit=10', 'limit=13; other=1'];
    const answers = [];
    for (const cookie of kinds) answers.push(await ask(app, cookie));
    expect(answers.map((a) => a.limit)).toEqual(['k10n|', 'k10u|', 'k13n|', 'k10n|', 'k13n|']);
    expect(answers.map((a) => a.run)).toEqual([1, 2, 3, 1, 3]);
    expect(runs()).toBe(3);
  });

  it('20 kids at once run the route once and all get its answer (single flight per limit)', async () => {
    const { app, runs } = await appWithLimits();
    open = app;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({ url: '/answer', headers: i % 2 ? { cookie: 'limit=7' } : {} }),
      ),
    );
    expect(runs()).toBe(2);
    const limits = answers.map((a) => (JSON.parse(a.body) as { limit: string }).limit);
    expect(limits.filter((l) => l === 'k7n|')).toHaveLength(10);
    expect(limits.filter((l) => l === 'none')).toHaveLength(10);
  });

  it('requests without a cookie are never asked their limit', async () => {
    const { app, lookups } = await appWithLimits();
    open = app;
    await Promise.all(Array.from({ length: 5 }, () => ask(app)));
    expect(lookups()).toBe(0);
    await ask(app, 'limit=10');
    expect(lookups()).toBe(1);
  });

  it('a limit that cannot be learnt fails the request rather than send a kept answer', async () => {
    const { app, runs } = await appWithLimits();
    open = app;
    await ask(app);
    const res = await app.inject({ url: '/answer', headers: { cookie: 'broken=1' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('"run"');
    expect(runs()).toBe(1);
  });
});
