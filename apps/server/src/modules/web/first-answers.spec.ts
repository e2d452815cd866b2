import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectFirstAnswers,
  FIRST_ANSWERS_DEADLINE_MS,
  firstAnswersBlock,
} from './first-answers.ts';

/** An app with a sign-in check keyed by cookie and screen calls that answer late or fail. */
let app: FastifyInstance;
/** Calls of `/api/after`, the follow-up of an answer that came after the deadline. */
let askedAfterDeadline = 0;
beforeAll(async () => {
  app = Fastify();
  app.get('/api/auth/me', (req) =>
    req.headers.cookie === 'session=ok' ? { uid: 'u1', displayName: '</script>' } : null,
  );
  app.get('/api/fast', () => ({ results: [1, 2] }));
  app.get('/api/late', async () => {
    await new Promise((resolve) => setTimeout(resolve, FIRST_ANSWERS_DEADLINE_MS + 200));
    return { results: [3] };
  });
  app.get('/api/broken', (_req, reply) => reply.code(500).send({ error: 'boom' }));
  app.get('/api/text', (_req, reply) => reply.type('text/plain').send('not json'));
  app.get('/api/next', () => ({ results: [4] }));
  app.get('/api/after', () => {
    askedAfterDeadline += 1;
    return { results: [5] };
  });
  app.get('/page-with-follow-ups', async (req) =>
    Object.fromEntries(
      await collectFirstAnswers(app, req, '/api', '/auth/me', ['/late', '/fast'], (path) =>
        path === '/fast' ? [{ path: '/next' }] : path === '/late' ? [{ path: '/after' }] : [],
      ),
    ),
  );
  app.get('/page', async (req) =>
    Object.fromEntries(
      await collectFirstAnswers(app, req, '/api', '/auth/me', [
        '/late',
        '/fast',
        '/broken',
        '/text',
      ]),
    ),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('collectFirstAnswers', () => {
  it('keeps the check and the 200 JSON answers in time, in call order; drops late, failed and non-JSON ones', async () => {
    const res = await app.inject({ url: '/page', headers: { cookie: 'session=ok' } });
    expect(Object.keys(res.json())).toEqual(['/auth/me', '/fast']);
    expect(res.json()).toEqual({
      '/auth/me': '{"uid":"u1","displayName":"</script>"}',
      '/fast': '{"results":[1,2]}',
    });
  });

  it('asks the follow-ups of answers in time, and none of an answer past the deadline', async () => {
    const res = await app.inject({
      url: '/page-with-follow-ups',
      headers: { cookie: 'session=ok' },
    });
    expect(Object.keys(res.json())).toEqual(['/auth/me', '/fast', '/next']);
    // The late answer comes in after the page was sent: its follow-up is never asked.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(askedAfterDeadline).toBe(0);
  });

  it("carries only the signed-out check's null, and asks for none of the screen's calls", async () => {
    const res = await app.inject({ url: '/page', headers: { cookie: 'session=gone' } });
    expect(res.json()).toEqual({ '/auth/me': 'null' });
  });
});

describe('firstAnswersBlock', () => {
  it('writes the answers as one JSON object whose < are escaped, so no answer ends the block', () => {
    const block = firstAnswersBlock(
      new Map([
        ['/auth/me', '{"displayName":"</script><!--"}'],
        ['/fast', '[1]'],
      ]),
    );
    expect(block).not.toContain('</script><!--');
    const json = /<script type="application\/json" id="pigo-first-answers">(.*)<\/script>/.exec(
      block,
    )?.[1];
    expect(JSON.parse(json ?? '')).toEqual({
      '/auth/me': { displayName: '</script><!--' },
      '/fast': [1],
    });
  });

  it('is empty without answers', () => {
    expect(firstAnswersBlock(new Map())).toBe('');
  });
});
