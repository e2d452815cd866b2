import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectFirstAnswers,
  FIRST_ANSWERS_DEADLINE_MS,
  firstAnswersBlock,
  largestImagePreload,
} from './first-answers.ts';
import { imageSrcSet } from '@pigostream/contracts/images';

/** An app with a sign-in check keyed by cookie and screen calls that answer late or fail. */
let app: FastifyInstance;
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

describe('largestImagePreload', () => {
  const trending = JSON.stringify({
    page: 1,
    results: [{ id: 603, poster_path: '/art/poster/m.svg?t=A B' }],
  });

  it("preloads Home's first poster with the card's own srcset and sizes", () => {
    const link = largestImagePreload(
      '/index',
      ['/index/trending/movie'],
      new Map([['/index/trending/movie', trending]]),
    );
    expect(link).toContain('rel="preload" as="image" fetchpriority="high"');
    expect(link).toContain('href="/pigo-stream/images/w500/art/poster/m.svg?t=A B"');
    expect(link).toContain(
      `imagesrcset="${imageSrcSet('/art/poster/m.svg?t=A B', 'poster') ?? ''}" imagesizes="160px"`,
    );
  });

  it("preloads the play page's poster from its media-info answer", () => {
    const screen = ['/playground/media-info?id=603&type=movie'];
    const link = largestImagePreload(
      '/play',
      screen,
      new Map([[screen[0] ?? '', '{"id":603,"poster_path":"/x.jpg"}']]),
    );
    expect(link).toContain('href="/pigo-stream/images/w500/x.jpg"');
  });

  it('writes a hostile path as attribute text, never as markup', () => {
    const answer = JSON.stringify({ results: [{ poster_path: '/a"><script>x</script>.jpg' }] });
    const link = largestImagePreload('/index', [], new Map([['/index/trending/movie', answer]]));
    expect(link).not.toContain('"><script>');
    expect(link).toContain('&quot;>&lt;script>');
  });

  it.each([
    ['/index', new Map([['/index/trending/movie', '{"results":[]}']])],
    ['/index', new Map([['/index/trending/movie', '{"results":[{"poster_path":""}]}']])],
    ['/index', new Map<string, string>()],
    ['/my-list', new Map([['/index/trending/movie', trending]])],
    ['/index', new Map([['/index/trending/movie', 'null']])],
  ])('is empty for %s without a poster to show', (route, answers) => {
    expect(largestImagePreload(route, [], answers)).toBe('');
  });
});
