/** The server serves the built app: history fallback for spec routes, cached hashed assets. */
import { animeSearchRequest } from '@pigostream/contracts/anime-queries';
import { firstAnswerKey } from '@pigostream/contracts/constants';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPlugin from '../src/modules/web/web.plugin.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createUser, type TestUser } from './helpers/users.ts';
import { fakeWebBuild, MANIFEST } from './helpers/web-build.ts';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>PigoStream</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root">app</div>
  </body>
</html>
`;

/** A fake build in a fresh folder: the shell, the entry script and, when given, a manifest. */
function fakeBuild(manifest?: unknown): string {
  return fakeWebBuild({
    shell: SHELL,
    entryScript: `console.log(${'"x",'.repeat(2000)}1);`,
    manifest,
  });
}

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp({ seed: false, webDist: fakeBuild(MANIFEST) });
  user = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

it.each([
  '/',
  '/index',
  '/my-list',
  '/watch-history',
  '/new-episodes',
  '/import-export',
  '/play?id=603&type=movie',
  '/pigostore',
])('%s answers the app shell, never cached', async (url) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.body).toContain('id="root"');
});

it('serves hashed assets compressed with a one-year immutable cache', async () => {
  const res = await t.app.inject({
    url: '/assets/index-abc123.js',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['content-encoding']).toBe('gzip');
});

it('answers an unknown app path with the shell and 404, a missing asset with JSON 404', async () => {
  const page = await t.app.inject({ url: '/no-such-screen' });
  expect(page.statusCode).toBe(404);
  expect(page.body).toContain('id="root"');
  const asset = await t.app.inject({ url: '/assets/missing.js' });
  expect(asset.statusCode).toBe(404);
  expect(asset.json()).toHaveProperty('error');
});

/** The `<head>` of an HTML answer. */
function headOf(html: string): string {
  return html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
}

/** `href`s of the `<link rel="...">` elements of `html` with `rel` (and `as`, when given). */
function linksOf(html: string, rel: string, as?: string): string[] {
  return [...html.matchAll(/<link\b([^>]*)>/g)]
    .map(([, attrs = '']) => attrs)
    .filter((attrs) => attrs.includes(`rel="${rel}"`))
    .filter((attrs) => as === undefined || attrs.includes(`as="${as}"`))
    .map((attrs) => /href="([^"]*)"/.exec(attrs)?.[1] ?? '');
}

/** The answers in the page's data block (first-answers.ts) by path; {} without one. */
function firstAnswersOf(html: string): Record<string, unknown> {
  const block = /<script type="application\/json" id="pigo-first-answers">([^<]*)<\/script>/.exec(
    html,
  );
  return block ? (JSON.parse(block[1] ?? '') as Record<string, unknown>) : {};
}

const HOME_MODULES = [
  '/assets/identity-i1.js',
  '/assets/zod-z1.js',
  '/assets/app-layout-l1.js',
  '/assets/use-query-q1.js',
  '/assets/home-h1.js',
  '/assets/row-r1.js',
];

describe('route hints (PERF-1)', () => {
  it("preloads a signed-out /index its lazy chunks, less the entry's, and no data", async () => {
    const res = await t.app.inject({ url: '/index' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = headOf(res.body);
    expect(linksOf(head, 'modulepreload')).toEqual(HOME_MODULES);
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/home-h1.js">');
    expect(linksOf(res.body, 'preload')).toEqual([]);
    // The shell itself is intact, with no inline script.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">');
    expect(res.body.match(/<script\b/g)).toHaveLength(1);
    expect(res.body).toContain('<div id="root">app</div>');
  });

  it("gives a signed-in /index its sign-in check, trending rows, providers and the hero's calls in the page, as the API sends them", async () => {
    const res = await t.app.inject({ url: '/index', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    // Nobody has watched anything: no most-watched title, so the hero's recommendation calls.
    const paths = [
      '/auth/me',
      '/index/trending/movie',
      '/index/trending/tv',
      '/providers',
      '/index/most-watched',
      `/watch-history/${user.uid}/fetch-watch-history?movieLimit=1&showLimit=1`,
      `/recommender/user_recommendations?user_id=${user.uid}`,
    ];
    const answers = firstAnswersOf(head);
    expect(Object.keys(answers)).toEqual(paths);
    for (const apiPath of paths) {
      const api = await t.app.inject({
        url: `/pigo-stream${apiPath}`,
        headers: { cookie: user.cookie },
      });
      expect(api.statusCode).toBe(200);
      // The same bytes (only `<` written as its JSON escape, which JSON reads back the same).
      expect(head).toContain(`"${apiPath}":${api.body.replaceAll('<', '\\u003c')}`);
      expect(answers[apiPath]).toEqual(api.json());
    }
    expect(answers['/auth/me']).toMatchObject({ uid: user.uid, email: user.email });
    // Nothing left to fetch ahead: the page has it all.
    expect(linksOf(head, 'preload', 'fetch')).toEqual([]);
    expect(linksOf(head, 'modulepreload')).toEqual(HOME_MODULES);
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    // The page carries the user's own data: no cache keeps it.
    expect(res.headers['cache-control']).toBe('no-store');
    // A data block the browser never runs: still no inline script.
    expect(res.body.match(/<script\b/g)).toHaveLength(2);
    expect(res.body).toContain('<script type="application/json" id="pigo-first-answers">');
  });

  it('writes every < of an answer as \\u003c, so no answer can end the data block', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const hostile = await createUser(t.app, { name });
    const res = await t.app.inject({ url: '/index', headers: { cookie: hostile.cookie } });
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body).not.toContain('<!--');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(firstAnswersOf(res.body)['/auth/me']).toMatchObject({ displayName: name });
  });

  it('gives /play its title in the page when id and type are valid, else preloads it', async () => {
    const res = await t.app.inject({
      url: '/play?id=603&type=movie',
      headers: { cookie: user.cookie },
    });
    const head = headOf(res.body);
    // No catalogue here: media-info answers 404, which the page does not carry.
    expect(Object.keys(firstAnswersOf(head))).toEqual(['/auth/me']);
    expect(linksOf(head, 'preload', 'fetch')).toEqual([
      '/pigo-stream/playground/media-info?id=603&amp;type=movie',
    ]);
    expect(linksOf(head, 'modulepreload')).toEqual([
      '/assets/identity-i1.js',
      '/assets/zod-z1.js',
      '/assets/app-layout-l1.js',
      '/assets/use-query-q1.js',
      '/assets/play-y1.js',
      '/assets/row-r1.js',
    ]);
    const tv = await t.app.inject({
      url: '/play?type=tv&id=1399',
      headers: { cookie: user.cookie },
    });
    expect(linksOf(tv.body, 'preload', 'fetch')).toContain(
      '/pigo-stream/playground/media-info?id=1399&amp;type=tv',
    );
  });

  it.each([
    '/play?id=abc&type=movie',
    '/play?id=603&type=%3Cscript%3E',
    '/play?id=603&type=<script>',
    '/play?id=0603&type=movie',
    '/play?id=-603&type=movie',
    '/play?id=1234567890&type=movie',
    '/play?id=603',
    '/play?id=603&type=MOVIE',
    '/play?id=603%22%3E%3Cb%3E&type=tv',
  ])('%s: no title preload, nothing of the query in the page', async (url) => {
    const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(linksOf(res.body, 'preload', 'fetch')).toEqual([]);
    expect(Object.keys(firstAnswersOf(res.body))).toEqual(['/auth/me']);
    // Byte for byte the page of a bare /play: the query leaves no trace.
    const bare = await t.app.inject({ url: '/play', headers: { cookie: user.cookie } });
    expect(res.body).toBe(bare.body);
    expect(res.body).not.toContain('media-info');
  });

  it('looks for data only with a session cookie; an invalid session gets the signed-out state only', async () => {
    const other = await t.app.inject({
      url: '/index',
      headers: { cookie: 'theme=dark; pigostream.session_token=' },
    });
    expect(linksOf(other.body, 'preload')).toEqual([]);
    expect(other.body).not.toContain('pigo-first-answers');
    expect(other.headers['cache-control']).toBe('no-cache');
    for (const url of ['/pigostore', '/index']) {
      const stale = await t.app.inject({
        url,
        headers: { cookie: 'theme=dark; __Secure-pigostream.session_token=abc.def' },
      });
      expect(linksOf(stale.body, 'preload', 'fetch')).toEqual([]);
      // Signed out: the sign-in check's null, and none of the screen's data.
      expect(firstAnswersOf(stale.body)).toEqual({ '/auth/me': null });
    }
  });

  it('preloads the sign-in screens their chunks only, even with a session cookie', async () => {
    const signIn = await t.app.inject({ url: '/', headers: { cookie: user.cookie } });
    expect(linksOf(signIn.body, 'modulepreload')).toEqual(['/assets/sign-in-s1.js']);
    expect(linksOf(signIn.body, 'preload')).toEqual([]);
    const reset = await t.app.inject({ url: '/reset-password?token=abc' });
    expect(linksOf(reset.body, 'modulepreload')).toEqual(['/assets/reset-password-p1.js']);
  });

  it('leaves the not-found shell as built', async () => {
    const res = await t.app.inject({ url: '/no-such-screen', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(SHELL);
  });

  it('serves the shell as built when the build has no manifest, or an unusable one', async () => {
    for (const manifest of [undefined, { 'index.html': { file: 'assets/index-abc123.js' } }]) {
      const app = Fastify({ logger: false });
      await app.register(webPlugin, { webDist: fakeBuild(manifest), apiPrefix: '/pigo-stream' });
      try {
        const res = await app.inject({ url: '/index', headers: { cookie: user.cookie } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toBe(SHELL);
      } finally {
        await app.close();
      }
    }
  });
});

describe("the play page's anime lookup in the page", () => {
  let seeded: TestApp;
  let viewer: TestUser;
  beforeAll(async () => {
    seeded = await startTestApp({ webDist: fakeBuild(MANIFEST) });
    viewer = await createUser(seeded.app);
  });
  afterAll(async () => {
    await seeded.close();
  });

  it.each([
    { url: '/play?id=603&type=movie', search: 'The Matrix', anime: false },
    { url: '/play?id=95479&type=tv', search: 'Jujutsu Kaisen', anime: true },
  ])(
    '$url carries its title and the anime search the app sends first, as the API answers it',
    async ({ url, search, anime }) => {
      const res = await seeded.app.inject({ url, headers: { cookie: viewer.cookie } });
      const answers = firstAnswersOf(headOf(res.body));
      const body = animeSearchRequest(search);
      const key = firstAnswerKey('/playground/anime-info', body);
      const [, mediaInfo] = url.split('?');
      expect(Object.keys(answers)).toEqual([
        '/auth/me',
        `/playground/media-info?${String(mediaInfo)}`,
        key,
      ]);
      const api = await seeded.app.inject({
        method: 'POST',
        url: '/pigo-stream/playground/anime-info',
        headers: {
          cookie: viewer.cookie,
          'content-type': 'application/json',
          origin: 'http://localhost:3000',
        },
        payload: body,
      });
      expect(api.statusCode).toBe(200);
      expect(answers[key]).toEqual(api.json());
      const found = (answers[key] as { data: { Page: { media: unknown[] } } }).data.Page.media;
      expect(found.length > 0).toBe(anime);
    },
  );
});
