/**
 * Home's Trending and Providers tabs (HOME-4 in docs/requirements.md, HOME-4, HOME-11: default
 * Trending, remembered; selected provider defaults to the first, remembered; providers row scroll
 * buttons above 4).
 */
import { expect, test } from './support/fixtures.ts';
import { appReady } from './support/first-answers.ts';
import { row, storedLocalState, VIEWPORTS } from './support/home-page.ts';

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('Trending is the default tab with its two rows', async ({ page }) => {
      await page.goto('/index');
      await expect(page.getByRole('tab', { name: 'Trending' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('tab', { name: 'Providers' })).toHaveAttribute(
        'aria-selected',
        'false',
      );
      const panel = page.getByRole('tabpanel', { name: 'Trending' });
      for (const title of ['Trending: Movies', 'Trending: Shows']) {
        await expect(panel.getByRole('heading', { name: title })).toBeVisible();
        await expect(row(page, title).getByRole('link').first()).toBeAttached();
      }
    });

    test('Providers: the logo cards, the first selected, then its rows; all remembered', async ({
      page,
    }) => {
      await page.goto('/index');
      await page.getByRole('tab', { name: 'Providers' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Providers' });
      await expect(
        panel.getByRole('heading', { name: 'Browse by Streaming Platform' }),
      ).toBeVisible();
      const logos = row(page, 'Browse by Streaming Platform').getByRole('list').getByRole('button');
      await expect(logos).toHaveCount(12);
      await expect(logos.first()).toHaveAccessibleName('Netflix');
      await expect(logos.first()).toHaveAttribute('aria-pressed', 'true');
      // The starter catalogue's logos are drawn art, drawn in the card.
      await expect(logos.first().locator('[data-art="logo"] [data-name]')).toHaveAttribute(
        'data-name',
        'Netflix',
      );
      for (const title of ['Netflix: Movies', 'Netflix: Shows']) {
        await expect(row(page, title).getByRole('link').first()).toBeAttached();
      }

      const hulu = page.waitForRequest((r) =>
        r.url().includes('/index/media/movie/by-provider?provider=15&region=US'),
      );
      await panel.getByRole('button', { name: 'Hulu', exact: true }).click();
      await hulu;
      await expect(panel.getByRole('button', { name: 'Hulu', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(logos.first()).toHaveAttribute('aria-pressed', 'false');
      await expect(row(page, 'Hulu: Movies').getByRole('link').first()).toBeAttached();
      await expect(row(page, 'Hulu: Shows').getByRole('link').first()).toBeAttached();
      await expect
        .poll(() => storedLocalState(page))
        .toMatchObject({ activeGrid: 'providers', selectedProvider: 15 });

      await page.reload();
      await expect(page.getByRole('tab', { name: 'Providers' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('button', { name: 'Hulu', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(row(page, 'Hulu: Movies').getByRole('link').first()).toBeAttached();
    });

    test('the tabs work from the keyboard', async ({ page }) => {
      await page.goto('/index');
      await appReady(page);
      const trending = page.getByRole('tab', { name: 'Trending' });
      await trending.focus();
      await page.keyboard.press('ArrowRight');
      const providers = page.getByRole('tab', { name: 'Providers' });
      await expect(providers).toBeFocused();
      await expect(providers).toHaveAttribute('aria-selected', 'true');
      await expect(
        page.getByRole('heading', { name: 'Browse by Streaming Platform' }),
      ).toBeVisible();
      await page.keyboard.press('ArrowLeft');
      await expect(trending).toBeFocused();
      await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
      // A provider card is a button: Enter picks it.
      await page.keyboard.press('ArrowRight');
      await page.getByRole('button', { name: 'Max', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Max', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(row(page, 'Max: Movies')).toBeVisible();
    });
  });
}

test('desktop: the providers row scrolls 450 px per click', async ({ page }) => {
  // Narrow enough for 12 cards to scroll further than 450 px, wide enough for the buttons.
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/index');
  await page.getByRole('tab', { name: 'Providers' }).click();
  const providers = row(page, 'Browse by Streaming Platform');
  const scroller = providers.getByRole('list');
  await expect(scroller.getByRole('button')).toHaveCount(12);
  const right = providers.getByRole('button', {
    name: 'Scroll Browse by Streaming Platform right',
  });
  await expect(right).toBeVisible();
  await right.click();
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBe(450);
  await providers.getByRole('button', { name: 'Scroll Browse by Streaming Platform left' }).click();
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBe(0);
});

test('phone: the providers row has no scroll buttons', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/index');
  await page.getByRole('tab', { name: 'Providers' }).click();
  const providers = row(page, 'Browse by Streaming Platform');
  await expect(providers.getByRole('list').getByRole('button')).toHaveCount(12);
  const buttons = providers.getByRole('button', { name: /^Scroll /, includeHidden: true });
  await expect(buttons).toHaveCount(2);
  for (const button of await buttons.all()) await expect(button).toBeHidden();
});
