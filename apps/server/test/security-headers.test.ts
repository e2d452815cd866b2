/**
 * Security headers on every answer (QUAL-6 in docs/requirements.md, "Headers"): pages carry a
 * Content-Security-Policy without inline script that still lets the player's embeds load; API
 * answers carry the short set that lets nothing run, load or be framed from elsewhere.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
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

it.each(['/index', '/no-such-screen', '/pigo-stream/docs'])(
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

it.each([
  '/pigo-stream/providers',
  '/pigo-stream/no-such-call',
  '/pigo-stream/images/w500/art/poster/movie-603.svg?t=The+Matrix',
  '/pigo-stream/docs-not-a-page',
])('%s: an API answer runs, loads and frames nothing from elsewhere', async (url) => {
  const res = await t.app.inject({ url });
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  const csp = cspOf(res.headers);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  // Headers that only mean something for a page are left out.
  expect(res.headers).not.toHaveProperty('cross-origin-opener-policy');
  expect(res.headers).not.toHaveProperty('x-xss-protection');
});

it('lets posters from TMDB and anime covers from AniList load, and no other image host', async () => {
  const res = await t.app.inject({ url: '/index' });
  expect(cspOf(res.headers).get('img-src')).toEqual([
    "'self'",
    'data:',
    'https://image.tmdb.org',
    'https://s4.anilist.co',
  ]);
});

it('sends the opener policy to pages at a loopback name or over https, not over plain http at a LAN name', async () => {
  for (const host of ['localhost:3000', '127.0.0.2:3000', '[::1]:3000']) {
    const res = await t.app.inject({ url: '/index', headers: { host } });
    expect(res.headers['cross-origin-opener-policy'], host).toBe('same-origin');
  }
  for (const host of ['192.168.1.10:3000', 'nas.local:3000', 'localhost.evil.example']) {
    const res = await t.app.inject({ url: '/index', headers: { host } });
    // Chromium ignores it there and reports the ignored header as a console error.
    expect(res.headers['cross-origin-opener-policy'], host).toBeUndefined();
    expect(res.headers['x-content-type-options'], host).toBe('nosniff');
    expect(String(res.headers['content-security-policy']), host).toContain("default-src 'self'");
  }
});
