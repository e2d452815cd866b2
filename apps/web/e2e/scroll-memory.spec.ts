/**
 * Page scroll belongs to its screen (UI-1 in docs/requirements.md): Home's remembered scroll
 * (HOME-7: "page scroll ... remembered across visits") never carries over to My List or Watch
 * History, on a full load (typed URL, reload) as on in-app navigation, and Home still gets its own
 * back.
 */
import { expect, test } from './support/fixtures.ts';
import { appReady } from './support/first-answers.ts';
import {
  bottomNav,
  expectHero,
  row,
  seedLocalState,
  storedLocalState,
  VIEWPORTS,
} from './support/home-page.ts';

/** The hero's accessible name, whichever kind it is. */

/** Home's scroll in the test, in px: further than My List or Watch History can scroll. */
const HOME_SCROLL = 400;

const SCREENS = [
  { path: '/my-list', title: 'My List' },
  { path: '/watch-history', title: 'Watch History' },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test("a full load of My List or Watch History opens at the top, not at Home's scroll", async ({
      page,
    }) => {
      await page.goto('/index');
      await expect(row(page, 'Trending: Shows').getByRole('link').first()).toBeAttached();
      // Home's scroll is saved once its content is in (until then it may restore its own).
      await expectHero(page);
      await appReady(page);
      await page.evaluate((top) => {
        window.scrollTo(0, top);
      }, HOME_SCROLL);
      await expect.poll(() => storedLocalState(page)).toMatchObject({ pageScroll: HOME_SCROLL });

      for (const { path, title } of SCREENS) {
        for (const load of ['typed URL', 'reload'] as const) {
          if (load === 'typed URL') await page.goto(path);
          else await page.reload();
          const heading = page.getByRole('heading', { level: 1, name: title });
          await expect(heading).toBeVisible();
          await expect(page.getByRole('list').first()).toHaveAttribute('aria-busy', 'false');
          expect(await page.evaluate(() => window.scrollY), `${title}, ${load}`).toBe(0);
          await expect(heading).toBeInViewport({ ratio: 1 });
        }
      }

      // Home's own scroll is still Home's, on a full load and on in-app navigation.
      await page.goto('/index');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(HOME_SCROLL);
      await bottomNav(page).getByRole('link', { name: 'Watch History' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Watch History' })).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.goBack();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(HOME_SCROLL);
    });
  });
}

test("a scroll of the user's own while Home still grows towards its remembered place stays put", async ({
  page,
}) => {
  // Further than Home can scroll: the restore waits for the page to grow (GROW_WAIT_MS, 3 s).
  await seedLocalState(page, { pageScroll: 100_000 });
  await page.goto('/index');
  await expectHero(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(HOME_SCROLL);
  const restoredAt = await page.evaluate(() => performance.now());
  // The user puts the page elsewhere without a wheel, touch or key (the scrollbar dragged, a
  // script), and then the page grows: it stays where the user put it, and that is saved.
  const grownAt = await page.evaluate((top) => {
    window.scrollTo(0, top);
    const tall = document.createElement('div');
    tall.style.height = '3000px';
    document.body.append(tall);
    return performance.now();
  }, HOME_SCROLL);
  await expect.poll(() => storedLocalState(page)).toMatchObject({ pageScroll: HOME_SCROLL });
  expect(await page.evaluate(() => window.scrollY)).toBe(HOME_SCROLL);
  // The page grew within the restore's wait (3 s), or the test would pass without its rule.
  expect(grownAt - restoredAt).toBeLessThan(2000);
});

/** The other screens, each with what shows it is in (its heading, or the play page's title). */
const OTHER_SCREENS = [
  { path: '/play?id=603&type=movie', ready: 'The Matrix' },
  { path: '/new-episodes', ready: 'New Episodes' },
  { path: '/import-export', ready: 'Import & export' },
  { path: '/pigostore', ready: 'PigoStream Player' },
  { path: '/no-such-page', ready: 'Page not found' },
] as const;

test("every other screen opens at its top after Home's scroll, on a full load and in the app", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scrolledHome = async () => {
    await page.goto('/index');
    await expectHero(page);
    await appReady(page);
    await page.evaluate((top) => {
      window.scrollTo(0, top);
    }, HOME_SCROLL);
    await expect.poll(() => storedLocalState(page)).toMatchObject({ pageScroll: HOME_SCROLL });
  };
  const atTop = async (ready: string, how: string) => {
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY), `${ready}, ${how}`).toBe(0);
  };

  await scrolledHome();
  for (const { path, ready } of OTHER_SCREENS) {
    await page.goto(path);
    await atTop(ready, 'full load');
  }

  // In the app: a card of Home's, and the menu's entries.
  await scrolledHome();
  const card = row(page, 'Trending: Movies').getByRole('link').first();
  await card.scrollIntoViewIfNeeded();
  const title = await card.getByRole('img').first().getAttribute('alt');
  await card.click();
  await expect(page).toHaveURL(/\/play\?/);
  await atTop(title ?? '', 'from a Home card');
  for (const [entry, ready] of [
    ['New Episodes', 'New Episodes'],
    ['Import & export', 'Import & export'],
  ] as const) {
    await scrolledHome();
    await page.getByRole('button', { name: /^Open menu/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: new RegExp(`^${entry}`) })
      .click();
    await atTop(ready, 'from the menu');
  }
});

test('Home comes back at its scroll when its page grows after the restore (UI-1)', async ({
  page,
}) => {
  await page.goto('/index');
  await expect(row(page, 'Trending: Shows').getByRole('link').first()).toBeAttached();
  await expectHero(page);
  await appReady(page);
  await page.evaluate((top) => {
    window.scrollTo(0, top);
  }, HOME_SCROLL);
  await expect.poll(() => storedLocalState(page)).toMatchObject({ pageScroll: HOME_SCROLL });
  // On the reload, the screen's content takes no room for its first 2.5 s (as pictures or rows
  // laid out late would), so the restore first finds a page too short for it.
  await page.addInitScript(() => {
    const style = document.createElement('style');
    style.textContent = 'main > * { display: none !important; }';
    // Before the app's scripts run (deferred: after the document is parsed).
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') document.head.append(style);
    });
    setTimeout(() => {
      (window as unknown as { scrollBeforeGrowth: number }).scrollBeforeGrowth = window.scrollY;
      style.remove();
    }, 2500);
  });
  await page.reload();
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { scrollBeforeGrowth?: number }).scrollBeforeGrowth,
      ),
    )
    .toBeLessThan(HOME_SCROLL);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(HOME_SCROLL);
});
