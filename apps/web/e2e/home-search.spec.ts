/**
 * Home's search mode (HOME-5 in docs/requirements.md, HOME-5, VALID-6): the bottom bar toggle
 * (Search / Close) clears the text and scrolls to the top; an empty trimmed query does nothing;
 * results show in 'Search Results: Movies' and 'Search Results: Shows'; search text and mode are
 * remembered.
 */
import { expect, test } from './support/fixtures.ts';
import {
  row,
  searchInput,
  searchToggle,
  storedLocalState,
  VIEWPORTS,
} from './support/home-page.ts';

const MOVIES = 'Search Results: Movies';
const SHOWS = 'Search Results: Shows';

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('the toggle reads Search or Close, clears the text and scrolls to the top', async ({
      page,
    }) => {
      await page.goto('/index');
      await expect(page.getByRole('heading', { name: 'Trending: Shows' })).toBeVisible();
      await page.evaluate(() => {
        window.scrollTo(0, 500);
      });
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      const toggle = searchToggle(page);
      await expect(toggle).toHaveText('Search');
      await toggle.click();
      await expect(toggle).toHaveText('Close');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(searchInput(page)).toBeFocused();
      await expect(page.getByRole('heading', { name: MOVIES })).toBeVisible();
      await expect(page.getByRole('heading', { name: SHOWS })).toBeVisible();
      await expect(page.getByRole('tablist')).toHaveCount(0);

      await searchInput(page).fill('some text');
      await toggle.click();
      await expect(toggle).toHaveText('Search');
      await expect(page.getByRole('tab', { name: 'Trending' })).toBeVisible();
      await toggle.click();
      await expect(searchInput(page)).toHaveValue('');
    });

    test('results fill both sections; cards open the play page', async ({ page }) => {
      await page.goto('/index');
      await searchToggle(page).click();
      await searchInput(page).fill('  man ');
      const answer = page.waitForResponse((r) => r.url().includes('/index/search/movie?query=man'));
      await searchInput(page).press('Enter');
      await answer;
      await expect(row(page, MOVIES).getByRole('link').first()).toBeVisible();
      await expect(row(page, SHOWS).getByRole('link').first()).toBeAttached();
      await expect(searchInput(page)).toHaveValue('man');
      await row(page, MOVIES).getByRole('link').first().click();
      await expect(page).toHaveURL(/\/play\?id=\d+&type=movie$/);
    });

    test('an empty trimmed query does nothing', async ({ page }) => {
      const calls: string[] = [];
      page.on('request', (r) => {
        if (/\/index\/(search|save-search-history)/.test(r.url())) calls.push(r.url());
      });
      await page.goto('/index');
      await searchToggle(page).click();
      await searchInput(page).fill('   ');
      await searchInput(page).press('Enter');
      await page.getByRole('button', { name: 'Search', exact: true }).first().click();
      await page.waitForTimeout(500);
      expect(calls).toEqual([]);
      await expect(row(page, MOVIES).getByRole('link')).toHaveCount(0);
    });

    test('search text, mode and results are restored after a reload and a visit', async ({
      page,
    }) => {
      await page.goto('/index');
      await searchToggle(page).click();
      await searchInput(page).fill('demon');
      await searchInput(page).press('Enter');
      await expect(row(page, MOVIES).getByRole('link').first()).toBeVisible();
      await expect
        .poll(() => storedLocalState(page))
        .toMatchObject({ showSearchBar: true, triggerSearch: 'demon', searchQuery: 'demon' });

      await page.reload();
      await expect(searchToggle(page)).toHaveText('Close');
      await expect(searchInput(page)).toHaveValue('demon');
      await expect(row(page, MOVIES).getByRole('link').first()).toBeVisible();

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'My List' })
        .click();
      await expect(searchToggle(page)).toHaveText('Search');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Home' })
        .click();
      await expect(searchToggle(page)).toHaveText('Close');
      await expect(searchInput(page)).toHaveValue('demon');
    });
  });
}

test('a search with few results pads its row with still skeletons up to 6', async ({ page }) => {
  await page.goto('/index');
  const real = await page.request.get('/pigo-stream/index/search/tv?query=man');
  const body = (await real.json()) as { results: unknown[] };
  await page.route('**/pigo-stream/index/search/tv?*', (route) =>
    route.fulfill({ json: { ...body, results: body.results.slice(0, 2), total_results: 2 } }),
  );
  await searchToggle(page).click();
  await searchInput(page).fill('man');
  await searchInput(page).press('Enter');
  const shows = row(page, SHOWS).getByRole('list');
  await expect(shows.getByRole('link')).toHaveCount(2);
  await expect(shows.locator('li[aria-hidden="true"]')).toHaveCount(4);
  await expect(shows.locator('.animate-pulse')).toHaveCount(0);
  // Two cards: no scroll buttons (they need more than 3).
  await expect(
    row(page, SHOWS).getByRole('button', { name: /^Scroll /, includeHidden: true }),
  ).toHaveCount(0);
});

test('Search from another screen opens Home in search mode', async ({ page }) => {
  await page.goto('/my-list');
  await searchToggle(page).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(searchToggle(page)).toHaveText('Close');
  await expect(searchInput(page)).toBeVisible();
  await expect(searchInput(page)).toHaveValue('');
});
