/**
 * Home's frame and manners (HOME-1 in docs/requirements.md, DATA-16): bottom navigation with the
 * Search toggle, the page scroll remembered across visits and reloads, 360-1440 px without sideways
 * overflow, keyboard reach, lazy images.
 */
import { expect, test } from './support/fixtures.ts';
import { withTmdbImages } from './support/tmdb-images.ts';
import {
  bottomNav,
  expectHero,
  row,
  searchToggle,
  storedLocalState,
  VIEWPORTS,
} from './support/home-page.ts';
import { appReady, withoutFirstAnswers } from './support/first-answers.ts';

/** The hero's accessible name, whichever kind it is. */

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('bottom navigation: Home, My List, Watch History and the Search toggle', async ({
      page,
    }) => {
      await page.goto('/index');
      const nav = bottomNav(page);
      for (const link of ['Home', 'My List', 'Watch History']) {
        await expect(nav.getByRole('link', { name: link })).toBeVisible();
      }
      await expect(searchToggle(page)).toHaveText('Search');
      await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    });

    test('the page scroll is restored on return and after a reload', async ({ page }) => {
      await page.goto('/index');
      await expect(row(page, 'Trending: Shows').getByRole('link').first()).toBeAttached();
      await expectHero(page);
      await appReady(page);
      await page.evaluate(() => {
        window.scrollTo(0, 300);
      });
      await expect.poll(() => storedLocalState(page)).toMatchObject({ pageScroll: 300 });

      await bottomNav(page).getByRole('link', { name: 'My List' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'My List' })).toBeVisible();
      await bottomNav(page).getByRole('link', { name: 'Home' }).click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);

      await page.reload();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    });

    test("the first row's leading posters load at once, every other image lazily", async ({
      page,
    }) => {
      /** `loading` and `fetchpriority` of each poster in the row titled `title`. */
      const loadingOf = async (title: string) => {
        const images = row(page, title).locator('img');
        await expect(images.first()).toBeAttached();
        return images.evaluateAll((imgs) =>
          imgs.map(
            (img) =>
              `${String(img.getAttribute('loading'))}/${String(img.getAttribute('fetchpriority'))}`,
          ),
        );
      };
      // Real image files: drawn art is drawn in the page, with nothing to load.
      await withTmdbImages(page);
      await page.goto('/index');
      const movies = await loadingOf('Trending: Movies');
      expect(movies.slice(0, 4)).toEqual(Array(4).fill('eager/high'));
      expect(movies.slice(4).every((l) => l === 'lazy/auto')).toBe(true);
      expect((await loadingOf('Trending: Shows')).every((l) => l === 'lazy/auto')).toBe(true);

      await page.getByRole('tab', { name: 'Providers' }).click();
      const providerMovies = await loadingOf('Netflix: Movies');
      const leading = Math.min(4, providerMovies.length);
      expect(providerMovies.slice(0, leading)).toEqual(Array(leading).fill('eager/high'));
      expect(providerMovies.slice(leading).every((l) => l === 'lazy/auto')).toBe(true);
      expect((await loadingOf('Netflix: Shows')).every((l) => l === 'lazy/auto')).toBe(true);
    });
  });
}

test('a loading indicator shows while a grid loads', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await withoutFirstAnswers(page);
  await page.route('**/pigo-stream/index/trending/tv', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/index');
  const indicator = page.getByRole('progressbar', { name: 'Loading content' });
  await expect(indicator).toBeVisible();
  await expect(row(page, 'Trending: Movies').getByRole('link').first()).toBeAttached();
  await expect(indicator).toBeVisible();
  release();
  await expect(indicator).toBeHidden();
});

for (const width of [360, 390, 768, 1024, 1280, 1440]) {
  test(`no sideways overflow at ${String(width)} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/index');
    await expect(row(page, 'Trending: Movies').getByRole('link').first()).toBeAttached();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: 'Providers' }).click();
    await expect(row(page, 'Netflix: Movies').getByRole('link').first()).toBeAttached();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await searchToggle(page).click();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
}

test('everything on Home is reachable with Tab', async ({ page }) => {
  await page.goto('/index');
  await expect(row(page, 'Trending: Movies').getByRole('link').first()).toBeAttached();
  await expectHero(page);
  await appReady(page);
  const reached = new Set<string>();
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    reached.add(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (!el) return '';
        const label = el.getAttribute('aria-label') ?? el.textContent;
        return `${el.getAttribute('role') ?? el.tagName.toLowerCase()}:${label.trim()}`;
      }),
    );
  }
  const seen = [...reached].join('\n');
  expect(seen).toContain('button:Open menu');
  expect(seen).toMatch(/a:.*(Picked Just for You|#1 Most Watched)/);
  expect(seen).toContain('tab:Trending');
  expect(seen).toMatch(/a:Rating\d+\.\d(Movie|Show)/);
});
