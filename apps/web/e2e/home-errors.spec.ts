/**
 * Home's 'Server is not responding' modal (HOME-6 in docs/requirements.md, ERR-9): it opens when
 * trending, providers or search fail, its Retry reloads the page; a search try is cut off after 10
 * s ('Request timed out.'); a server that stops mid-session never leaves a blank page.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import {
  bottomNav,
  pauseClockSoon,
  row,
  searchInput,
  searchToggle,
  serverErrorModal,
  VIEWPORTS,
} from './support/home-page.ts';
import { appReady, withoutFirstAnswers } from './support/first-answers.ts';

/** The API calls of `page` sent and not yet answered (their URLs), kept up to date. */
function apiCallsInFlight(page: Page): Set<string> {
  const pending = new Set<string>();
  page.on('request', (request) => {
    if (request.url().includes('/pigo-stream/')) pending.add(request.url());
  });
  const done = (request: { url: () => string }) => pending.delete(request.url());
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return pending;
}

/** Every request of the page fails as if the server had stopped (API and app files). */
async function stopServer(page: Page): Promise<void> {
  await page.route('**/*', (route) => route.abort('connectionrefused'));
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('a failing provider list opens the modal; Retry reloads the page', async ({ page }) => {
      await withoutFirstAnswers(page);
      await page.route('**/pigo-stream/providers', (route) =>
        route.fulfill({ status: 500, json: { error: 'boom' } }),
      );
      await page.goto('/index');
      const modal = serverErrorModal(page);
      await expect(modal).toBeVisible({ timeout: 10_000 });
      await expect(modal.getByRole('heading', { name: 'Server is not responding' })).toBeVisible();
      await expect(modal).toContainText('Unable to fetch data. Please try again later.');
      const retry = modal.getByRole('button', { name: 'Retry' });
      await expect(retry).toBeFocused();
      // Escape does not dismiss it: Retry is the way out.
      await page.keyboard.press('Escape');
      await expect(modal).toBeVisible();

      await page.unroute('**/pigo-stream/providers');
      const reloaded = page.waitForEvent('load');
      await retry.click();
      await reloaded;
      await expect(modal).toBeHidden();
      await expect(row(page, 'Trending: Movies').getByRole('link').first()).toBeVisible();
    });

    test('the server stopping mid-session shows the modal, never a blank page', async ({
      page,
    }) => {
      await page.goto('/index');
      await page.getByRole('tab', { name: 'Providers' }).click();
      await expect(row(page, 'Netflix: Movies').getByRole('link').first()).toBeAttached();
      await stopServer(page);
      await page.getByRole('button', { name: 'Max', exact: true }).click();
      const modal = serverErrorModal(page);
      await expect(modal).toBeVisible({ timeout: 10_000 });
      await expect(modal).toContainText('Failed to fetch data. Server is not responding.');
      await expect(modal.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(page.locator('header')).toBeAttached();

      // The server is back: Retry reloads Home with the remembered tab and provider.
      await page.unroute('**/*');
      await modal.getByRole('button', { name: 'Retry' }).click();
      await expect(row(page, 'Max: Movies').getByRole('link').first()).toBeVisible();
      await expect(modal).toBeHidden();
    });
  });
}

test('a failing provider row opens the modal', async ({ page }) => {
  await page.route('**/pigo-stream/index/media/tv/by-provider?*', (route) =>
    route.fulfill({ status: 503, json: { error: 'down' } }),
  );
  await page.goto('/index');
  const modal = serverErrorModal(page);
  await expect(modal).toBeVisible({ timeout: 10_000 });
  await expect(modal).toContainText('Failed to fetch data. Server is not responding.');
});

test('a failing search opens the modal and says so in its row', async ({ page }) => {
  await page.goto('/index');
  await page.route('**/pigo-stream/index/search/movie?*', (route) =>
    route.fulfill({ status: 500, json: { error: 'boom' } }),
  );
  await searchToggle(page).click();
  await searchInput(page).fill('dune');
  await searchInput(page).press('Enter');
  const modal = serverErrorModal(page);
  await expect(modal).toBeVisible({ timeout: 10_000 });
  await expect(row(page, 'Search Results: Movies').getByRole('alert')).toContainText(
    'Unable to fetch data. Please try again later.',
  );
});

test("a search try is cut off after 10 s: 3 tries, then 'Request timed out.'", async ({ page }) => {
  let tries = 0;
  // Playwright's clock runs the 10 s cut-offs and the 1 s waits between tries.
  await page.clock.install();
  const inFlight = apiCallsInFlight(page);
  await page.goto('/index');
  await page.route('**/pigo-stream/index/search/tv?*', () => {
    // Never answered: the app gives up on each try after 10 s.
    tries += 1;
  });
  await searchToggle(page).click();
  await searchInput(page).fill('man');
  await searchInput(page).press('Enter');
  await expect.poll(() => tries).toBe(1);
  // Every other call has its answer before the page's time is moved by hand: a call still on
  // its way (a loaded machine may have one) would meet its own 10 s cut-off in the jumps below.
  await expect(row(page, 'Search Results: Movies').getByRole('link').first()).toBeAttached();
  await expect.poll(() => [...inFlight].filter((url) => !url.includes('/search/tv?'))).toEqual([]);
  // From here the page's time moves only with the test: 0.1 s on, plus the moment since the try.
  await pauseClockSoon(page, 100);
  const modal = serverErrorModal(page);
  for (const next of [2, 3]) {
    // Not before the 10 s cut-off...
    await page.clock.runFor(9_000);
    expect(tries).toBe(next - 1);
    // ...then the next try within 13 s: 10 s, then 1 s before the next.
    let moved = 9_000;
    while (tries < next && moved < 13_000) {
      await page.clock.runFor(100);
      moved += 100;
    }
    expect(tries).toBe(next);
  }
  await expect(modal).toBeHidden();
  await page.clock.runFor(10_500);
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Request timed out.');
  await expect(row(page, 'Search Results: Shows').getByRole('alert')).toContainText(
    'Request timed out.',
  );
  expect(tries).toBe(3);
  // The movie search answered normally.
  await expect(row(page, 'Search Results: Movies').getByRole('link').first()).toBeAttached();
});

test('with the server stopped, a search or another screen shows an error, never a blank page', async ({
  page,
}) => {
  await page.goto('/index');
  await expect(row(page, 'Trending: Movies').getByRole('link').first()).toBeAttached();
  await appReady(page);
  await stopServer(page);
  await bottomNav(page).getByRole('link', { name: 'Watch History' }).click();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: /Could not load this page|Server is not responding/,
    }),
  ).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: /Reload|Retry/ })).toBeVisible();
  await expect(bottomNav(page)).toBeVisible();

  await bottomNav(page).getByRole('button', { name: 'Search' }).click();
  await expect(searchInput(page)).toBeVisible();
  await searchInput(page).fill('anything');
  await searchInput(page).press('Enter');
  await expect(serverErrorModal(page)).toBeVisible({ timeout: 10_000 });
  await expect(serverErrorModal(page).getByRole('button', { name: 'Retry' })).toBeVisible();
});
