/**
 * Accessibility of Home and the app frame (QUAL-4 in docs/requirements.md): axe-core finds no
 * serious or critical violation on the Trending and Providers tabs, in search mode with results,
 * with the sidebar drawer open, with the 'Server is not responding' modal, and on the not-found
 * screen; the drawer and the modal keep the focus inside, the drawer returns it on close, and every
 * Home control is reachable with Tab.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import {
  bottomNav,
  drawer,
  openMenu,
  row,
  searchInput,
  searchToggle,
  serverErrorModal,
  VIEWPORTS,
} from './support/home-page.ts';
import { appReady, withoutFirstAnswers } from './support/first-answers.ts';

/** Opens Home and waits until the Trending rows have titles. */
async function openHome(page: Page): Promise<void> {
  await page.goto('/index');
  await expect(row(page, 'Trending: Movies').getByRole('link').first()).toBeAttached();
  await expect(row(page, 'Trending: Shows').getByRole('link').first()).toBeAttached();
  await appReady(page);
}

/** A short description of the focused element: its role or tag and its accessible text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '';
    const name = el.getAttribute('aria-label') ?? el.textContent.trim();
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()}:${name}`;
  });
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('Trending tab', async ({ page }) => {
      await openHome(page);
      await expectNoSeriousA11yViolations(page);
    });

    test('Providers tab', async ({ page }) => {
      await openHome(page);
      await page.getByRole('tab', { name: 'Providers' }).click();
      await expect(
        page.getByRole('heading', { name: 'Browse by Streaming Platform' }),
      ).toBeVisible();
      await expect(row(page, 'Netflix: Movies').getByRole('link').first()).toBeAttached();
      await expectNoSeriousA11yViolations(page);
    });

    test('search mode with results', async ({ page }) => {
      await openHome(page);
      await searchToggle(page).click();
      await searchInput(page).fill('matrix');
      await searchInput(page).press('Enter');
      await expect(row(page, 'Search Results: Movies').getByRole('link').first()).toBeAttached();
      await expectNoSeriousA11yViolations(page);
    });

    test('sidebar drawer open', async ({ page }) => {
      await openHome(page);
      await openMenu(page);
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('the server error modal', async ({ page }) => {
  await withoutFirstAnswers(page);
  await page.route('**/pigo-stream/providers', (route) =>
    route.fulfill({ status: 500, json: { error: 'boom' } }),
  );
  await page.goto('/index');
  const modal = serverErrorModal(page);
  await expect(modal).toBeVisible({ timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
});

test('the not-found screen in the app frame', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the sidebar drawer traps the focus both ways and returns it on close', async ({ page }) => {
  await openHome(page);
  const opener = page.getByRole('button', { name: 'Open menu' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const menu = drawer(page);
  await expect(menu).toBeVisible();
  const inside = () => menu.evaluate((el) => el.contains(document.activeElement));
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await inside()).toBe(true);
  }
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the server error modal keeps the focus out of the page behind it', async ({ page }) => {
  await withoutFirstAnswers(page);
  await page.route('**/pigo-stream/providers', (route) =>
    route.fulfill({ status: 500, json: { error: 'boom' } }),
  );
  await page.goto('/index');
  const modal = serverErrorModal(page);
  await expect(modal).toBeVisible({ timeout: 10_000 });
  const retry = modal.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeFocused();
  // A native modal dialog makes the page behind it inert: Tab may step out to the browser's
  // own controls (no element focused), never to a control of the page.
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    const where = await modal.evaluate((el) => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'none';
      return el.contains(active) ? 'modal' : `page: ${active.outerHTML.slice(0, 80)}`;
    });
    expect(['modal', 'none']).toContain(where);
  }
  // And Tab brings it back to Retry.
  let back = false;
  for (let i = 0; i < 3 && !back; i += 1) {
    await page.keyboard.press('Tab');
    back = await retry.evaluate((el) => el === document.activeElement);
  }
  expect(back).toBe(true);
});

test('every Home control is reachable with Tab', async ({ page }) => {
  await openHome(page);
  await page.locator('body').focus();
  const reached: string[] = [];
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    reached.push(await focused(page));
  }
  const has = (pattern: RegExp) => reached.some((r) => pattern.test(r));
  expect(has(/Open menu/)).toBe(true);
  expect(has(/^tab:.*Trending/)).toBe(true);
  // The hero opens the play page; cards of both Trending rows are links.
  expect(reached.filter((r) => r.startsWith('a:')).length).toBeGreaterThan(6);
  for (const link of ['Home', 'My List', 'Watch History']) {
    await expect(bottomNav(page).getByRole('link', { name: link })).toBeVisible();
    expect(has(new RegExp(`^a:.*${link}`))).toBe(true);
  }
  expect(has(/^button:.*Search/)).toBe(true);
  // The tabs move with the arrow keys, and the search toggle answers Enter.
  await page.getByRole('tab', { name: 'Trending' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Providers' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Providers' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await searchToggle(page).focus();
  await page.keyboard.press('Enter');
  await expect(searchInput(page)).toBeVisible();
});
