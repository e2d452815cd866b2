/**
 * Every route of spec section 2 renders its own screen, with the app frame where it belongs.
 * The app screens are for signed-in users: each test starts signed in (support/fixtures.ts).
 */
import { expect, test } from './support/fixtures.ts';

const APP_SCREENS: readonly { path: string; heading: string }[] = [
  { path: '/index', heading: 'Home' },
  { path: '/my-list', heading: 'My List' },
  { path: '/watch-history', heading: 'Watch History' },
  { path: '/play?id=603&type=movie', heading: 'Play' },
  { path: '/pigostore', heading: 'PigoStream Player' },
  { path: '/no-such-page', heading: 'Page not found' },
];

test('/ sends a verified user on to Home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
});

for (const { path, heading } of APP_SCREENS) {
  test(`${path} renders its screen with the bottom navigation`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'My List', 'Watch History']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
}

test('bottom navigation moves between screens and marks the current one', async ({ page }) => {
  await page.goto('/index');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'My List' }).click();
  await expect(page).toHaveURL(/\/my-list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My List' })).toBeVisible();
  await nav.getByRole('link', { name: 'Watch History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Watch History' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Watch History' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a play link without id or type says what is missing', async ({ page }) => {
  await page.goto('/play?type=movie');
  await expect(page.getByRole('alert')).toHaveText(
    'This link needs a title id and a type (movie or tv).',
  );
});

test('a screen whose script chunk fails to load offers a reload (ChunkLoadError)', async ({
  page,
}) => {
  await page.route(/\/assets\/my-list-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.goto('/index');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My List' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Could not load this page' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
