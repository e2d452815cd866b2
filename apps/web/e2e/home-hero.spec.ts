/**
 * The Home hero (PROD-2 in docs/requirements.md, HOME-8, RECO-1): '#1 Most Watched' when the server
 * has it, otherwise 'Picked Just for You' ranked from the watch history's genres; tapping opens the
 * play page; the w1280 backdrop hides in search mode or with search text.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { withoutFirstAnswers } from './support/first-answers.ts';
import { withTmdbImages } from './support/tmdb-images.ts';
import { noMostWatched, searchToggle, seedLocalState, VIEWPORTS } from './support/home-page.ts';
import { sameOrigin } from './support/same-origin.ts';

/** A details answer of the shape `/media-details` gives. */
function details(id: number, rating: number, genres: string[]) {
  return {
    id,
    media_type: 'movie',
    title: `Candidate ${String(id)}`,
    release_date: '2020-05-01',
    overview: `Overview of candidate ${String(id)}.`,
    poster_path: `/art/poster/movie-${String(id)}.svg?t=Candidate`,
    backdrop_path: `/art/backdrop/movie-${String(id)}.svg?t=Candidate`,
    vote_average: rating,
    vote_count: 10,
    popularity: 1,
    original_language: 'en',
    tagline: null,
    status: 'Released',
    imdb_id: null,
    genres: genres.map((name, i) => ({ id: i + 1, name })),
    spoken_languages: [],
    credits: { cast: [], crew: [] },
    videos: { results: [] },
  };
}

/** Candidates: 101 no match 9.0; 102 two matches 6.5; 103 below 6; 104 one match 8.0. */
const CANDIDATES: Record<number, [number, string[]]> = {
  101: [9, ['Comedy']],
  102: [6.5, ['Action', 'Drama']],
  103: [5.5, ['Action', 'Drama', 'Crime']],
  104: [8, ['drama ']],
};

/** Serves a fixed history, 25 recommendations and their details; returns what was asked. */
async function fixRecommendation(page: Page) {
  const asked = { details: [] as number[], historyUrl: '' };
  await noMostWatched(page);
  await page.route('**/pigo-stream/watch-history/*/fetch-watch-history*', (route: Route) => {
    asked.historyUrl = route.request().url();
    return route.fulfill({
      json: {
        moviesHistory: [
          {
            id: 1,
            type: 'movie',
            title: 'Seen',
            poster_path: '/p.svg',
            vote_average: 7,
            genres: [{ name: ' ACTION' }, { name: 'Drama' }],
          },
        ],
        showsHistory: [],
      },
    });
  });
  const ids = [101, 102, 103, 104, ...Array.from({ length: 21 }, (_, i) => 200 + i)];
  await page.route('**/pigo-stream/recommender/user_recommendations*', (route) =>
    route.fulfill({ json: ids.map((id) => ({ id, type: 'movie' })) }),
  );
  await page.route(/\/pigo-stream\/media-details\?/, (route) => {
    const id = Number(new URL(route.request().url()).searchParams.get('id'));
    asked.details.push(id);
    const [rating, genres] = CANDIDATES[id] ?? [7, ['Comedy']];
    return route.fulfill({ json: details(id, rating, genres) });
  });
  return asked;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('Picked Just for You: the best genre match of the first 20 candidates', async ({
      page,
    }) => {
      await page.addInitScript(() => {
        Math.random = () => 0;
      });
      const asked = await fixRecommendation(page);
      await page.goto('/index');
      const hero = page.getByRole('region', { name: 'Picked Just for You' });
      await expect(hero.getByRole('heading', { name: 'Candidate 102' })).toBeVisible();
      await expect(hero).toContainText('Picked Just for You');
      await expect(hero.getByTestId('hero-type')).toHaveText('Movie');
      await expect(hero.getByTestId('hero-year')).toHaveText('2020');
      await expect(hero.getByTestId('hero-rating')).toHaveText('6.5');
      await expect(hero).toContainText('Overview of candidate 102.');
      expect(asked.historyUrl).toMatch(/movieLimit=1&showLimit=1$/);
      expect(asked.details).toHaveLength(20);

      await hero.getByRole('link').click();
      await expect(page).toHaveURL(/\/play\?id=102&type=movie$/);
    });

    test('the seed is a random item of the ranked list', async ({ page }) => {
      await page.addInitScript(() => {
        Math.random = () => 0.999;
      });
      await fixRecommendation(page);
      await page.route('**/pigo-stream/recommender/user_recommendations*', (route) =>
        route.fulfill({ json: [101, 102, 103, 104].map((id) => ({ id, type: 'movie' })) }),
      );
      await page.goto('/index');
      // Ranked 102 (2 genres), 104 (1), 101 (0); 103 is under 6: the last is 101.
      const hero = page.getByRole('region', { name: 'Picked Just for You' });
      await expect(hero.getByRole('heading', { name: 'Candidate 101' })).toBeVisible();
    });

    test('#1 Most Watched replaces the pick when the server has one', async ({ page }) => {
      await withoutFirstAnswers(page);
      await page.route('**/pigo-stream/index/most-watched', (route) =>
        route.fulfill({ json: { id: 1399, type: 'tv' } }),
      );
      const detailsAnswer = page.waitForResponse((r) =>
        r.url().includes('/pigo-stream/index/media-details?id=1399&type=tv'),
      );
      await page.goto('/index');
      const { name: title } = (await (await detailsAnswer).json()) as { name: string };
      const hero = page.getByRole('region', { name: '#1 Most Watched' });
      await expect(hero.getByRole('heading', { level: 2 })).toHaveText(title);
      await expect(hero.getByTestId('hero-type')).toHaveText('Show');
      await expect(hero.getByTestId('hero-rating')).toHaveText(/^\d+\.\d$/);
      await expect(page.getByRole('region', { name: 'Picked Just for You' })).toHaveCount(0);
      await hero.getByRole('link').click();
      await expect(page).toHaveURL(/\/play\?id=1399&type=tv$/);
    });

    test('the w1280 backdrop hides in search mode and while there is search text', async ({
      page,
    }) => {
      // A TMDB backdrop file (the starter catalogue's is drawn art, drawn in the page).
      await withTmdbImages(page);
      await page.goto('/index');
      const backdrop = page.getByTestId('hero-backdrop');
      await expect(backdrop).toBeVisible();
      await expect(backdrop).toHaveAttribute('src', /^\/pigo-stream\/images\/w1280\//);
      // Above the fold: it loads at once, at high priority (the largest paint).
      await expect(backdrop).not.toHaveAttribute('loading', 'lazy');
      await expect(backdrop).toHaveAttribute('fetchpriority', 'high');
      await searchToggle(page).click();
      await expect(backdrop).toBeHidden();
      await searchToggle(page).click();
      await expect(backdrop).toBeVisible();
    });
  });
}

test('a failing most-watched call falls back to the pick', async ({ page }) => {
  // The app's own call must fail: once any test has watched something, the server would put
  // a most-watched answer into the page itself.
  await withoutFirstAnswers(page);
  await page.route('**/pigo-stream/index/most-watched', (route) =>
    route.fulfill({ status: 500, json: { error: 'boom' } }),
  );
  await page.goto('/index');
  await expect(page.getByRole('region', { name: 'Picked Just for You' })).toBeVisible({
    timeout: 10_000,
  });
});

test('remembered search text hides the backdrop after a reload', async ({ page }) => {
  await seedLocalState(page, { showSearchBar: false, searchQuery: 'dune', triggerSearch: '' });
  await page.goto('/index');
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: /Picked Just for You|#1 Most Watched/ }),
  ).toBeVisible();
  await expect(page.getByTestId('hero-backdrop')).toHaveCount(0);
});

test('a real watch event makes its title #1 Most Watched', async ({ page }) => {
  const me = (await (await page.request.get('/pigo-stream/auth/me')).json()) as { uid: string };
  const insert = await page.request.post('/pigo-stream/recommender/insert', {
    headers: sameOrigin(page),
    data: { user_id: me.uid, item_id: 603, item_type: 'movie', watched: true },
  });
  expect(insert.ok()).toBe(true);
  const top = (await (await page.request.get('/pigo-stream/index/most-watched')).json()) as {
    id: number;
    type: string;
  };
  const media = (await (
    await page.request.get(`/pigo-stream/index/media-details?id=${String(top.id)}&type=${top.type}`)
  ).json()) as { title?: string; name?: string };
  await page.goto('/index');
  const hero = page.getByRole('region', { name: '#1 Most Watched' });
  await expect(hero.getByRole('heading', { level: 2 })).toHaveText(media.title ?? media.name ?? '');
});
