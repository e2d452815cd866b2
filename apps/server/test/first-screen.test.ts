/**
 * The first screen rendered by the server (PERF-2 in docs/requirements.md;
 * modules/web/first-screen.ts): with a web build that has a server entry, a verified visitor's Home
 * and play page arrive rendered, inert, with the boot script the Content-Security-Policy allows by
 * its hash and no module script or preload in `<head>`; everyone else, and every failure of the
 * render, gets the page as before. The server entry here is a stand-in module that echoes what it
 * was given (the real one is apps/web's, tested in the browser by
 * apps/web/e2e/first-screen.spec.ts).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../src/modules/web/first-screen.ts';
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
    <div id="root">
      <div role="status">loading</div>
    </div>
    <noscript>PigoStream needs JavaScript to run.</noscript>
  </body>
</html>
`;

/**
 * A stand-in server entry: renders `/index` and `/play` as a title and a line naming the user,
 * the answers it was given and the random number, escaping `<` as React would; throws for a
 * play page of id 13; undefined elsewhere. It shows the viewport width it was given too.
 */
const SERVER_ENTRY = `
const escape = (text) => String(text).replaceAll('&', '&amp;').replaceAll('<', '&lt;');
export function renderFirstScreen({ url, answers, random, viewportWidth }) {
  const path = url.split('?')[0];
  if (path !== '/index' && path !== '/play') return undefined;
  if (url.includes('id=13&')) throw new Error('a screen that fails');
  const me = answers.get('/auth/me');
  if (!me?.emailVerified) return undefined;
  return '<title>' + escape(path) + ' screen</title><h1>' + escape(me.displayName) + '</h1>' +
    '<p id="keys">' + escape([...answers.keys()].join(' ')) + '</p><p id="random">' + random + '</p><p id="width">' + viewportWidth + '</p>';
}`;

function fakeBuild(): string {
  return fakeWebBuild({
    shell: SHELL,
    entryScript: 'export {};',
    manifest: MANIFEST,
    files: { '.server/entry-server.js': SERVER_ENTRY },
  });
}

/** The elements `<script …>` of `html`, each with its text. */
function scriptsOf(html: string): { attrs: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(
    ([, attrs = '', text = '']) => ({ attrs, text }),
  );
}

function headOf(html: string): string {
  return html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
}

let t: TestApp;
let user: TestUser;
let unverified: TestUser;
beforeAll(async () => {
  t = await startTestApp({ webDist: fakeBuild() });
  user = await createUser(t.app, { name: 'Ada <Lovelace>' });
  unverified = await createUser(t.app, { verified: false });
});
afterAll(async () => {
  await t.close();
});

describe('the first screen in the page', () => {
  it('renders Home for a verified visitor: inert, titled, with the boot script and no module script or preloads in <head>', async () => {
    const res = await t.app.inject({ url: '/index', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    const head = headOf(html);
    expect(head).toContain('<title>/index screen</title>');
    expect(head).not.toContain('<title>PigoStream</title>');
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('<script type="module"');
    // The screen, escaped, inside an inert wrapper in #root; the loading mark is gone.
    expect(html).toContain('<div inert><h1>Ada &lt;Lovelace></h1>');
    expect(html).not.toContain('loading</div>');
    expect(html).toContain('<noscript>');
    // The render saw the answers the page carries.
    const keys = /<p id="keys">([^<]*)<\/p>/.exec(html)?.[1]?.split(' ') ?? [];
    expect(keys).toEqual(expect.arrayContaining(['/auth/me', '/index/trending/movie']));
    // What the boot script reads: the entry, the screen's modules, and the render's number.
    const random = /<p id="random">([^<]*)<\/p>/.exec(html)?.[1];
    const root = /<div id="root"([^>]*)>/.exec(html)?.[1] ?? '';
    expect(root).toContain(`data-seed="${String(random)}"`);
    expect(Number(random)).toBeGreaterThanOrEqual(0);
    expect(Number(random)).toBeLessThan(1);
    expect(root).toContain('data-app="/assets/index-abc123.js"');
    const modules = /data-modules="([^"]*)"/.exec(root)?.[1]?.split(' ');
    expect(modules).toEqual(
      expect.arrayContaining(['/assets/app-layout-l1.js', '/assets/home-h1.js']),
    );
    expect(modules).not.toContain('/assets/index-abc123.js');
    const scripts = scriptsOf(html);
    expect(scripts.map((s) => s.attrs)).toEqual([
      ' type="application/json" id="pigo-first-answers"',
      '',
    ]);
    expect(scripts[1]?.text).toBe(BOOT_SCRIPT);
  });

  it('allows the boot script by its hash alone in the Content-Security-Policy', async () => {
    const res = await t.app.inject({ url: '/index', headers: { cookie: user.cookie } });
    const inline = scriptsOf(res.body).find((s) => s.attrs === '')?.text ?? '';
    const hash = createHash('sha256').update(inline).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
    expect(scriptSrc).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('renders a play page from its media-info in the page; a render that throws gets the page as before', async () => {
    const res = await t.app.inject({
      url: '/play?id=603&type=movie',
      headers: { cookie: user.cookie },
    });
    expect(res.body).toContain('<title>/play screen</title>');
    expect(res.body).toContain('/auth/me /playground/media-info?id=603&amp;type=movie');
    expect(res.body).toMatch(/data-modules="[^"]*\/assets\/play-y1\.js/);

    const failed = await t.app.inject({
      url: '/play?id=13&type=movie',
      headers: { cookie: user.cookie },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain(
      '<script type="module" crossorigin src="/assets/index-abc123.js">',
    );
    expect(failed.body).toContain('loading</div>');
    expect(failed.body).not.toContain('data-seed');
  });

  it("renders for a phone's width when the browser says it is mobile, else a laptop's", async () => {
    const widthFor = async (userAgent: string) => {
      const res = await t.app.inject({
        url: '/index',
        headers: { cookie: user.cookie, 'user-agent': userAgent },
      });
      return /<p id="width">([^<]*)<\/p>/.exec(res.body)?.[1];
    };
    const phone =
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const laptop =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
    expect(await widthFor(phone)).toBe('390');
    expect(await widthFor(iphone)).toBe('390');
    expect(await widthFor(laptop)).toBe('1280');
  });

  it.each([
    ['a signed-out visitor', undefined],
    ['a stale session', 'pigostream.session_token=abc.def'],
  ])('serves %s the page as before', async (_, cookie) => {
    const res = await t.app.inject({ url: '/index', headers: cookie ? { cookie } : {} });
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">');
    expect(res.body).toContain('loading</div>');
    expect(res.body).not.toContain('<div inert>');
    expect(scriptsOf(res.body).filter((s) => s.attrs === '')).toEqual([]);
  });

  it('serves an unverified visitor, and the screens the server does not render, the page as before', async () => {
    const pages = [
      { url: '/index', cookie: unverified.cookie },
      { url: '/my-list', cookie: user.cookie },
      { url: '/pigostore', cookie: user.cookie },
      { url: '/', cookie: user.cookie },
    ];
    for (const { url, cookie } of pages) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('loading</div>');
      expect(res.body, url).toContain('<title>PigoStream</title>');
      expect(res.body, url).not.toContain('data-seed');
    }
  });
});
