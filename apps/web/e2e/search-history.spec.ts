/**
 * The search history dropdown (HOME-5 in docs/requirements.md, VALID-6: a query is saved only when
 * it differs from the latest saved one; pick an entry to search it, remove an entry). Each test
 * signs up its own account, so the history starts empty.
 */
import type { Browser, Page } from '@playwright/test';
import { test as base, expect } from './support/client-address.ts';
import { createVerifiedAccount } from './support/accounts.ts';
import { row, searchInput, searchToggle, VIEWPORTS } from './support/home-page.ts';

const test = base;

/** A page signed in as a fresh account, with the saves and removals it sends. */
async function freshPage(
  browser: Browser,
  statePath: string,
  viewport: { width: number; height: number },
) {
  await createVerifiedAccount(statePath, 'searcher');
  const context = await browser.newContext({ storageState: statePath, viewport });
  const page = await context.newPage();
  const saved: string[] = [];
  const removed: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/index/save-search-history') && r.method() === 'POST') {
      saved.push((r.postDataJSON() as { searchQuery: string }).searchQuery);
    }
    if (r.url().includes('/remove-search-history/') && r.method() === 'DELETE')
      removed.push(r.url());
  });
  return { page, saved, removed, close: () => context.close() };
}

/** Types `query` and submits it; waits for its results unless they are cached already. */
async function search(page: Page, query: string, cached = false): Promise<void> {
  await searchInput(page).fill(query);
  const answer = cached
    ? Promise.resolve()
    : page.waitForResponse((r) => r.url().includes('/index/search/tv?query='));
  await searchInput(page).press('Enter');
  await answer;
}

function historyMenu(page: Page) {
  return page.getByRole('region', { name: 'Search history' });
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test('saves new queries only, lists them newest first, searches a picked one, removes one', async ({
      browser,
    }, info) => {
      const { page, saved, removed, close } = await freshPage(
        browser,
        info.outputPath('state.json'),
        viewport,
      );
      await page.goto('/index');
      await searchToggle(page).click();

      await search(page, 'demon');
      await expect.poll(() => saved).toEqual(['demon']);
      // A slow save: the same query submitted again while it is on its way is not saved twice.
      await page.route(
        '**/index/save-search-history',
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        },
        { times: 1 },
      );
      await search(page, 'man');
      // The same as the latest saved query: not saved again.
      await search(page, ' man ', true);
      await expect.poll(() => saved).toEqual(['demon', 'man']);
      await page.waitForTimeout(300);
      expect(saved).toEqual(['demon', 'man']);

      await searchInput(page).fill('');
      await searchInput(page).focus();
      const menu = historyMenu(page);
      await expect(menu.getByRole('listitem')).toHaveCount(2);
      await expect(menu.getByRole('listitem').nth(0)).toContainText('man');
      await expect(menu.getByRole('listitem').nth(1)).toContainText('demon');

      // Typing filters the entries.
      await searchInput(page).fill('de');
      await expect(menu.getByRole('listitem')).toHaveCount(1);
      await searchInput(page).fill('');

      // Pick 'demon': it is searched, and saved (it differs from the latest, 'man').
      await menu.getByRole('button', { name: 'demon', exact: true }).click();
      await expect(searchInput(page)).toHaveValue('demon');
      await expect(menu).toBeHidden();
      await expect(row(page, 'Search Results: Movies').getByRole('link').first()).toBeVisible();
      await expect.poll(() => saved).toEqual(['demon', 'man', 'demon']);

      // Remove 'man' (not the latest): it disappears and stays gone.
      await searchInput(page).fill('');
      await searchInput(page).focus();
      await expect(menu.getByRole('button', { name: 'demon', exact: true })).toBeVisible();
      await menu.getByRole('button', { name: 'Remove "man" from search history' }).click();
      await expect(menu.getByRole('button', { name: 'man', exact: true })).toHaveCount(0);
      await expect.poll(() => removed.length).toBe(1);
      await page.reload();
      await searchInput(page).focus();
      await expect(
        historyMenu(page).getByRole('button', { name: 'demon', exact: true }),
      ).toBeVisible();
      await expect(historyMenu(page).getByRole('button', { name: 'man', exact: true })).toHaveCount(
        0,
      );
      await close();
    });
  });
}

test('the dropdown works from the keyboard', async ({ browser }, info) => {
  const { page, close } = await freshPage(browser, info.outputPath('state.json'), {
    width: 1280,
    height: 800,
  });
  await page.goto('/index');
  await searchToggle(page).click();
  // The dropdown lists what the server has saved: the save is waited for (a loaded machine
  // answered the search first, and the list came without it).
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/index/save-search-history') && r.request().method() === 'POST',
  );
  await search(page, 'chainsaw');
  await saved;
  await searchInput(page).fill('');
  await searchInput(page).focus();
  const entry = historyMenu(page).getByRole('button', { name: 'chainsaw', exact: true });
  await expect(entry).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(entry).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(searchInput(page)).toBeFocused();
  await expect(historyMenu(page)).toBeHidden();
  // ArrowDown opens it again, then moves into it.
  await page.keyboard.press('ArrowDown');
  await expect(historyMenu(page)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(entry).toBeFocused();
  await searchInput(page).fill('cha');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(searchInput(page)).toHaveValue('chainsaw');
  await close();
});
