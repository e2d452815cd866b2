/**
 * Helpers for the household's profile screens (PROFILE-1..8 in docs/requirements.md): an account
 * of its own with its profiles made through the real API, and the screens' parts as a user finds
 * them.
 */
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import type { Profile, Profiles } from '@pigostream/contracts';
import { createVerifiedAccount, type Account } from './accounts.ts';
import { newClientAddress } from './client-address.ts';
import { sameOrigin } from './same-origin.ts';

/** A fresh verified account, a browser context signed in as it, and its user id. */
export interface Household {
  account: Account;
  context: BrowserContext;
  page: Page;
  /** The context's request API: it shares the session cookies (and the session's profile). */
  request: APIRequestContext;
  uid: string;
}

/**
 * Signs up and verifies a new account and opens a browser context signed in as it, at an address
 * of its own (PIN attempts count per address too). Close `context` at the end of the test.
 */
export async function household(
  browser: Browser,
  testInfo: TestInfo,
  options: BrowserContextOptions = {},
): Promise<Household> {
  const statePath = testInfo.outputPath(
    `.auth-household-${String(Date.now())}-${String(Math.random()).slice(2)}.json`,
  );
  const account = await createVerifiedAccount(statePath, 'home');
  const context = await browser.newContext({
    ...options,
    storageState: statePath,
    extraHTTPHeaders: newClientAddress(),
  });
  const page = await context.newPage();
  const me = await context.request.get('/pigo-stream/auth/me');
  expect(me.ok()).toBe(true);
  const { uid } = (await me.json()) as { uid: string };
  return { account, context, page, request: context.request, uid };
}

/** What `POST /profiles/create` takes. */
export interface NewProfile {
  name: string;
  avatar: string;
  kind?: 'adult' | 'kids';
  maxRatingAge?: number;
  showUnrated?: boolean;
  newPin?: string;
}

/** Adds a profile through the API, as the session's active profile. */
export async function addProfile(request: APIRequestContext, body: NewProfile): Promise<Profile> {
  const response = await request.post('/pigo-stream/profiles/create', {
    headers: sameOrigin(),
    data: body,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Profile;
}

/** The account's profiles and the session's active one, through the API. */
export async function listProfiles(request: APIRequestContext): Promise<Profiles> {
  const response = await request.get('/pigo-stream/profiles');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Profiles;
}

/** Makes `id` the session's active profile through the API (`pin` for a locked one). */
export async function switchByApi(
  request: APIRequestContext,
  id: string,
  pin?: string,
): Promise<void> {
  const response = await request.post('/pigo-stream/profiles/switch', {
    headers: sameOrigin(),
    data: { id, pin },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** 'Who's watching?'s heading. */
export function chooserHeading(page: Page): Locator {
  return page.getByRole('heading', { level: 1, name: "Who's watching?" });
}

/** The chooser's button of the profile `name` (its accessible name starts with the name). */
export function choice(page: Page, name: string): Locator {
  return page
    .getByRole('list', { name: 'Profiles' })
    .getByRole('button', { name: new RegExp(`^${name}\\b`) });
}

/** The PIN dialog, for whichever profile it asks. */
export function pinDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Enter the PIN for / });
}

/**
 * Types `pin` into the open PIN dialog (it sends itself at the 4th digit) and waits for the
 * server's answer to the call it makes.
 */
export async function typePin(page: Page, pin: string): Promise<void> {
  const field = pinDialog(page).getByLabel('PIN', { exact: true });
  await expect(field).toBeFocused();
  const answered = page.waitForResponse((response) =>
    /\/pigo-stream\/profiles\/(switch|update|remove)$/.test(new URL(response.url()).pathname),
  );
  await field.pressSequentially(pin);
  await answered;
}

/** The sidebar drawer's 'Watching as' name. */
export function watchingAs(menu: Locator): Locator {
  return menu.getByTestId('active-profile-name');
}
