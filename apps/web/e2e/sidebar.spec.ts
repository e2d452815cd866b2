/**
 * The sidebar drawer of the shared header (HOME-1, HOME-2 in docs/requirements.md: avatar, display
 * name, {email}, Sign Out, chat channel and source repository links, 'Follow us for updates'; DEC-7
 * in docs/decisions.md: links from configuration, hidden when unset).
 */
import { expect, test } from './support/fixtures.ts';
import { appReady } from './support/first-answers.ts';
import { CHAT_URL, SOURCE_REPOSITORY_URL } from './support/e2e-env.ts';
import { drawer, openMenu, VIEWPORTS } from './support/home-page.ts';

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('shows the user, Sign Out and the configured links', async ({ page, verifiedAccount }) => {
      await page.goto('/index');
      const menu = await openMenu(page);
      await expect(menu.getByTestId('drawer-name')).toHaveText(verifiedAccount.userName);
      await expect(menu.getByTestId('drawer-email')).toHaveText(verifiedAccount.email);
      await expect(menu.getByTestId('avatar-initial')).toHaveText(
        verifiedAccount.userName.charAt(0).toUpperCase(),
      );
      await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await expect(menu.getByText('Follow us for updates', { exact: true })).toBeVisible();
      const chat = menu.getByRole('link', { name: /^Chat channel/ });
      await expect(chat).toHaveAttribute('href', CHAT_URL);
      await expect(chat).toHaveAttribute('target', '_blank');
      await expect(chat).toHaveAttribute('rel', /noopener/);
      const source = menu.getByRole('link', { name: /^Source repository/ });
      await expect(source).toHaveAttribute('href', SOURCE_REPOSITORY_URL);
      const box = await menu.boundingBox();
      expect(box?.x).toBe(0);
      expect(box?.width).toBeLessThanOrEqual(Math.min(288, viewport.width * 0.85) + 1);
    });

    test('Escape, the close button or a click outside closes it; focus returns', async ({
      page,
    }) => {
      await page.goto('/index');
      const opener = page.getByRole('button', { name: 'Open menu' });
      let menu = await openMenu(page);
      await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(drawer(page)).toBeHidden();
      await expect(opener).toBeFocused();

      menu = await openMenu(page);
      await menu.getByRole('button', { name: 'Close menu' }).click();
      await expect(drawer(page)).toBeHidden();

      await openMenu(page);
      // The drawer listens for clicks outside from the task after it opens (Radix), which a
      // busy machine may run after the test's click: a click it did not hear is made again.
      await expect(async () => {
        await page.mouse.click(viewport.width - 20, viewport.height / 2);
        await expect(drawer(page)).toBeHidden({ timeout: 1000 });
      }).toPass({ timeout: 10_000 });
    });

    test('the menu opens from the keyboard and keeps the focus inside', async ({ page }) => {
      await page.goto('/index');
      await appReady(page);
      await page.getByRole('button', { name: 'Open menu' }).focus();
      await page.keyboard.press('Enter');
      const menu = drawer(page);
      await expect(menu).toBeVisible();
      for (let i = 0; i < 6; i += 1) {
        await page.keyboard.press('Tab');
        expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
    });
  });
}

test('unset links are hidden, and their heading with them', async ({ page }) => {
  await page.route('**/pigo-stream/app-config', (route) =>
    route.fulfill({ json: { chatUrl: null, sourceUrl: null } }),
  );
  await page.goto('/index');
  const menu = await openMenu(page);
  // No links, no heading over nothing (UI-4).
  await expect(menu.getByText('Follow us for updates', { exact: true })).toHaveCount(0);
  // Only the app's own entries: no chat or repository link.
  await expect(menu.getByRole('link')).toHaveText([
    'Manage profiles',
    'New Episodes',
    'Import & export',
    'Stremio addon',
  ]);
});

test('the sidebar is on the other app screens too', async ({ page }) => {
  await page.goto('/watch-history');
  const menu = await openMenu(page);
  await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});
