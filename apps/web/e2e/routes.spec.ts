/**
 * Every route of ROUTE-1 in docs/requirements.md renders its own screen, with the app frame where
 * it belongs. The app screens are for signed-in users: each test starts signed in
 * (support/fixtures.ts).
 */
import type { Page } from '@playwright/test';
import { watchFailures } from './support/layout-checks.ts';
import { APP_URL } from './support/e2e-env.ts';
import { expect, test } from './support/fixtures.ts';
import { appReady } from './support/first-answers.ts';
import { expectHero, row } from './support/home-page.ts';
import { signInScreen } from './support/sign-in-page.ts';
import { builtFile } from './support/web-manifest.ts';

const APP_SCREENS: readonly { path: string; heading: string }[] = [
  { path: '/index', heading: 'Home' },
  { path: '/my-list', heading: 'My List' },
  { path: '/watch-history', heading: 'Watch History' },
  { path: '/new-episodes', heading: 'New Episodes' },
  { path: '/import-export', heading: 'Import & export' },
  { path: '/play?id=603&type=movie', heading: 'Play' },
  { path: '/pigostore', heading: 'PigoStream Player' },
  { path: '/profiles', heading: "Who's watching?" },
  { path: '/profiles/manage', heading: 'Manage profiles' },
  { path: '/no-such-page', heading: 'Page not found' },
];

test('/ sends a verified user on to Home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
});

for (const { path, heading } of APP_SCREENS) {
  test(`${path} renders its screen with the bottom navigation`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'My List', 'Watch History']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
}

test('a signed-out visit to the sign-in screen logs no error and no failed request', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const failures = watchFailures(page, APP_URL);
  await page.goto('/');
  await expect(signInScreen(page).signIn).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual([]);
  await context.close();
});

for (const { path, ready } of [
  { path: '/index', ready: 'Trending: Movies' },
  { path: '/play?id=603&type=movie', ready: 'The Matrix' },
]) {
  test(`a signed-in visit to ${path} logs no error and no failed request`, async ({ page }) => {
    const failures = watchFailures(page, APP_URL);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
  });
}

test('a signed-in Home has its first answers (rows and hero) in the page and asks the server for none of them', async ({
  page,
}) => {
  // The hero's answers come in three rounds within the page's 300 ms: a server that has not yet
  // answered any (the first test of a run, alone) misses them, and the app then asks for them
  // (docs/benchmarks.md). What is checked here is the page of a server that has served Home.
  await page.goto('/index');
  await expectHero(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/pigo-stream/')) asked.push(pathname);
  });
  await page.goto('/index');
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Trending: Movies' }).getByRole('link').first(),
  ).toBeVisible();
  // The hero too: its most-watched title, or the recommendation's calls and candidates.
  await expectHero(page);
  for (const path of [
    '/pigo-stream/auth/me',
    '/pigo-stream/index/trending/movie',
    '/pigo-stream/index/trending/tv',
    '/pigo-stream/index/most-watched',
    '/pigo-stream/recommender/user_recommendations',
  ]) {
    expect(asked).not.toContain(path);
  }
  expect(
    asked.filter((path) => /\/(index\/)?media-details$|fetch-watch-history$/.test(path)),
  ).toEqual([]);
});

test('a signed-in play page has its title and its anime lookup in the page and asks for neither', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/pigo-stream/')) asked.push(`${request.method()} ${pathname}`);
  });
  await page.goto('/play?id=603&type=movie');
  await expect(
    page.getByRole('region', { name: 'Details' }).getByRole('heading', { name: 'The Matrix' }),
  ).toBeVisible();
  // The servers are asked once the page is up: by then the page's own answers are used.
  await expect.poll(() => asked).toContain('GET /pigo-stream/sources/servers');
  for (const call of [
    'GET /pigo-stream/auth/me',
    'GET /pigo-stream/playground/media-info',
    'POST /pigo-stream/playground/anime-info',
  ]) {
    expect(asked).not.toContain(call);
  }
});

for (const { path, poster } of [
  {
    path: '/index',
    poster: (page: Page) => row(page, 'Trending: Movies').getByRole('img').first(),
  },
  {
    path: '/play?id=603&type=movie',
    poster: (page: Page) => page.getByRole('img', { name: 'The Matrix' }).first(),
  },
]) {
  test(`${path}: the first poster, drawn art, is drawn in the page; no image file is asked or preloaded`, async ({
    page,
  }) => {
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/art/poster/')) images.push(request.url());
    });
    await page.goto(path);
    // Measured once the app has taken the server's screen over (its poster replaces the page's).
    await appReady(page);
    const art = poster(page);
    await expect(art).toBeVisible();
    await expect(art).toHaveAttribute('data-art', 'poster');
    const box = await art.boundingBox();
    expect([box?.width, box?.height]).toEqual([160, 240]);
    await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(0);
    expect(images).toEqual([]);
  });
}

for (const { path, ready } of [
  { path: '/index', ready: 'Trending: Movies' },
  { path: '/play?id=603&type=movie', ready: 'Release Date' },
]) {
  test(`a signed-in full load of ${path} arrives as the screen with its data, which the app takes over without a loading mark`, async ({
    page,
  }) => {
    // The text of the app's root as the page arrived, then every text it shows as it changes.
    await page.addInitScript({
      content: `window.__shown = [];
        document.addEventListener('DOMContentLoaded', function () {
          var root = document.getElementById('root');
          window.__shown.push(root.innerText);
          new MutationObserver(function () { window.__shown.push(root.innerText); })
            .observe(root, { childList: true, subtree: true, characterData: true });
        });`,
    });
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await appReady(page);
    const shown = await page.evaluate(() => (window as unknown as { __shown: string[] }).__shown);
    // The server rendered the screen (PERF-2): it is there before any script ran, and from
    // then on no loading mark, spinner or skeleton shows.
    expect(shown[0]).toContain(ready);
    expect(shown.some((text) => /Loading title|Loading PigoStream/.test(text))).toBe(false);
    expect(shown.at(-1)).toContain(ready);
  });
}

test('bottom navigation moves between screens and marks the current one', async ({ page }) => {
  await page.goto('/index');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'My List' }).click();
  await expect(page).toHaveURL(/\/my-list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My List' })).toBeVisible();
  await nav.getByRole('link', { name: 'Watch History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Watch History' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Watch History' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a play link without id or type says what is missing', async ({ page }) => {
  await page.goto('/play?type=movie');
  await expect(page.getByRole('alert')).toHaveText(
    'This link needs a title id and a type (movie or tv).',
  );
});

test('a screen whose script chunk fails to load offers a reload (ChunkLoadError)', async ({
  page,
}) => {
  const myList = builtFile('src/app/routes/my-list.tsx');
  await page.route(`**${myList}`, (route) => route.abort('failed'));
  await page.goto('/index');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My List' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Could not load this page' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
