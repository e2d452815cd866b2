/**
 * Image sizes (LIVE-5 in docs/requirements.md; API-IMG-1): each `<img>` keeps its API-IMG-1 size as
 * `src` and offers TMDB's sizes in a `srcset`, with `sizes` and `width`/`height` giving its box, so
 * the browser loads the size the box needs at the screen's density (the image it actually loads is
 * `img.currentSrc`): a 160 px poster is w342 on a 2x phone and w185 on a 1x desktop. The starter
 * catalogue's images are drawn art, which the app draws in the page (no image at all); these tests
 * give the page TMDB image paths instead (support/tmdb-images.ts).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { row } from './support/home-page.ts';
import { withTmdbImages } from './support/tmdb-images.ts';
import {
  details,
  episodeCard,
  openPlay,
  section,
  seasonCard,
  TITLES,
} from './support/play-page.ts';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } as const;

/** The `srcset` widths of a poster (TMDB's poster sizes from w185 to w780). */
const POSTER_WIDTHS = [185, 342, 500, 780];

/** `/pigo-stream/images/{size}/...` -> `size`. */
function sizeOf(url: string): string {
  return /\/pigo-stream\/images\/([^/]+)\//.exec(url)?.[1] ?? `no size in ${url}`;
}

/** The `srcset` of `img` as [size in the URL, declared width] pairs. */
async function candidates(img: Locator): Promise<[string, number][]> {
  const srcset = (await img.getAttribute('srcset')) ?? '';
  return srcset.split(', ').map((candidate) => {
    const [url = '', width = ''] = candidate.split(' ');
    return [sizeOf(url), Number(width.replace(/w$/, ''))];
  });
}

/** The size of the image `img` loaded, once it has loaded with real pixels. */
async function loadedSize(img: Locator): Promise<string> {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return sizeOf(await img.evaluate((el: HTMLImageElement) => el.currentSrc));
}

/** Sizes of the title posters `page` requested from now on. */
function posterRequests(page: Page): string[] {
  const sizes: string[] = [];
  page.on('request', (request) => {
    if (/\/pigo-stream\/images\/[^/]+\/tmdb-poster-/.test(request.url())) {
      sizes.push(sizeOf(request.url()));
    }
  });
  return sizes;
}

test.beforeEach(async ({ page }, testInfo) => {
  await withTmdbImages(page, {
    hostFails: testInfo.titlePath.includes('an image host that fails'),
  });
});

test.describe('a 2x phone', () => {
  test.use(PHONE);

  test('Home: a card poster offers TMDB poster sizes, keeps its box, and loads w342', async ({
    page,
  }) => {
    const requested = posterRequests(page);
    await page.goto('/index');
    const movies = row(page, 'Trending: Movies');
    const poster = movies.getByRole('link').first().locator('img');
    await expect(poster).toHaveAttribute('src', /^\/pigo-stream\/images\/w500\/tmdb-poster-/);
    expect(await candidates(poster)).toEqual(POSTER_WIDTHS.map((w) => [`w${String(w)}`, w]));
    await expect(poster).toHaveAttribute('sizes', '160px');
    await expect(poster).toHaveAttribute('width', '160');
    await expect(poster).toHaveAttribute('height', '240');
    expect(await loadedSize(poster)).toBe('w342');
    // Every size the srcset offers is one the server sends on to the image host.
    const srcset = (await poster.getAttribute('srcset')) ?? '';
    for (const candidate of srcset.split(', ')) {
      const url = candidate.split(' ')[0] ?? '';
      const answer = await page.request.get(url, { maxRedirects: 0 });
      expect(answer.status(), url).toBe(301);
      expect(answer.headers().location, url).toBe(
        `https://image.tmdb.org/t/p/${sizeOf(url)}/${url.split('/').pop() ?? ''}`,
      );
    }
    // A card past the first screenful still waits until it is near.
    await expect(movies.getByRole('link').last().locator('img')).toHaveAttribute('loading', 'lazy');
    // The w500 fallback is never fetched beside the chosen size.
    expect(requested.length).toBeGreaterThan(0);
    expect(new Set(requested)).toEqual(new Set(['w342']));

    const hero = page.getByTestId('hero-backdrop');
    await expect(hero).toHaveAttribute('src', /^\/pigo-stream\/images\/w1280\//);
    expect((await candidates(hero)).map(([size]) => size)).toEqual(['w300', 'w780', 'w1280']);
    // 22rem high, the 16:9 backdrop covers 626 css px: 1252 device px.
    expect(await loadedSize(hero)).toBe('w1280');
  });

  test('play page: poster, season, episode, cast and backdrop load the size their box needs', async ({
    page,
  }) => {
    await openPlay(page, TITLES.strangerThings);
    const poster = details(page).locator('img');
    await expect(poster).toHaveAttribute('src', /^\/pigo-stream\/images\/w500\//);
    await expect(poster).toHaveAttribute('sizes', '160px');
    expect(await loadedSize(poster)).toBe('w342');

    const season = seasonCard(page, 1).locator('img');
    await expect(season).toHaveAttribute('src', /^\/pigo-stream\/images\/w185\//);
    expect(await candidates(season)).toEqual(POSTER_WIDTHS.map((w) => [`w${String(w)}`, w]));
    await expect(season).toHaveAttribute('loading', 'lazy');
    expect(await loadedSize(season)).toBe('w342');

    const still = episodeCard(page, 1).locator('img');
    await expect(still).toHaveAttribute('src', /^\/pigo-stream\/images\/w185\//);
    expect(await candidates(still)).toEqual([
      ['w185', 185],
      ['w300', 300],
    ]);
    await expect(still).toHaveAttribute('width', '160');
    await expect(still).toHaveAttribute('height', '90');
    expect(await loadedSize(still)).toBe('w300');

    const photo = section(page, 'Cast').locator('img').first();
    await expect(photo).toHaveAttribute('src', /^\/pigo-stream\/images\/w185\//);
    await expect(photo).toHaveAttribute('width', '56');
    expect(await loadedSize(photo)).toBe('w185');

    const backdrop = page.getByTestId('play-backdrop');
    await expect(backdrop).toHaveAttribute('src', /^\/pigo-stream\/images\/original\//);
    // Blurred under the page: as wide as the screen (780 device px), not the original.
    expect(await loadedSize(backdrop)).toBe('w780');
  });
});

test.describe('a 1x desktop', () => {
  test.use(DESKTOP);

  test('Home: a card poster loads w185, the hero w1280', async ({ page }) => {
    const requested = posterRequests(page);
    await page.goto('/index');
    const poster = row(page, 'Trending: Movies').getByRole('link').first().locator('img');
    expect(await loadedSize(poster)).toBe('w185');
    expect(new Set(requested)).toEqual(new Set(['w185']));
    expect(await loadedSize(page.getByTestId('hero-backdrop'))).toBe('w1280');
  });
});

test.describe('an image host that fails', () => {
  test.use(DESKTOP);

  test('a card whose poster cannot be loaded shows its title instead of a broken image', async ({
    page,
  }) => {
    await page.goto('/index');
    const trending = (await (
      await page.request.get('/pigo-stream/index/trending/movie')
    ).json()) as { results: { title: string }[] };
    const card = row(page, 'Trending: Movies').getByRole('link').first();
    await expect(card.locator('img')).toHaveCount(0);
    await expect(card).toContainText(trending.results[0]?.title ?? 'a title');
  });
});
