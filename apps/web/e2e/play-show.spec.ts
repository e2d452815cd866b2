/**
 * The play page of a show (PLAY-5 in docs/requirements.md; PLAY-8, PLAY-9): Seasons and Episodes
 * strips, switching season and episode, future episodes muted and not selectable, 'New!' on the air
 * date, name tooltips, 'No servers available', and the selections restored after a reload. The
 * browser's clock is set to 2025-11-26, the day season 5 of Stranger Things began airing.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import {
  details,
  episodeCard,
  fact,
  mediaInfo,
  openPlay,
  player,
  seasonCard,
  section,
  TITLES,
} from './support/play-page.ts';

const SHOW = TITLES.strangerThings;

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date('2025-11-26T12:00:00'));
});

interface SeasonAnswer {
  episodes: { episode_number: number; name: string; air_date: string | null }[];
}

async function season(page: Page, n: number): Promise<SeasonAnswer> {
  const response = await page.request.get(
    `/pigo-stream/playground/season?id=${String(SHOW.id)}&seasonNumber=${String(n)}`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as SeasonAnswer;
}

test('a show: its facts, season 1 episode 1 chosen, no servers, then another season and episode', async ({
  page,
}) => {
  const info = await mediaInfo(page.request, SHOW);
  await openPlay(page, SHOW);

  await expect(fact(page, 'Total Episodes')).toHaveText(String(info.number_of_episodes));
  await expect(fact(page, 'Director')).toHaveText(
    (info.created_by as { name: string }[]).map((c) => c.name).join(', '),
  );
  await expect(details(page).locator('[data-fact="Runtime"]')).toHaveCount(0);
  await expect(section(page, 'Servers')).toContainText('No servers available');
  await expect(player(page)).toContainText('Nothing to play here yet.');

  const seasons = info.seasons as { season_number: number; name: string }[];
  await expect(section(page, 'Seasons').locator('[data-season]')).toHaveText(
    seasons.map((s) => s.name),
  );
  await expect(seasonCard(page, 1)).toHaveAttribute('aria-pressed', 'true');
  const one = await season(page, 1);
  await expect(section(page, 'Episodes').locator('[data-episode]')).toHaveCount(
    one.episodes.length,
  );
  await expect(episodeCard(page, 1)).toHaveAttribute('aria-pressed', 'true');

  // Season poster 240 px high; episode card 160 px wide with a 90 px high still.
  const poster = await seasonCard(page, 1).locator('[data-art]').boundingBox();
  expect(poster?.height).toBe(240);
  const card = await episodeCard(page, 1).boundingBox();
  expect(card?.width).toBe(160);
  const still = await episodeCard(page, 1).locator('[data-art]').boundingBox();
  expect(still?.height).toBe(90);

  const two = await season(page, 2);
  await seasonCard(page, 2).click();
  await expect(seasonCard(page, 2)).toHaveAttribute('aria-pressed', 'true');
  await expect(seasonCard(page, 1)).toHaveAttribute('aria-pressed', 'false');
  await expect(section(page, 'Episodes').locator('[data-episode]')).toHaveCount(
    two.episodes.length,
  );
  await expect(episodeCard(page, 1)).toContainText(two.episodes[0]?.name ?? '');
  await expect(episodeCard(page, 1)).toHaveAttribute('aria-pressed', 'true');
  await episodeCard(page, 3).click();
  await expect(episodeCard(page, 3)).toHaveAttribute('aria-pressed', 'true');
  await expect(episodeCard(page, 1)).toHaveAttribute('aria-pressed', 'false');
  await expect(section(page, 'Servers')).toContainText('No servers available');
  await expectNoSeriousA11yViolations(page);
});

test("future episodes are muted and not selectable; today's show 'New!'", async ({ page }) => {
  const five = await season(page, 5);
  await openPlay(page, SHOW);
  await seasonCard(page, 5).click();
  await expect(section(page, 'Episodes').locator('[data-episode]')).toHaveCount(
    five.episodes.length,
  );

  for (const episode of five.episodes) {
    const card = episodeCard(page, episode.episode_number);
    if (episode.air_date === '2025-11-26') {
      await expect(card.getByText('New!', { exact: true })).toBeVisible();
      await expect(card).not.toHaveAttribute('aria-disabled', 'true');
    } else {
      expect(episode.air_date && episode.air_date > '2025-11-26').toBe(true);
      await expect(card.getByText('New!', { exact: true })).toHaveCount(0);
      await expect(card).toHaveAttribute('aria-disabled', 'true');
      await expect(card).toHaveCSS('cursor', 'not-allowed');
      await expect(card).toHaveCSS('opacity', '0.5');
    }
  }

  const future = five.episodes.find((e) => (e.air_date ?? '') > '2025-11-26');
  expect(future).toBeDefined();
  // Playwright will not click an aria-disabled element on its own: force the click a user can
  // still make (in the middle of the screen, clear of the bottom bar), and see that it changes
  // nothing.
  const futureCard = episodeCard(page, future?.episode_number ?? 0);
  await futureCard.evaluate((el) => {
    el.scrollIntoView({ block: 'center', inline: 'center' });
  });
  await futureCard.click({ force: true });
  await expect(episodeCard(page, future?.episode_number ?? 0)).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(episodeCard(page, 1)).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);
});

test('season and episode names show a tooltip on hover, focus and click', async ({ page }) => {
  const one = await season(page, 1);
  await openPlay(page, SHOW);
  const tooltip = page.getByRole('tooltip');

  await episodeCard(page, 2).hover();
  await expect(tooltip).toHaveText(`2. ${one.episodes[1]?.name ?? ''}`);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);

  await seasonCard(page, 3).focus();
  await expect(tooltip).toHaveText('Season 3');
  await expect(seasonCard(page, 3)).toHaveAttribute(
    'aria-describedby',
    (await tooltip.getAttribute('id')) ?? '',
  );
  await seasonCard(page, 3).blur();
  await expect(tooltip).toHaveCount(0);

  await episodeCard(page, 4).dispatchEvent('click');
  await expect(tooltip).toHaveText(`4. ${one.episodes[3]?.name ?? ''}`);
});

test('the season, the episode of each season and the server are restored after a reload', async ({
  page,
}) => {
  await openPlay(page, SHOW);
  await episodeCard(page, 5).click();
  await expect(episodeCard(page, 5)).toHaveAttribute('aria-pressed', 'true');
  await seasonCard(page, 3).click();
  await expect(seasonCard(page, 3)).toHaveAttribute('aria-pressed', 'true');
  await episodeCard(page, 4).click();
  await expect(episodeCard(page, 4)).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(seasonCard(page, 3)).toHaveAttribute('aria-pressed', 'true');
  await expect(episodeCard(page, 4)).toHaveAttribute('aria-pressed', 'true');
  await seasonCard(page, 1).click();
  await expect(episodeCard(page, 5)).toHaveAttribute('aria-pressed', 'true');
  await seasonCard(page, 2).click();
  await expect(episodeCard(page, 1)).toHaveAttribute('aria-pressed', 'true');
});

test("on a phone the strips' first cards start in line with their headings, not at the screen's edge", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPlay(page, SHOW);
  await expect(episodeCard(page, 1)).toHaveAttribute('aria-pressed', 'true');
  for (const [name, card] of [
    ['Seasons', seasonCard(page, 1)],
    ['Episodes', episodeCard(page, 1)],
  ] as const) {
    const heading = await section(page, name).getByRole('heading', { name }).boundingBox();
    expect(heading?.x).toBe(16);
    // The strip snaps its cards into place once laid out: read where it settles.
    await expect.poll(async () => (await card.boundingBox())?.x).toBe(heading?.x);
  }
});
