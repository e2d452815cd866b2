/** The server serves the built app: history fallback for spec routes, cached hashed assets. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'pigo-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root">app</div>');
  writeFileSync(
    path.join(dist, 'assets', 'index-abc123.js'),
    `console.log(${'"x",'.repeat(2000)}1);`,
  );
  t = await startTestApp({ seed: false, webDist: dist });
});
afterAll(async () => {
  await t.close();
});

it.each(['/', '/index', '/my-list', '/watch-history', '/play?id=603&type=movie', '/pigostore'])(
  '%s answers the app shell, never cached',
  async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('id="root"');
  },
);

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

/** The Content-Security-Policy of an answer as directive -> sources. */
function cspOf(headers: Record<string, string | string[] | number | undefined>) {
  const policy = String(headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

it.each(['/index', '/pigo-stream/providers', '/pigo-stream/no-such-call'])(
  '%s: security headers without blocking embedded players',
  async (url) => {
    const res = await t.app.inject({ url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
    // Our own pages are not framed by other sites...
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = cspOf(res.headers);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    // ...no inline or evaluated script runs, and plugins are off...
    expect(csp.get('default-src')).toEqual(["'self'"]);
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // ...while the player's embeds (any https link template) still load in its iframe, and
    // the local media library plays from this server (range requests under /pigo-stream).
    const frameSrc = csp.get('frame-src') ?? [];
    expect(frameSrc.some((s) => s === '*' || s === 'https:')).toBe(true);
    expect(csp.get('media-src')).toContain("'self'");
    expect(csp.get('img-src')).toContain("'self'");
  },
);

it('lets posters from TMDB and anime covers from AniList load, and no other image host', async () => {
  const res = await t.app.inject({ url: '/index' });
  expect(cspOf(res.headers).get('img-src')).toEqual([
    "'self'",
    'data:',
    'https://image.tmdb.org',
    'https://s4.anilist.co',
  ]);
});
