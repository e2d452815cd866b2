/**
 * Drawn art (PERF-3 in docs/requirements.md): the starter catalogue's images are drawn in the page
 * in HTML and CSS, the layout the server's SVG has (`drawnArtLayout`), so a screen of posters asks
 * for no image: each poster is named by its title, fills its box, and shows the title and year.
 */
import { expect, test } from './support/fixtures.ts';
import { appReady } from './support/first-answers.ts';
import { row } from './support/home-page.ts';
import { details, openPlay, section, TITLES } from './support/play-page.ts';

test('Home and the play page draw their art in the page and ask for no image file', async ({
  page,
}) => {
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/pigo-stream/images/')) images.push(request.url());
  });
  await page.goto('/index');
  // The poster is measured below: the app's, not the server's page it replaces.
  await appReady(page);
  const first = row(page, 'Trending: Movies').getByRole('link').first();
  const poster = first.getByRole('img');
  await expect(poster).toHaveAttribute('data-art', 'poster');
  const name = (await poster.getAttribute('aria-label')) ?? '';
  expect(name.length).toBeGreaterThan(0);
  // The title is written on the art, and the art fills the card's 160x240 box.
  await expect(poster.locator('[data-name]')).toHaveAttribute(
    'data-name',
    new RegExp(`^${(name.split(' ')[0] ?? name).replace(/[^\w]/g, '.')}`),
  );
  const box = await poster.boundingBox();
  expect([box?.width, box?.height]).toEqual([160, 240]);
  await expect(page.getByTestId('hero-backdrop')).toHaveAttribute('data-art', 'backdrop');
  // A generated backdrop carries no name or year behind the hero's own text (UI-5).
  await expect(page.getByTestId('hero-backdrop').locator('[data-name], [data-year]')).toHaveCount(
    0,
  );

  await openPlay(page, TITLES.darkKnight);
  const detailsPoster = details(page).getByRole('img', { name: 'The Dark Knight' });
  await expect(detailsPoster.locator('[data-name]')).toHaveAttribute(
    'data-name',
    'The Dark\nKnight',
  );
  await expect(detailsPoster.locator('[data-year]')).toHaveAttribute('data-year', '2008');
  // Written as generated content: the title is the image's name, not the card's text.
  await expect(detailsPoster).toHaveText('');
  // Cast photos are drawn too, hidden from assistive technology beside the member's name.
  await expect(section(page, 'Cast').locator('[data-art="profile"]').first()).toBeVisible();
  expect(images).toEqual([]);
});
