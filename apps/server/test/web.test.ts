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

it('sends security headers without blocking embedded players', async () => {
  const res = await t.app.inject({ url: '/index' });
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(String(res.headers['content-security-policy'])).toContain('frame-src *');
});
