import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheResponses, type ResponseCache } from './response-cache.ts';

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
