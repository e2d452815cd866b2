/**
 * Watched episodes (PROG-4 in docs/requirements.md): 'Mark season as watched' marks the strip and
 * the show's progress, finishing an episode moves Up Next to the next one, New Episodes (Home's
 * row, the page by day, the menu's badge) and the anime episode grid's marks.
 */
import { expect, test } from './support/fixtures.ts';
import { freshUser } from './support/library-page.ts';
import { AIRING_EPISODES, AIRING_SHOW, dayFrom } from '../../../tools/airing-show.ts';
import { openPlay, section } from './support/play-page.ts';
import { sameOrigin } from './support/same-origin.ts';

/** A starter-catalogue show whose first season has aired in full. */
const BREAKING_BAD = { id: 1396, type: 'tv', title: 'Breaking Bad' } as const;

test("marking a season watched marks its episodes on the strip; the show's progress shows", async ({
  browser,
}, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  // One episode played part-way through the API, as the video would have saved it.
  const me = (await (await page.request.get('/pigo-stream/auth/me')).json()) as { uid: string };
  const saved = await page.request.post('/pigo-stream/progress/save-progress', {
    headers: sameOrigin(page),
    data: {
      userUID: me.uid,
      id: BREAKING_BAD.id,
      type: 'tv',
      season: 1,
      episode: 3,
      position: 600,
      duration: 2800,
    },
  });
  expect(saved.status()).toBe(200);

  await openPlay(page, BREAKING_BAD);
  const strip = section(page, 'Episodes');
  const cards = strip.locator('[data-episode]');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  await expect(strip.getByText('Watched', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/^Your progress: S1 E3 · 0 of \d+$/)).toBeVisible();

  await page.getByRole('button', { name: 'Mark season as watched' }).click();
  await expect(strip.getByText('Watched', { exact: true })).toHaveCount(count);
  await expect(
    page.getByText(new RegExp(`^Your progress: S1 E3 · ${String(count)} of \\d+$`)),
  ).toBeVisible();
  // Kept on the server: a reload shows the same marks.
  await page.reload();
  await expect(strip.getByText('Watched', { exact: true })).toHaveCount(count);

  await page.getByRole('button', { name: 'Unmark season' }).click();
  await expect(strip.getByText('Watched', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark season as watched' })).toBeVisible();
  await user.context.close();
});

test('finishing an episode moves Up Next to the following one, which its card opens', async ({
  browser,
}, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  const me = (await (await page.request.get('/pigo-stream/auth/me')).json()) as { uid: string };
  const finish = async (episode: number) => {
    const res = await page.request.post('/pigo-stream/progress/save-progress', {
      headers: sameOrigin(page),
      data: {
        userUID: me.uid,
        id: BREAKING_BAD.id,
        type: 'tv',
        season: 1,
        episode,
        position: 2800,
        duration: 2800,
      },
    });
    expect(res.status()).toBe(200);
  };
  const upNext = page.getByRole('region', { name: 'Up Next' });

  await page.goto('/index');
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  await expect(upNext).toHaveCount(0);

  await finish(1);
  await page.reload();
  const card = upNext.getByRole('link', { name: /Breaking Bad/ });
  await expect(card).toContainText('S1 E2 ·');
  await finish(2);
  await page.reload();
  await expect(card).toContainText('S1 E3 ·');

  await card.click();
  await expect(page).toHaveURL(/\/play\?id=1396&type=tv$/);
  await expect(section(page, 'Episodes').locator('[data-episode="3"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await user.context.close();
});

test("New Episodes: Home's row and the page by day, the sidebar's badge until the aired one is watched", async ({
  browser,
}, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  const me = (await (await page.request.get('/pigo-stream/auth/me')).json()) as { uid: string };
  const [aired, coming] = AIRING_EPISODES.seasonTwo;
  const menu = page.getByRole('button', { name: /^Open menu/ });

  // Not one of the user's shows yet: no row, no badge.
  await page.goto('/index');
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'New Episodes' })).toHaveCount(0);
  await expect(menu).toHaveAccessibleName('Open menu');

  const added = await page.request.post('/pigo-stream/my-list/save-my-list', {
    headers: sameOrigin(page),
    data: { userUID: me.uid, id: AIRING_SHOW.id, type: 'tv' },
  });
  expect(added.status()).toBe(200);
  await page.reload();
  const row = page.getByRole('region', { name: 'New Episodes' });
  const cards = row.getByRole('link');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(`S2 E1 · ${aired.name}`);
  await expect(cards.nth(0)).toContainText(`Aired ${dayFrom(aired.offsetDays)}`);
  await expect(cards.nth(1)).toContainText(`S2 E2 · ${coming.name}`);
  await expect(cards.nth(1)).toContainText(`Airs ${dayFrom(coming.offsetDays)}`);
  // The aired, unwatched episode is counted on the menu button and in the sidebar.
  await expect(menu).toHaveAccessibleName('Open menu (1 new episode)');
  await menu.click();
  const entry = page.getByRole('dialog').getByRole('link', { name: /^New Episodes/ });
  await expect(entry).toHaveAccessibleName('New Episodes 1 new');
  await entry.click();

  await expect(page).toHaveURL(/\/new-episodes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Episodes' })).toBeVisible();
  // One section per day, the aired one first: 'New' until watched, the coming one 'Coming'.
  const days = page.getByRole('main').getByRole('region');
  await expect(days).toHaveCount(2);
  const first = days.nth(0);
  await expect(first.getByRole('link')).toContainText(`S2 E1 · ${aired.name}`);
  await expect(first.getByRole('link')).toContainText('New');
  await expect(days.nth(1).getByRole('link')).toContainText('Coming');

  // The aired episode's card opens it; once watched, it says so and the badge goes.
  await first.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/play\\?id=${String(AIRING_SHOW.id)}&type=tv$`));
  await expect(section(page, 'Episodes').locator('[data-episode="1"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const saved = await page.request.post('/pigo-stream/progress/save-progress', {
    headers: sameOrigin(page),
    data: {
      userUID: me.uid,
      id: AIRING_SHOW.id,
      type: 'tv',
      season: 2,
      episode: 1,
      position: 1800,
      duration: 1800,
    },
  });
  expect(saved.status()).toBe(200);
  await page.goto('/new-episodes');
  await expect(first.getByRole('link')).toContainText('Watched');
  await expect(menu).toHaveAccessibleName('Open menu');
  await user.context.close();
});

test('the anime episode grid marks the episodes watched', async ({ browser }, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  const me = (await (await page.request.get('/pigo-stream/auth/me')).json()) as { uid: string };
  // Naruto (TMDB tv 46260) opens in the anime view; its servers are asked for season 1.
  for (const episode of [2, 3]) {
    const saved = await page.request.post('/pigo-stream/progress/save-progress', {
      headers: sameOrigin(page),
      data: {
        userUID: me.uid,
        id: 46260,
        type: 'tv',
        season: 1,
        episode,
        position: 1400,
        duration: 1400,
      },
    });
    expect(saved.status()).toBe(200);
  }
  await page.goto('/play?id=46260&type=tv');
  const grid = page.getByRole('region', { name: 'Episodes' });
  await expect(grid.getByRole('button', { name: 'Episode 2, watched' })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'Episode 3, watched' })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'Episode 1', exact: true })).toBeVisible();
  await expect(grid.locator('[data-watched]')).toHaveCount(2);
  await user.context.close();
});
