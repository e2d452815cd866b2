/**
 * Helpers for the Watch History and My List pages (LISTS-1, LISTS-2 in docs/requirements.md,
 * LISTS-4..7): fresh signed-in accounts with a known state, list data set up through the real API,
 * and the page's parts as a user finds them.
 */
import type { TestInfo } from '@playwright/test';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import path from 'node:path';
import { createVerifiedAccount } from './accounts.ts';
import { sameOrigin } from './same-origin.ts';

/** A title as the tests save it. */
export interface Title {
  id: number;
  type: 'movie' | 'tv';
  title: string;
}

/** A fresh verified account's signed-in context, its page and its user id. */
export interface FreshUser {
  context: BrowserContext;
  page: Page;
  /** The context's request API: it shares the session cookies. */
  request: APIRequestContext;
  uid: string;
}

/**
 * Signs up and verifies a new account and opens a browser context signed in as it (with any
 * extra `options`, e.g. `hasTouch`). Close `context` at the end of the test.
 */
export async function freshUser(
  browser: Browser,
  testInfo: TestInfo,
  options: BrowserContextOptions = {},
): Promise<FreshUser> {
  const statePath = path.join(
    testInfo.outputDir,
    `.auth-fresh-${String(Date.now())}-${String(Math.random()).slice(2)}.json`,
  );
  await createVerifiedAccount(statePath, 'lib');
  const context = await browser.newContext({ ...options, storageState: statePath });
  const page = await context.newPage();
  const me = await context.request.get('/pigo-stream/auth/me');
  expect(me.ok()).toBe(true);
  const { uid } = (await me.json()) as { uid: string };
  return { context, page, request: context.request, uid };
}

/** The first `count` trending titles of `type` from the real catalogue, with their titles. */
export async function trendingTitles(
  request: APIRequestContext,
  type: 'movie' | 'tv',
  count: number,
): Promise<Title[]> {
  const response = await request.get(`/pigo-stream/index/trending/${type}`);
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as {
    results: { id: number; title?: string; name?: string }[];
  };
  expect(results.length).toBeGreaterThanOrEqual(count);
  return results
    .slice(0, count)
    .map((r) => ({ id: r.id, type, title: r.title ?? r.name ?? 'Untitled' }));
}

/** Saves `titles` in order (the last saved is the newest) to the user's Watch History. */
export async function watch(user: FreshUser, titles: readonly Title[]): Promise<void> {
  for (const { id, type } of titles) {
    const response = await user.request.post('/pigo-stream/watch-history/save-watch-history', {
      headers: sameOrigin(),
      data: { userUID: user.uid, id, type },
    });
    expect(response.ok()).toBe(true);
  }
}

/** Saves `titles` in order (the last saved is the newest) to the user's My List. */
export async function addToMyList(user: FreshUser, titles: readonly Title[]): Promise<void> {
  for (const { id, type } of titles) {
    const response = await user.request.post('/pigo-stream/my-list/save-my-list', {
      headers: sameOrigin(),
      data: { userUID: user.uid, id, type },
    });
    expect(response.ok()).toBe(true);
  }
}

/** A section of the page (`<section>` labelled by its heading), e.g. 'My List: Movies'. */
export function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The cards of a section: its links, in order. */
export function cards(page: Page, name: string): Locator {
  return section(page, name).getByRole('list').getByRole('link');
}

/** The card of `title` (its poster's alt text) in section `name`. */
export function card(page: Page, name: string, title: Title): Locator {
  return cards(page, name).filter({
    has: page.getByRole('img', { name: title.title, exact: true }),
  });
}

/** The `/play?...` links of a section's cards, in order. */
export async function cardLinks(page: Page, name: string): Promise<string[]> {
  return cards(page, name).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/** The play link of `title`, as a card points to it. */
export function playLink(title: Title): string {
  return `/play?id=${String(title.id)}&type=${title.type}`;
}

/** The removal confirm dialog. */
export function confirmDialog(page: Page): Locator {
  return page.getByRole('alertdialog');
}

/** Holds the mouse down on `target` for `ms` (default 900) ms, then lets go. */
export async function mouseLongPress(page: Page, target: Locator, ms = 900): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the card is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.down();
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

/**
 * Holds a finger on `target` for `ms` (default 900) ms, then lifts it: real touch events sent
 * through the Chrome DevTools Protocol (the context needs `hasTouch`).
 */
export async function touchLongPress(page: Page, target: Locator, ms = 900): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the card is not on screen');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 3 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
