/**
 * Web weight (QUAL-1 in docs/requirements.md): each route opened once in Chromium
 * (/usr/bin/chromium, the flags of apps/web/playwright.config.ts) against the bench's server, as a
 * first visit (empty cache): the gzip bytes (level 9) of every script and style sheet it loaded
 * until the network went idle, and every request that left for another host. `/` is opened signed
 * out, `/index` and `/play` signed in. Prints, never asserts.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../tools/chromium.ts';
import { ROUTE_BUDGETS } from '../tools/web-budget.ts';
import { record } from './report.ts';
import type { RunningServer, VerifiedAccount } from '../tools/server-process.ts';

/** The title the play page opens (The Matrix, in the starter catalogue). */
export const PLAY_PATH = '/play?id=603&type=movie';

/** A show's play page (Game of Thrones, in the starter catalogue): seasons and episodes. */
export const PLAY_SHOW_PATH = '/play?id=1399&type=tv';

/**
 * The pages the web and Lighthouse parts open: `path` to open, `name` to report it under, and
 * whether it is opened signed in (QUAL-2: `/` signed out, `/index` and a play page signed in).
 */
export const BENCH_PAGES = [
  { path: '/', name: '/', signedIn: false },
  { path: '/index', name: '/index', signedIn: true },
  { path: PLAY_PATH, name: '/play', signedIn: true },
  { path: PLAY_SHOW_PATH, name: '/play (show)', signedIn: true },
] as const;

/** What one route loaded. */
export interface RouteLoad {
  route: string;
  jsGzip: number;
  cssGzip: number;
  jsFiles: number;
  thirdParty: string[];
}

/** Session cookies of `account` for Playwright, on the server's origin. */
function sessionCookies(server: RunningServer, account: VerifiedAccount) {
  return account.cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseUrl };
  });
}

/** Opens `route` in a fresh context and weighs what it loads. */
async function loadRoute(
  browser: Browser,
  server: RunningServer,
  route: string,
  account: VerifiedAccount | null,
): Promise<RouteLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (account) await context.addCookies(sessionCookies(server, account));
  const page = await context.newPage();
  const origin = new URL(server.baseUrl).origin;
  const thirdParty: string[] = [];
  const weighing: Promise<{ kind: 'js' | 'css'; bytes: number }>[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin) {
      thirdParty.push(`${req.resourceType()} ${url.origin}${url.pathname}`);
    }
  });
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    weighing.push(
      res.body().then((body) => ({
        kind: type === 'script' ? 'js' : 'css',
        bytes: gzipSync(body, { level: 9 }).length,
      })),
    );
  });
  await page.goto(`${server.baseUrl}${route}`, { waitUntil: 'networkidle', timeout: 60_000 });
  // The app's own idle-time preloads (the sidebar drawer) count: they are part of the visit.
  await page.waitForTimeout(2_000);
  await page.waitForLoadState('networkidle');
  const weights = await Promise.all(weighing);
  await context.close();
  const sum = (kind: 'js' | 'css') =>
    weights.filter((w) => w.kind === kind).reduce((n, w) => n + w.bytes, 0);
  return {
    route,
    jsGzip: sum('js'),
    cssGzip: sum('css'),
    jsFiles: weights.filter((w) => w.kind === 'js').length,
    thirdParty,
  };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** Targets of QUAL-1, in bytes of gzip JavaScript: the budgets `npm run budget` checks. */
const JS_TARGETS = new Map(ROUTE_BUDGETS.map((budget) => [budget.route, budget.maxJsGzip]));

/** Measures `/`, `/index` and the play page and records their figures. */
export async function benchWebWeight(
  server: RunningServer,
  account: VerifiedAccount,
): Promise<void> {
  console.log('Web weight (Chromium, first visit, gzip level 9)');
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    for (const { path: route, name, signedIn } of BENCH_PAGES) {
      const load = await loadRoute(browser, server, route, signedIn ? account : null);
      const target = JS_TARGETS.get(name.split(' ')[0] ?? name);
      record({
        name: `web ${name}: JavaScript (${String(load.jsFiles)} files)`,
        value: kB(load.jsGzip),
        unit: 'kB',
        target: target ? `<= ${kB(target)} kB` : undefined,
      });
      record({ name: `web ${name}: CSS`, value: kB(load.cssGzip), unit: 'kB' });
      // The site's own code, styles, fonts and icons must all come from this server; poster
      // images (the configured image host) and the player's embed are content, counted apart.
      const content = /^(image|document|media) /;
      const assets = load.thirdParty.filter((r) => !content.test(r));
      record({
        name: `web ${name}: third-party code/styles/fonts`,
        value: assets.length,
        unit: 'requests',
        target: '0',
      });
      const other = load.thirdParty.length - assets.length;
      if (other > 0) {
        record({
          name: `web ${name}: images and embeds from other hosts`,
          value: other,
          unit: 'requests',
        });
      }
      for (const r of load.thirdParty) console.log(`    other host: ${r}`);
    }
  } finally {
    await browser.close();
  }
}
