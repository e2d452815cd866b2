/**
 * `GET /pigo-stream/images/{size}/{path}` (API-IMG-1 in docs/requirements.md; LIVE-5) at every size
 * the web app asks for: its API-IMG-1 `src` sizes and its srcset candidates
 * (apps/web/src/lib/images.ts `SRCSET_SIZES`). A TMDB path is redirected to IMAGE_BASE_URL at that
 * size, a drawn-art path is drawn at it; unknown sizes and paths that could leave the size folder
 * answer 400 and redirect nowhere. The latter go over a socket: `app.inject` would resolve `..` and
 * `%2e%2e` first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { listenOnLoopback, rawRequest } from './helpers/raw-http.ts';

const IMAGE_BASE_URL = 'https://images.example.test/t/p';

/**
 * The sizes the web app asks for, per kind of image: API-IMG-1's `src` size first, then srcset's.
 */
const WEB_SIZES = {
  poster: ['w500', 'w185', 'w342', 'w780'],
  backdrop: ['w1280', 'original', 'w300', 'w780'],
  still: ['w185', 'w300'],
  profile: ['w185'],
  logo: ['w185', 'w92', 'w300'],
} as const;

/** Height over width of each kind's drawn art. */
const ASPECT = { poster: 1.5, backdrop: 9 / 16, still: 9 / 16, profile: 1.5, logo: 1 } as const;

const ALL_SIZES = [...new Set(Object.values(WEB_SIZES).flat())].sort();

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ seed: false, env: { IMAGE_BASE_URL } });
  base = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('a TMDB path', () => {
  it.each(ALL_SIZES)(
    'at %s answers 301 to IMAGE_BASE_URL at that size, cached a day',
    async (size) => {
      const res = await t.app.inject({ url: `/pigo-stream/images/${size}/abc123.jpg` });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`${IMAGE_BASE_URL}/${size}/abc123.jpg`);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    },
  );
});

describe('a drawn-art path', () => {
  const cases = Object.entries(WEB_SIZES).flatMap(([kind, sizes]) =>
    sizes.map((size) => [kind as keyof typeof WEB_SIZES, size] as const),
  );
  it.each(cases)('of a %s at %s answers an SVG of that width', async (kind, size) => {
    const res = await t.app.inject({
      url: `/pigo-stream/images/${size}/art/${kind}/movie-603.svg?t=The+Matrix&y=1999`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toMatch(/^<svg /);
    if (size !== 'original') {
      const width = Number(size.slice(1));
      const height = Math.round(width * ASPECT[kind]);
      expect(res.body).toContain(`width="${String(width)}" height="${String(height)}"`);
    }
  });
});

describe('refusals', () => {
  it.each(['w154', 'w45', 'h632', 'w342x', 'W342', 'w0'])(
    'an unknown size (%s) answers 400 naming the sizes, w342 among them',
    async (size) => {
      const res = await t.app.inject({ url: `/pigo-stream/images/${size}/abc123.jpg` });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toContain('w342');
      expect(res.headers.location).toBeUndefined();
    },
  );

  it.each([
    '/pigo-stream/images/w342/../w500/abc123.jpg',
    '/pigo-stream/images/w342/../../health',
    '/pigo-stream/images/w342/%2e%2e/abc123.jpg',
    '/pigo-stream/images/w342/%2E%2e/%2e%2E/health',
    '/pigo-stream/images/w342/..%2f..%2fetc%2fpasswd',
    '/pigo-stream/images/w342/%2e%2e%2fabc123.jpg',
    '/pigo-stream/images/w342/art%2fposter%2fmovie-603.svg',
    '/pigo-stream/images/w342/art/poster/..%2f..%2fmovie-603.svg',
    '/pigo-stream/images/w342/abc%5c..%5cabc123.jpg',
    '/pigo-stream/images/w342//evil.example/abc123.jpg',
    '/pigo-stream/images/w342/x..y.jpg',
    '/pigo-stream/images/w342/a/b.jpg',
    '/pigo-stream/images/w342/https:%2f%2fevil.example%2fx.jpg',
  ])('%s answers 400 { error } and redirects nowhere', async (path) => {
    const res = await rawRequest(base, { path });
    expect(res.status, res.body).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(res.headers.location).toBeUndefined();
  });
});
