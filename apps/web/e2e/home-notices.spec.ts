/**
 * Home's content notices and toasts (HOME-10 in docs/requirements.md: after 2 s, visible 5 s, word
 * for word; HOME-10, AUTH-11 Auth: the first sign-in welcome, a 5 s success toast, then deleted).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import {
  answerEmptyPage,
  pauseClockSoon,
  row,
  searchInput,
  searchToggle,
  seedLocalState,
  VIEWPORTS,
} from './support/home-page.ts';

/**
 * Holds the answers of the page's calls whose URL contains one of `parts` (one call each) until
 * the page's clock, installed with `page.clock.install()`, is paused; call the returned function
 * once the page has asked: it pauses the clock 300 ms ahead, lets the answers through and waits
 * for them. The notice's cause (the answers on screen) then comes on the paused clock, at the
 * start of the next `runFor`. (Pausing after the cause is seen would leave the page's time
 * running while a loaded machine gets there, and the notice would show "early".)
 */
async function holdUntilPaused(page: Page, parts: string[]): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = new Set<string>();
  await page.route(
    (url) => parts.some((part) => url.href.includes(part)),
    async (route) => {
      held.add(parts.find((part) => route.request().url().includes(part)) ?? '');
      await released;
      await route.fallback();
    },
  );
  const answered = Promise.all(
    parts.map((part) => page.waitForResponse((r) => r.url().includes(part))),
  );
  return async () => {
    await expect.poll(() => held.size).toBe(parts.length);
    await pauseClockSoon(page, 300);
    release();
    await answered;
  };
}

/**
 * Checks that the notice `text` keeps LIMIT-4, LIMIT-13's timing (shown 2 s after its cause, for 5
 * s) on Playwright's clock, paused by {@link holdUntilPaused} before the cause: the notice is
 * hidden 1 s on, shows within 3 s (100 ms steps: the page renders the cause in real time while the
 * clock jumps), is still shown 4.8 s after it appeared and is gone within 5.3 s.
 */
async function expectNoticeTiming(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('status').filter({ hasText: text });
  await page.clock.runFor(1_000);
  await expect(toast).toHaveCount(0);
  let moved = 1_000;
  while (moved < 3_000 && (await toast.count()) === 0) {
    await page.clock.runFor(100);
    moved += 100;
  }
  await expect(toast).toBeVisible();
  await expect(toast).toHaveText(text);
  await page.clock.runFor(4_800);
  await expect(toast).toBeVisible();
  await page.clock.runFor(500);
  await expect(toast).toBeHidden();
}

/** Home's trending rows' calls, and the Providers tab's rows' calls. */
const TRENDING = ['/index/trending/movie', '/index/trending/tv'];
const PROVIDER_ROWS = ['/index/media/movie/by-provider?', '/index/media/tv/by-provider?'];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test("'No trending content available.' when both trending rows are empty", async ({ page }) => {
      await answerEmptyPage(page, '**/pigo-stream/index/trending/*');
      await page.clock.install();
      const answer = await holdUntilPaused(page, TRENDING);
      await page.goto('/index');
      await answer();
      await expectNoticeTiming(page, 'No trending content available.');
    });

    test('\'No results found for "{query}".\' for a search without results', async ({ page }) => {
      await page.clock.install();
      await page.goto('/index');
      await searchToggle(page).click();
      await searchInput(page).fill('zzqqxxyy');
      const answer = await holdUntilPaused(page, [
        '/index/search/movie?query=zzqqxxyy',
        '/index/search/tv?query=zzqqxxyy',
      ]);
      await searchInput(page).press('Enter');
      await answer();
      await expectNoticeTiming(page, 'No results found for "zzqqxxyy".');
    });
  });
}

test("'No content found for available providers.' on an empty Providers tab", async ({ page }) => {
  await seedLocalState(page, { activeGrid: 'providers' });
  await answerEmptyPage(page, '**/pigo-stream/index/media/*/by-provider?*');
  await page.clock.install();
  const answer = await holdUntilPaused(page, PROVIDER_ROWS);
  await page.goto('/index');
  await answer();
  await expectNoticeTiming(page, 'No content found for available providers.');
});

test("'No content available from trending or providers.' when both are empty", async ({ page }) => {
  await answerEmptyPage(page, '**/pigo-stream/index/trending/*');
  await answerEmptyPage(page, '**/pigo-stream/index/media/*/by-provider?*');
  await page.clock.install();
  // The notice needs both sources' answers; the provider rows are asked for once the trending
  // rows have settled, and their answers are the cause.
  const answer = await holdUntilPaused(page, PROVIDER_ROWS);
  await page.goto('/index');
  await expect(row(page, 'Trending: Movies').getByRole('list')).toHaveAttribute(
    'aria-busy',
    'false',
  );
  await answer();
  await expectNoticeTiming(page, 'No content available from trending or providers.');
});

test('no notice while there is content', async ({ page }) => {
  await page.clock.install();
  await page.goto('/index');
  await expect(row(page, 'Trending: Movies').getByRole('link').first()).toBeAttached();
  await page.clock.runFor(2_500);
  await expect(page.getByRole('status').filter({ hasText: /No .* (available|found)/ })).toHaveCount(
    0,
  );
});

test('the first sign-in welcome shows for 5 s, then is deleted', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-welcomed')) {
      sessionStorage.setItem('e2e-welcomed', '1');
      sessionStorage.setItem(
        'PigoStream.Session',
        JSON.stringify({ state: { welcomeMessage: 'Welcome to PigoStream!' }, version: 0 }),
      );
    }
  });
  await page.goto('/index');
  const toast = page.getByRole('status').filter({ hasText: 'Welcome to PigoStream!' });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  await expect(toast).toBeHidden({ timeout: 7_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4_000);
  const stored = await page.evaluate(() => sessionStorage.getItem('PigoStream.Session'));
  expect(stored).toContain('"welcomeMessage":null');
  await page.reload();
  await expect(row(page, 'Trending: Movies').getByRole('link').first()).toBeAttached();
  await expect(page.getByRole('status').filter({ hasText: 'Welcome to PigoStream!' })).toHaveCount(
    0,
  );
});

test('a toast can be dismissed', async ({ page }) => {
  await page.addInitScript(() => {
    sessionStorage.setItem(
      'PigoStream.Session',
      JSON.stringify({ state: { welcomeMessage: 'Welcome to PigoStream!' }, version: 0 }),
    );
  });
  await page.goto('/index');
  const toast = page.getByRole('status').filter({ hasText: 'Welcome to PigoStream!' });
  await toast.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(toast).toBeHidden();
});
