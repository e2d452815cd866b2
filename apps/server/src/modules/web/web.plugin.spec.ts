/**
 * The installable app's files as the web module serves them (apps/web/pwa.config.ts): the
 * service worker and the manifest are checked again on every load, Workbox's hashed runtime and
 * the assets are kept, each with the content type a browser needs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPlugin, { staticCacheControl } from './web.plugin.ts';

describe('staticCacheControl', () => {
  it.each([
    ['sw.js', 'no-cache'],
    ['manifest.webmanifest', 'no-cache'],
    ['index.html', 'no-cache'],
    ['workbox-35e397ac.js', 'public, max-age=31536000, immutable'],
    ['assets/index-C0DB5uoo.js', 'public, max-age=31536000, immutable'],
    ['assets/index-BT6-N3ty.css', 'public, max-age=31536000, immutable'],
    ['pwa-192x192.png', 'public, max-age=3600'],
    ['favicon.svg', 'public, max-age=3600'],
    // Not Workbox's hashed name: kept an hour only.
    ['workbox-window.js', 'public, max-age=3600'],
    ['icons/sw.js', 'public, max-age=3600'],
  ])('%s: %s', (file, expected) => {
    expect(staticCacheControl(file)).toBe(expected);
  });
});

describe('the service worker and manifest as served', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'pigo-web-pwa-'));
    mkdirSync(path.join(dist, 'assets'));
    const files: Record<string, string> = {
      'index.html':
        '<!doctype html><html><head><title>PigoStream</title></head><body></body></html>',
      'sw.js': 'define(["./workbox-35e397ac"],function(s){});',
      'workbox-35e397ac.js': 'define(["exports"],function(t){});',
      'manifest.webmanifest': '{"name":"PigoStream","start_url":"/index"}',
      'assets/index-abc123.js': 'console.log(1);',
    };
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dist, file), text);
    app = Fastify();
    await app.register(webPlugin, { webDist: dist, apiPrefix: '/pigo-stream' });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['/sw.js', 'application/javascript', 'no-cache'],
    ['/workbox-35e397ac.js', 'application/javascript', 'public, max-age=31536000, immutable'],
    ['/manifest.webmanifest', 'application/manifest+json', 'no-cache'],
    ['/index.html', 'text/html', 'no-cache'],
    ['/assets/index-abc123.js', 'application/javascript', 'public, max-age=31536000, immutable'],
  ])('%s is %s with %s', async (url, type, cacheControl) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(type);
    expect(res.headers['cache-control']).toBe(cacheControl);
  });

  it("the static shell (what the worker keeps for navigations) is the build's file as built", async () => {
    const res = await app.inject({
      url: '/index.html?__WB_REVISION__=1',
      headers: { cookie: 'x=1' },
    });
    expect(res.body).toBe(
      '<!doctype html><html><head><title>PigoStream</title></head><body></body></html>',
    );
  });
});
