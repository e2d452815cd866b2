/**
 * What the play page says when something fails (ERR-1, ERR-13 in docs/requirements.md: load errors
 * on play show an error notice; VALID-7: the media fetch needs id and type). Calls are made to fail
 * with page.route.
 */
import { expect, test } from './support/fixtures.ts';
import { openPlay, player, playUrl, section, TITLES } from './support/play-page.ts';
import { withoutFirstAnswers } from './support/first-answers.ts';

const BAD_LINK = 'This link needs a title id and a type (movie or tv).';

for (const query of ['id=abc&type=movie', 'id=155&type=anime', 'id=155', '']) {
  test(`a play link with "${query}" says what it needs`, async ({ page }) => {
    await page.goto(`/play?${query}`);
    await expect(page.getByRole('alert')).toHaveText(BAD_LINK);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  });
}

test('a failing media-info call shows an error notice; Retry loads the title', async ({ page }) => {
  await withoutFirstAnswers(page);
  await page.route('**/pigo-stream/playground/media-info?*', (route) => route.abort('failed'));
  await page.goto(playUrl(TITLES.darkKnight));
  await expect(page.getByRole('alert')).toContainText(
    'Failed to fetch data. Server is not responding.',
    { timeout: 10_000 },
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Play' })).toBeVisible();

  await page.unroute('**/pigo-stream/playground/media-info?*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('The Dark Knight');
});

test('an unknown title shows the error notice of a refused call', async ({ page }) => {
  await page.goto('/play?id=999999999&type=movie');
  await expect(page.getByRole('alert')).toContainText(
    'Unable to fetch data. Please try again later.',
  );
});

test('failing servers say so in the Servers section and the player area', async ({ page }) => {
  await page.route('**/pigo-stream/sources/servers?*', (route) => route.abort('failed'));
  await openPlay(page, TITLES.darkKnight);
  const servers = section(page, 'Servers');
  await expect(servers.getByRole('alert')).toContainText(
    'Failed to fetch data. Server is not responding.',
    { timeout: 10_000 },
  );
  await expect(player(page)).toContainText('The servers could not be loaded.');

  await page.unroute('**/pigo-stream/sources/servers?*');
  await servers.getByRole('button', { name: 'Retry' }).click();
  await expect(servers.getByRole('button', { name: 'Embed Test' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(player(page).locator('iframe')).toBeVisible();
});
