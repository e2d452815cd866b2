/**
 * Watch History and My List pages (LISTS-1, LISTS-2, LISTS-3 in docs/requirements.md, LISTS-4,
 * LIMIT-1..19): empty pages with their notice, full pages newest first with View More (remembered),
 * skeleton padding and scroll buttons. Each test uses a fresh account, so its lists are known.
 */
import { expect, test } from './support/client-address.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import {
  addToMyList,
  cardLinks,
  cards,
  freshUser,
  playLink,
  section,
  trendingTitles,
  watch,
} from './support/library-page.ts';

const PAGES = [
  {
    path: '/watch-history',
    title: 'Watch History',
    notice: 'Looks like you havent watched anything yet.',
  },
  { path: '/my-list', title: 'My List', notice: 'Looks like your list is empty.' },
] as const;

for (const { path, title, notice } of PAGES) {
  test(`${title}: empty lists show skeletons and the notice comes, then goes`, async ({
    browser,
  }, testInfo) => {
    const user = await freshUser(browser, testInfo);
    const { page } = user;
    // Playwright's clock runs the notice's 2 s delay and 5 s display instead of waiting them out.
    await page.clock.install();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · PigoStream`);
    for (const kind of ['Movies', 'Shows']) {
      const row = section(page, `${title}: ${kind}`);
      await expect(row.getByRole('list')).toHaveAttribute('aria-busy', 'false');
      await expect(row.getByRole('link')).toHaveCount(0);
      await expect(row.locator('li[aria-hidden="true"]')).toHaveCount(6);
      await expect(row.getByRole('button', { name: 'View More' })).toHaveCount(0);
    }
    const clearAll = page.getByRole('button', { name: 'Clear All' });
    if (title === 'Watch History') await expect(clearAll).toBeDisabled();
    else await expect(clearAll).toHaveCount(0);

    const toast = page.getByRole('status').filter({ hasText: notice });
    await page.clock.runFor(2_000);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveText(notice);
    await expectNoSeriousA11yViolations(page);
    await page.clock.runFor(5_000);
    await expect(toast).toBeHidden();
    await user.context.close();
  });
}

test('Watch History: newest first, View More adds 12 and is remembered', async ({
  browser,
}, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  const movies = await trendingTitles(user.request, 'movie', 14);
  const shows = await trendingTitles(user.request, 'tv', 2);
  await watch(user, movies);
  await watch(user, shows);

  await page.goto('/watch-history');
  const newestFirst = [...movies].reverse().map(playLink);
  await expect(cards(page, 'Watch History: Movies')).toHaveCount(12);
  expect(await cardLinks(page, 'Watch History: Movies')).toEqual(newestFirst.slice(0, 12));
  expect(await cardLinks(page, 'Watch History: Shows')).toEqual([...shows].reverse().map(playLink));

  // Shows: two cards padded with four still skeletons, no View More, no scroll buttons.
  const showRow = section(page, 'Watch History: Shows');
  await expect(showRow.locator('li[aria-hidden="true"]')).toHaveCount(4);
  await expect(showRow.getByRole('button', { name: 'View More' })).toHaveCount(0);
  await expect(showRow.getByRole('button', { name: /^Scroll / })).toHaveCount(0);

  // Movies: more than 3 cards, so scroll buttons; more than 12 titles, so View More.
  const movieRow = section(page, 'Watch History: Movies');
  await expect(
    movieRow.getByRole('button', { name: 'Scroll Watch History: Movies right' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear All' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  await movieRow.getByRole('button', { name: 'View More' }).click();
  await expect(cards(page, 'Watch History: Movies')).toHaveCount(14);
  expect(await cardLinks(page, 'Watch History: Movies')).toEqual(newestFirst);
  await expect(movieRow.getByRole('button', { name: 'View More' })).toHaveCount(0);

  await page.reload();
  await expect(cards(page, 'Watch History: Movies')).toHaveCount(14);
  await user.context.close();
});

test('Watch History: watching a title again moves it to the front', async ({
  browser,
}, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  const [first, second, third] = await trendingTitles(user.request, 'movie', 3);
  if (!first || !second || !third) throw new Error('three trending movies expected');
  await watch(user, [first, second, third]);
  await page.goto('/watch-history');
  await expect(cards(page, 'Watch History: Movies')).toHaveCount(3);
  expect(await cardLinks(page, 'Watch History: Movies')).toEqual(
    [third, second, first].map(playLink),
  );
  // Three cards: no scroll buttons (they need more than 3).
  await expect(
    section(page, 'Watch History: Movies').getByRole('button', { name: /^Scroll / }),
  ).toHaveCount(0);

  await watch(user, [first]);
  await page.reload();
  await expect
    .poll(() => cardLinks(page, 'Watch History: Movies'))
    .toEqual([first, third, second].map(playLink));
  await user.context.close();
});

test('My List: newest first with View More on shows; a card opens the play page', async ({
  browser,
}, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  const shows = await trendingTitles(user.request, 'tv', 13);
  const movies = await trendingTitles(user.request, 'movie', 1);
  await addToMyList(user, shows);
  await addToMyList(user, movies);

  await page.goto('/my-list');
  await expect(page.getByRole('heading', { level: 1, name: 'My List' })).toBeVisible();
  await expect(cards(page, 'My List: Shows')).toHaveCount(12);
  expect(await cardLinks(page, 'My List: Shows')).toEqual(
    [...shows].reverse().slice(0, 12).map(playLink),
  );
  await expect(cards(page, 'My List: Movies')).toHaveCount(1);
  await expect(
    section(page, 'My List: Movies').getByRole('button', { name: 'View More' }),
  ).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await section(page, 'My List: Shows').getByRole('button', { name: 'View More' }).click();
  await expect(cards(page, 'My List: Shows')).toHaveCount(13);
  await expect(
    section(page, 'My List: Shows').getByRole('button', { name: 'View More' }),
  ).toHaveCount(0);

  // A short click still navigates.
  await cards(page, 'My List: Movies').first().click();
  await expect(page).toHaveURL(new RegExp(`\\/play\\?id=${String(movies[0]?.id)}&type=movie$`));
  await user.context.close();
});

test('a failed load shows the error notice with Retry', async ({ browser }, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  await watch(user, await trendingTitles(user.request, 'movie', 1));
  let fail = true;
  await page.route('**/pigo-stream/watch-history/*/fetch-watch-history*', (route) =>
    fail ? route.fulfill({ status: 500, json: { error: 'boom' } }) : route.continue(),
  );
  await page.goto('/watch-history');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Unable to fetch data. Please try again later.', {
    timeout: 10_000,
  });
  await expect(section(page, 'Watch History: Movies')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  fail = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(cards(page, 'Watch History: Movies')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await user.context.close();
});
