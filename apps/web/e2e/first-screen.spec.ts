/**
 * The first screen rendered by the server (PERF-2 in docs/requirements.md;
 * apps/server/src/modules/web/ first-screen.ts, apps/web/src/entry-server.tsx): a signed-in full
 * load of Home or a play page shows the screen with its data before any of the app's scripts run,
 * inert until the app takes it over with the same screen.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { appReady } from './support/first-answers.ts';
import { drawer, row } from './support/home-page.ts';

/** Home's hero region, whichever title it shows. */
const HERO = /Picked Just for You|#1 Most Watched/;

/** Blocks the app's own scripts: what shows is the page as the server sent it. */
async function withoutAppScripts(page: Page): Promise<void> {
  await page.route('**/assets/*.js', (route) => route.abort());
}

/**
 * Opens Home until the page the server sent carries the hero: the server waits at most 300 ms
 * for the hero's calls (first-answers.ts), which a busy or cold server can miss, and then
 * leaves the hero to the app.
 */
async function openHomeWithHero(page: Page): Promise<void> {
  await expect(async () => {
    await page.goto('/index');
    await expect(page.getByRole('region', { name: HERO })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

// A phone, as its browser says it is (the server renders a phone's share of each row).
test.use({
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
});

test("Home shows from the server's page alone: the hero, the rows with their posters, the tabs, the title; its links work when the app cannot load", async ({
  page,
}) => {
  await withoutAppScripts(page);
  await openHomeWithHero(page);
  await expect(page).toHaveTitle('Home · PigoStream');
  await expect(page.getByRole('region', { name: HERO })).toBeVisible();
  const movies = row(page, 'Trending: Movies').getByRole('link');
  await expect(movies.first()).toBeVisible();
  // A phone's share of cards: the server renders for the screen the browser says it has.
  expect(await movies.count()).toBeLessThanOrEqual(6);
  await expect(row(page, 'Trending: Shows').getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Trending' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The app's scripts failed: the screen is no longer inert, so its links work as links.
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  await movies.first().click();
  await expect(page).toHaveURL(/\/play\?id=\d+&type=movie/);
});

test("a play page shows from the server's page alone: the title, its details and the way back", async ({
  page,
}) => {
  await withoutAppScripts(page);
  await page.goto('/play?id=603&type=movie');
  await expect(page).toHaveTitle('The Matrix · PigoStream');
  await expect(
    page.getByRole('region', { name: 'Details' }).getByRole('heading', { name: 'The Matrix' }),
  ).toBeVisible();
  await expect(page.getByText('Release Date').first()).toBeVisible();
});

test('the app takes the page over with the same screen: the same hero, headings and rows, then works', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The screen as the server sent it, read before the app's scripts are let through.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    // A request of a page left for the next try has gone with it.
    await route.continue().catch(() => undefined);
  });
  await openHomeWithHero(page);
  const hero = page.getByRole('region', { name: HERO }).getByRole('heading').first();
  await expect(hero).toBeVisible();
  const served = {
    hero: await hero.innerText(),
    headings: await page.getByRole('heading').allInnerTexts(),
  };
  // Inert until the app takes it over: a tap does nothing rather than half of something.
  await expect(page.locator('#root > [inert]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Open menu' }).click({ force: true });
  await expect(drawer(page)).toHaveCount(0);

  release();
  await appReady(page);
  // Before importing the app, the page's script preloaded each of the screen's modules, one a
  // task (PERF-6), so none of them waited on the app's own imports.
  const preloads = await page.evaluate(() => ({
    listed: (document.getElementById('root')?.dataset.modules ?? '').split(' ').filter(Boolean),
    linked: [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    ),
  }));
  expect(preloads.listed.length).toBeGreaterThan(1);
  // (The app's later screens add preloads of their own after these.)
  expect(preloads.linked.slice(0, preloads.listed.length)).toEqual(preloads.listed);
  expect(await hero.innerText()).toBe(served.hero);
  expect(await page.getByRole('heading').allInnerTexts()).toEqual(served.headings);
  // The app's own: the menu opens, and a card leads to its play page without a page load.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toHaveCount(0);
  const marker = await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 19;
    return 19;
  });
  await row(page, 'Trending: Movies').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/play\?id=\d+&type=movie/);
  await expect(page.getByRole('heading', { level: 1, name: /^Play: / })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(marker);
  expect(errors).toEqual([]);
});
