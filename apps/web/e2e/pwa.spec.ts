/**
 * The installable app (apps/web/pwa.config.ts): Chromium finds it installable, the service
 * worker starts it offline from its cached shell with 'You are offline' (and no one's data), and
 * a new build's worker waits for the user's 'Reload' before it takes the page over.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../../tools/chromium.ts';
import { APP_PORT, APP_URL } from './support/e2e-env.ts';
import { expect, test } from './support/fixtures.ts';
import { signOutFromMenu } from './support/home-page.ts';
import { card, freshUser, trendingTitles, type FreshUser } from './support/library-page.ts';

// Whatever the suite's default, these tests are about the worker.
test.use({ serviceWorkers: 'allow' });

/** The offline screen's heading (app/route-error.tsx). */
const OFFLINE = 'You are offline';

/** The update prompt's text (app/update-prompt.tsx). */
const NEW_VERSION = 'A new version is available.';

/** Waits until `page`'s origin has an active service worker, its precache filled. */
async function workerActive(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none',
        ),
      { timeout: 20_000 },
    )
    .toBe('activated');
}

/** The offline screen's heading on `page`. */
function offlineHeading(page: Page) {
  return page.getByRole('heading', { level: 1, name: OFFLINE });
}

/** Width and height in px of the PNG `bytes` (its IHDR chunk). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${String(bytes.readUInt32BE(16))}x${String(bytes.readUInt32BE(20))}`;
}

test('the app is installable: its manifest and icons, and no installability error in Chromium', async ({
  playwright,
  baseURL,
}, testInfo) => {
  // Chromium reports every incognito page (a new browser context) as not installable: this
  // test has a profile of its own.
  const context = await playwright.chromium.launchPersistentContext(
    testInfo.outputPath('profile'),
    { ...CHROMIUM_LAUNCH, baseURL },
  );
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const errors = async () =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId);
    // First, that Chromium's check sees what it should: the page with a manifest without icons
    // is refused. (Before the worker serves the page: it would answer the manifest itself.)
    await page.route('**/manifest.webmanifest', (route) =>
      route.fulfill({
        contentType: 'application/manifest+json',
        json: { name: 'PigoStream', start_url: '/index', display: 'standalone', icons: [] },
      }),
    );
    await page.goto('/');
    await expect.poll(errors, { timeout: 10_000 }).toContain('manifest-missing-suitable-icon');
    await page.unroute('**/manifest.webmanifest');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    // Chromium reads the manifest after the page loads: asked too early, it has not checked.
    await expect.poll(errors, { timeout: 10_000 }).toEqual([]);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    const answer = await page.request.get('/manifest.webmanifest');
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await answer.json()) as {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'PigoStream',
      short_name: 'PigoStream',
      description: expect.stringContaining('movies, TV shows and anime'),
      start_url: '/index',
      scope: '/',
      display: 'standalone',
      theme_color: '#0a0a0a',
      background_color: '#0a0a0a',
    });
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    // Each icon is a PNG of the size it claims; so is the Apple icon the page links.
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const icons = [...manifest.icons, { src: appleIcon ?? '', sizes: '180x180', type: '' }];
    for (const icon of icons) {
      const file = await page.request.get(icon.src);
      expect(file.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
    }
  } finally {
    await context.close();
  }
});

test('offline, a reload starts the app from its cached shell and says You are offline; Try again brings it back', async ({
  page,
  context,
}) => {
  await page.goto('/index');
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  await workerActive(page);

  await context.setOffline(true);
  await page.reload();
  await expect(offlineHeading(page)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveTitle(`${OFFLINE} · PigoStream`);
  await expect(page.getByText('Check your connection, then try again.')).toBeVisible();
  // The app's screen, not Home with whatever data: nothing of Home is there.
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toHaveCount(0);
  // The server's own addresses are never answered with the shell (in a page of its own: the
  // browser's error page would cut this page's next navigation short).
  const other = await context.newPage();
  await expect(other.goto('/pigo-stream/health')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await other.close();

  await page.goto('/index');
  await expect(offlineHeading(page)).toBeVisible({ timeout: 15_000 });
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(offlineHeading(page)).toHaveCount(0);
});

/** Every response the worker's caches hold, as its path and its body's text. */
async function cachedResponses(page: Page): Promise<{ path: string; text: string }[]> {
  return page.evaluate(async () => {
    const kept: { path: string; text: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        kept.push({ path: new URL(request.url).pathname, text: (await response?.text()) ?? '' });
      }
    }
    return kept;
  });
}

test('signed out, an offline reload shows no one: no name, no e-mail, no list, and the worker kept none of it', async ({
  browser,
}, testInfo) => {
  const user: FreshUser = await freshUser(browser, testInfo);
  try {
    const { page } = user;
    const [title] = await trendingTitles(user.request, 'movie', 1);
    if (!title) throw new Error('no trending movie');
    // Saved as the app saves it, from the app's own origin.
    const saved = await user.request.post('/pigo-stream/my-list/save-my-list', {
      headers: { origin: APP_URL },
      data: { userUID: user.uid, id: title.id, type: title.type },
    });
    expect(saved.ok()).toBe(true);
    const me = (await (await user.request.get('/pigo-stream/auth/me')).json()) as {
      displayName: string;
      email: string;
    };
    // Signed in, the pages carry the user's data (the server's first answers, the list).
    await page.goto('/index');
    await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
    await workerActive(page);
    await page.goto('/my-list');
    await expect(card(page, 'My List: Movies', title)).toBeVisible();
    const kept = await cachedResponses(page);
    expect(kept.some(({ path: file }) => file === '/index.html')).toBe(true);
    for (const { path: file, text } of kept) {
      expect(file, 'no API answer is kept').not.toMatch(/^\/pigo-stream\//);
      expect(text.includes(me.email) || text.includes(me.displayName), file).toBe(false);
    }

    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/$/);
    await user.context.setOffline(true);
    for (const url of ['/', '/my-list', '/index']) {
      await page.goto(url);
      await expect(offlineHeading(page)).toBeVisible({ timeout: 15_000 });
      const shown = await page.locator('body').innerText();
      for (const secret of [me.displayName, me.email, title.title]) {
        expect(shown, url).not.toContain(secret);
      }
    }
  } finally {
    await user.context.close();
  }
});

/** The built app the main test server serves (playwright.config.ts: PIGO_E2E_WEB_DIST or dist/). */
const WEB_DIST = process.env.PIGO_E2E_WEB_DIST ?? path.join(import.meta.dirname, '../dist');

/** The update test's own app server, serving a copy of the build it then changes. */
const UPDATE_PORT = APP_PORT + 5;
const UPDATE_URL = `http://localhost:${String(UPDATE_PORT)}`;

/** What the changed build's shell shows, outside the app's `#root`. */
const NEW_BUILD_MARK = 'Build 2 of this test';

/**
 * Starts the compiled server (as `npm run serve` does) on {@link UPDATE_PORT} over an in-memory
 * database, serving the build in `webDist`; resolves once it answers its health check.
 * @throws Error when it does not within 60 s.
 */
async function startUpdateServer(webDist: string): Promise<ChildProcess> {
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(repoRoot, 'apps/server/dist/main.js')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(UPDATE_PORT),
        DATA_DIR: 'memory://',
        WEB_DIST: webDist,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${UPDATE_URL}/pigo-stream/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) return child;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`the update test's server did not start on ${UPDATE_URL}`);
}

/**
 * Makes the build in `webDist` a new build: its shell shows {@link NEW_BUILD_MARK}, and its
 * worker's precache list gives the shell a new revision, as a rebuild would.
 * @throws Error when `sw.js` lists no revision of `index.html`.
 */
function makeNewBuild(webDist: string): void {
  const shellFile = path.join(webDist, 'index.html');
  const shell = readFileSync(shellFile, 'utf8');
  writeFileSync(shellFile, shell.replace('<body>', `<body>\n    <p>${NEW_BUILD_MARK}</p>`));
  const workerFile = path.join(webDist, 'sw.js');
  const worker = readFileSync(workerFile, 'utf8');
  const changed = worker.replace(
    /(\{url:"index\.html",revision:")([^"]+)"/,
    (_all, start: string, revision: string) => `${start}${revision}-2"`,
  );
  if (changed === worker) throw new Error('sw.js lists no revision of index.html');
  writeFileSync(workerFile, changed);
}

test("a new build's worker waits for the user: A new version is available, Reload, and the new build runs", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pigo-pwa-'));
  const webDist = path.join(dir, 'dist');
  cpSync(WEB_DIST, webDist, { recursive: true });
  const server = await startUpdateServer(webDist);
  const context = await browser.newContext({ baseURL: UPDATE_URL, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await workerActive(page);
    // From its next load on, the page is the worker's.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${UPDATE_URL}/sw.js`,
    );
    await expect(page.getByText(NEW_VERSION)).toHaveCount(0);

    makeNewBuild(webDist);
    await page.reload();
    const prompt = page.getByRole('status').filter({ hasText: NEW_VERSION });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    // Until the user says so, the old worker still serves the old build.
    await expect(page.getByText(NEW_BUILD_MARK)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    await prompt.getByRole('button', { name: 'Reload' }).click();
    // The page reloaded, from the new worker: the server itself still sends the shell it read
    // at start, so only the new worker's precache has the new one.
    await expect(page.getByText(NEW_BUILD_MARK)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(NEW_VERSION)).toHaveCount(0);
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: registration?.waiting ?? null,
          controlledByActive:
            navigator.serviceWorker.controller !== null &&
            registration?.active?.scriptURL === navigator.serviceWorker.controller.scriptURL,
        };
      }),
    ).toEqual({ waiting: null, controlledByActive: true });
  } finally {
    await context.close();
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
