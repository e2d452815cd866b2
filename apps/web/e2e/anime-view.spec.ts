/**
 * The anime view of the play page (ANIME-1 in docs/requirements.md; ANIME-5, ANIME-6, ANIME-7:
 * default relation, episode count, remembered relation, episode and page; VALID-8, VALID-9,
 * VALID-10: matching, relation graph, page clamping) on the starter catalogue's Naruto franchise:
 * the show Naruto (TMDB tv 46260, first aired 2002-10-03) matches AniList's Naruto (220 episodes),
 * whose graph holds six entries.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { appReady } from './support/first-answers.ts';

const NARUTO = '/play?id=46260&type=tv';

/** The franchise as the local catalogue answers it, in start-date order. */
const NARUTO_GRAPH = [
  { title: 'Naruto', date: '10/3/2002', format: 'TV' },
  {
    title: 'Naruto the Movie: Ninja Clash in the Land of Snow',
    date: '8/21/2004',
    format: 'Movie',
  },
  { title: 'Naruto Shippuden', date: '2/15/2007', format: 'TV' },
  { title: 'The Last: Naruto the Movie', date: '12/6/2014', format: 'Movie' },
  { title: 'Boruto: Naruto the Movie', date: '8/7/2015', format: 'Movie' },
  { title: 'Boruto: Naruto Next Generations', date: '4/5/2017', format: 'TV' },
];

function strip(page: Page) {
  return page.getByRole('region', { name: 'Related Anime' });
}

function cards(page: Page) {
  return strip(page).getByTestId('related-anime-card');
}

function card(page: Page, title: string) {
  return cards(page).filter({ has: page.getByText(title, { exact: true }) });
}

function episodes(page: Page) {
  return page.getByRole('region', { name: 'Episodes' });
}

function episode(page: Page, n: number) {
  return episodes(page).getByRole('button', { name: `Episode ${String(n)}`, exact: true });
}

async function expectPage(page: Page, label: string, buttons: number) {
  await expect(episodes(page).getByText(label, { exact: true })).toBeVisible();
  await expect(episodes(page).getByRole('list').getByRole('button')).toHaveCount(buttons);
}

test.describe('anime view', () => {
  test('Related Anime lists the franchise by start date, the default relation selected', async ({
    page,
  }) => {
    await page.goto(NARUTO);
    // The cards are measured below: the app's, not the server's page it replaces.
    await appReady(page);
    await expect(strip(page).getByRole('heading', { name: 'Related Anime' })).toBeVisible();
    await expect(cards(page)).toHaveCount(NARUTO_GRAPH.length);
    for (const [i, expected] of NARUTO_GRAPH.entries()) {
      const c = cards(page).nth(i);
      await expect(c.getByText(expected.title, { exact: true })).toBeVisible();
      await expect(c).toContainText(expected.date);
      await expect(c).toContainText(expected.format);
      await expect(c).toContainText(`Number ${String(i + 1)}`);
      await expect(c.locator('img')).toHaveAttribute('src', /\/pigo-stream\/images\/w500\//);
      const box = await c.boundingBox();
      expect(box?.width).toBe(160);
    }
    // Default relation: the entry starting on the release date (2002-10-03).
    await expect(cards(page).first()).toHaveAttribute('aria-pressed', 'true');
    await expect(strip(page).locator('[aria-pressed="true"]')).toHaveCount(1);

    // 220 episodes: page 1 of 5, episode 1 selected.
    await expectPage(page, 'Page: 1 - 50', 50);
    await expect(episodes(page).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(episodes(page).getByRole('button', { name: 'Next page' })).toBeEnabled();
    await expect(episode(page, 1)).toHaveAttribute('aria-pressed', 'true');
    await expect(episodes(page).locator('[aria-pressed="true"]')).toHaveCount(1);
    await expect(page.getByTestId('anime-selection')).toHaveText('Naruto · Episode 1 of 220');
  });

  test('episode pages of 50, previous/next disabled at the ends', async ({ page }) => {
    await page.goto(NARUTO);
    const next = episodes(page).getByRole('button', { name: 'Next page' });
    const previous = episodes(page).getByRole('button', { name: 'Previous page' });
    await expectPage(page, 'Page: 1 - 50', 50);
    await next.click();
    await expectPage(page, 'Page: 51 - 100', 50);
    await expect(previous).toBeEnabled();
    for (let i = 0; i < 3; i += 1) await next.click();
    await expectPage(page, 'Page: 201 - 220', 20);
    await expect(next).toBeDisabled();
    await expect(episode(page, 220)).toBeVisible();
    // Paging alone keeps the selection.
    await expect(page.getByTestId('anime-selection')).toHaveText('Naruto · Episode 1 of 220');

    await episode(page, 212).click();
    await expect(episode(page, 212)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('anime-selection')).toHaveText('Naruto · Episode 212 of 220');
    await previous.click();
    await expectPage(page, 'Page: 151 - 200', 50);
    await expect(episodes(page).locator('[aria-pressed="true"]')).toHaveCount(0);
  });

  test("switching relation restores that relation's episode and page", async ({ page }) => {
    await page.goto(NARUTO);
    const next = episodes(page).getByRole('button', { name: 'Next page' });
    await next.click();
    await episode(page, 77).click();

    const shippuden = card(page, 'Naruto Shippuden');
    await shippuden.click();
    await expect(shippuden).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page).first()).toHaveAttribute('aria-pressed', 'false');
    // A relation never chosen before: episode 1, page 0; its own 500 episodes.
    await expectPage(page, 'Page: 1 - 50', 50);
    await expect(episode(page, 1)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('anime-selection')).toHaveText(
      'Naruto Shippuden · Episode 1 of 500',
    );

    // A film: one episode, both page buttons disabled.
    await card(page, 'The Last: Naruto the Movie').click();
    await expectPage(page, 'Page: 1 - 1', 1);
    await expect(episodes(page).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(next).toBeDisabled();

    // Back to Naruto: episode 77 on page 51 - 100 again.
    await card(page, 'Naruto').click();
    await expectPage(page, 'Page: 51 - 100', 50);
    await expect(episode(page, 77)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('anime-selection')).toHaveText('Naruto · Episode 77 of 220');
  });

  test('the selected relation, episode and page are restored after a reload', async ({ page }) => {
    await page.goto(NARUTO);
    await card(page, 'Naruto Shippuden').click();
    for (let i = 0; i < 6; i += 1) {
      await episodes(page).getByRole('button', { name: 'Next page' }).click();
    }
    await expectPage(page, 'Page: 301 - 350', 50);
    await episode(page, 333).click();
    await expect(episode(page, 333)).toHaveAttribute('aria-pressed', 'true');

    // The play page asks for servers of the restored selection (onSelectionChange).
    const servers = page.waitForRequest(
      (r) => r.url().includes('/pigo-stream/sources/servers') && r.url().includes('episode=333'),
    );
    await page.reload();
    await servers;
    await expect(card(page, 'Naruto Shippuden')).toHaveAttribute('aria-pressed', 'true');
    await expectPage(page, 'Page: 301 - 350', 50);
    await expect(episode(page, 333)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('anime-selection')).toHaveText(
      'Naruto Shippuden · Episode 333 of 500',
    );
  });

  test('a stored page beyond the last is clamped; a bad stored value falls back', async ({
    page,
  }) => {
    await page.goto(NARUTO);
    await expect(cards(page)).toHaveCount(NARUTO_GRAPH.length);
    // An edited or stale 'PigoStream.Local': relation 99, page 40 of a 220-episode entry.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('PigoStream.Local') ?? '{}') as {
        state?: { remembered?: Record<string, unknown> };
      };
      const state = stored.state ?? {};
      state.remembered = {
        ...state.remembered,
        'anime:tv:46260:relation': 99,
        'anime:tv:46260:page:20': 40,
        'anime:tv:46260:episode:20': 'seven',
      };
      localStorage.setItem('PigoStream.Local', JSON.stringify({ ...stored, state }));
    });
    await page.reload();
    await expect(cards(page).first()).toHaveAttribute('aria-pressed', 'true');
    await expectPage(page, 'Page: 201 - 220', 20);
    await expect(episodes(page).getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(page.getByTestId('anime-selection')).toHaveText('Naruto · Episode 1 of 220');
  });

  test('no serious accessibility violations in the anime view', async ({ page }) => {
    await page.goto(NARUTO);
    await expect(cards(page)).toHaveCount(NARUTO_GRAPH.length);
    await expectNoSeriousA11yViolations(page, '[data-testid="anime-view"]');
  });
});
