/**
 * Helpers that drive Home (/index) and the shared frame the way a user does (HOME-1 in
 * docs/requirements.md).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { withoutFirstAnswers } from './first-answers.ts';

/** Phone and desktop viewports every Home behaviour is checked at. */
export const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** The local storage key of the remembered UI state (DATA-14, DATA-16). */
export const LOCAL_KEY = 'PigoStream.Local';

/** A titled row (`<section>` labelled by its heading). */
export function row(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The Home hero's region, under either of its labels (PROD-2). */
export function hero(page: Page): Locator {
  return page.getByRole('region', { name: /^(Picked Just for You|#1 Most Watched)$/ });
}

/**
 * Waits for the Home hero. It may take three rounds of calls (most-watched, then watch history
 * and recommendations, then the candidates' details) when the server's page could not carry
 * their answers within its 300 ms, which on a loaded machine can take over 5 s; hence 15 s, as
 * for the app's takeover.
 */
export async function expectHero(page: Page): Promise<void> {
  await expect(hero(page)).toBeVisible({ timeout: 15_000 });
}

/** The bottom navigation. */
export function bottomNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The bottom bar's Search toggle, whatever it reads now ('Search' or 'Close'). */
export function searchToggle(page: Page): Locator {
  return bottomNav(page).getByRole('button', { name: /^(Search|Close)$/ });
}

/** The search input of search mode. */
export function searchInput(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search movies and shows' });
}

/** The 'Server is not responding' modal. */
export function serverErrorModal(page: Page): Locator {
  return page.getByRole('alertdialog', { name: 'Server is not responding' });
}

/** The sidebar drawer. */
export function drawer(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Menu' });
}

/** Opens the sidebar drawer from the header and waits for it. */
export async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = drawer(page);
  await expect(menu).toBeVisible();
  return menu;
}

/** Signs out through the sidebar drawer's Sign Out button. */
export async function signOutFromMenu(page: Page): Promise<void> {
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Sign Out' }).click();
}

/** The remembered UI state as stored (`state` of 'PigoStream.Local'), or null. */
export async function storedLocalState(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEY);
  if (!raw) return null;
  return (JSON.parse(raw) as { state: Record<string, unknown> }).state;
}

/** Seeds 'PigoStream.Local' with `state` before the app's scripts run on the next load. */
export async function seedLocalState(page: Page, state: Record<string, unknown>): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    [LOCAL_KEY, JSON.stringify({ state, version: 0 })] as const,
  );
}

/**
 * Answers every call matching `pattern` with an empty page of titles (the page then carries no
 * first answers: {@link withoutFirstAnswers}).
 */
export async function answerEmptyPage(page: Page, pattern: string): Promise<void> {
  await withoutFirstAnswers(page);
  await page.route(pattern, (route) =>
    route.fulfill({ json: { page: 1, results: [], total_pages: 0, total_results: 0 } }),
  );
}

/** Answers `/index/most-watched` with the server's empty state, `null` (nothing watched lately). */
export async function noMostWatched(page: Page): Promise<void> {
  // The hero's calls come in the page on a full load: they are asked of the server instead.
  await withoutFirstAnswers(page);
  await page.route('**/pigo-stream/index/most-watched', (route) => route.fulfill({ json: null }));
}

/**
 * Pauses the page's clock (installed with `page.clock.install()`) `leadMs` ahead of the page's
 * time, so from here it moves only with `page.clock.runFor`. When the page's time has already
 * passed that point (a busy page), Playwright refuses ("Cannot fast-forward to the past") after
 * pausing; the second try then reads the paused time and succeeds.
 */
export async function pauseClockSoon(page: Page, leadMs: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + leadMs);
      return;
    } catch (error) {
      if (attempt >= 2 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}
