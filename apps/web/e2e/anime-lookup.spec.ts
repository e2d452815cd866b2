/**
 * When the anime view shows (PLAY-7, ANIME-1 in docs/requirements.md: "If related-anime data
 * exists, the anime view replaces the movie or show view"), its strip's scroll buttons (450 px, md
 * screens and up, more than 3 cards), an anime film with its server chooser, and a failed lookup
 * (ERR-7, ERR-16: 'Fetch failed: {status}' logged, the show view instead).
 */
import { withoutFirstAnswers } from './support/first-answers.ts';
import { expect, test } from './support/fixtures.ts';

/** Attack on Titan (TMDB tv 1429): eight related entries in the starter catalogue. */
const ATTACK_ON_TITAN = '/play?id=1429&type=tv';

test.describe('Related Anime scroll buttons', () => {
  test('desktop: they move the strip sideways by 450 px', async ({ page }) => {
    await page.goto(ATTACK_ON_TITAN);
    const strip = page.getByRole('region', { name: 'Related Anime' });
    await expect(strip.getByTestId('related-anime-card')).toHaveCount(8);
    const list = strip.getByRole('list');
    const right = strip.getByRole('button', { name: 'Scroll Related Anime right' });
    const left = strip.getByRole('button', { name: 'Scroll Related Anime left' });
    await expect(right).toBeVisible();
    await expect(left).toBeVisible();
    await right.click();
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const maxLeft = await list.evaluate((el) => el.scrollWidth - el.clientWidth);
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBe(Math.min(450, maxLeft));
    await left.click();
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBe(0);
  });

  test.describe('phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('no scroll buttons; the strip scrolls by touch instead', async ({ page }) => {
      await page.goto(ATTACK_ON_TITAN);
      const strip = page.getByRole('region', { name: 'Related Anime' });
      await expect(strip.getByTestId('related-anime-card')).toHaveCount(8);
      await expect(strip.getByRole('button', { name: 'Scroll Related Anime right' })).toBeHidden();
      const overflow = await strip
        .getByRole('list')
        .evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(overflow).toBe(true);
    });
  });

  test('three cards or fewer: no scroll buttons', async ({ page }) => {
    // Jujutsu Kaisen 0 (TMDB movie 810693): the film, the first and the second season.
    await page.goto('/play?id=810693&type=movie');
    const strip = page.getByRole('region', { name: 'Related Anime' });
    await expect(strip.getByTestId('related-anime-card')).toHaveCount(3);
    await expect(strip.getByRole('button', { name: /Scroll Related Anime/ })).toHaveCount(0);
  });
});

test('an anime film: the film is the default relation, with its server chooser', async ({
  page,
}) => {
  await page.goto('/play?id=810693&type=movie');
  const cards = page
    .getByRole('region', { name: 'Related Anime' })
    .getByTestId('related-anime-card');
  await expect(cards).toHaveCount(3);
  // Sorted by start date: the TV season (2020), the film (2021), season 2 (2023).
  await expect(cards.nth(0)).toContainText('10/3/2020');
  await expect(cards.nth(1)).toContainText('JUJUTSU KAISEN 0');
  await expect(cards.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByTestId('anime-view').getByRole('button', { name: 'Embed Test' }),
  ).toBeVisible();
  await expect(page.getByText('Page: 1 - 1', { exact: true })).toBeVisible();
});

test('a title without anime data keeps the movie view', async ({ page }) => {
  // The page shows the title only once the lookup has answered (it is in the page, PERF-1).
  await page.goto('/play?id=603&type=movie');
  await expect(page.getByRole('heading', { name: 'The Matrix', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Related Anime' })).toHaveCount(0);
  await expect(page.getByTestId('anime-view')).toHaveCount(0);
});

test("a failed lookup logs 'Fetch failed: 500' and shows the show view", async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') logged.push(m.text());
  });
  // The lookup is asked of the server, not read from the page: here it fails.
  await withoutFirstAnswers(page);
  await page.route('**/pigo-stream/playground/anime-info', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
  );
  await page.goto('/play?id=46260&type=tv');
  await expect(page.getByRole('heading', { name: 'Naruto', exact: true })).toBeVisible();
  await expect(page.getByText('Total Episodes')).toBeVisible();
  await expect.poll(() => logged).toContain('Fetch failed: 500');
  await expect(page.getByTestId('anime-view')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Related Anime' })).toHaveCount(0);
});
