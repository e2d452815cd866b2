/**
 * Sign in with Google end to end against the local OpenID Connect provider started by the global
 * setup (AUTH-4, AUTH-11 in docs/requirements.md): first sign-in lands on Home with the welcome
 * message stored; a later sign-in does not store it again.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/client-address.ts';
import { newAccount } from './support/accounts.ts';
import { OIDC_ISSUER } from './support/e2e-env.ts';
import { signOutFromMenu } from './support/home-page.ts';
import { openSignIn } from './support/sign-in-page.ts';

const SESSION_KEY = 'PigoStream.Session';

/**
 * Clicks Sign in with Google and, unless the provider still remembers the browser (as Google
 * does), logs in to its development page as `email`.
 */
async function signInWithGoogle(page: Page, email: string): Promise<void> {
  const screen = await openSignIn(page);
  await screen.google.click();
  await page.waitForURL((url) => url.href.startsWith(OIDC_ISSUER) || url.pathname === '/index');
  if (!page.url().startsWith(OIDC_ISSUER)) return;
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('Google sign-in creates the account, welcomes it once and lands on Home', async ({ page }) => {
  const { email } = newAccount('google');
  await signInWithGoogle(page, email);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  const stored = () => page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
  await expect.poll(stored).toContain('"welcomeMessage":"Welcome to PigoStream!"');
  const me = (await (await page.request.get('/pigo-stream/auth/me')).json()) as {
    creationTime: string;
    email: string;
    emailVerified: boolean;
    providerData: { providerId: string }[];
  };
  expect(me.email).toBe(email);
  expect(me.emailVerified).toBe(true);
  expect(me.providerData.map((p) => p.providerId)).toContain('google');

  await signOutFromMenu(page);
  await expect(page).toHaveURL(/\/$/);
  expect(await stored()).toBeNull();
  // A later sign-in (past the app's 2 s tolerance for "first sign-in"), from a browser the
  // provider has forgotten: no welcome this time.
  const wait = Date.parse(me.creationTime) + 2_500 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await page.context().clearCookies({ domain: 'localhost', name: '_session' });
  await page.context().clearCookies({ domain: 'localhost', name: '_session.sig' });
  await signInWithGoogle(page, email);
  await expect(page).toHaveURL(/\/index$/);
  await page.waitForTimeout(300);
  expect((await stored()) ?? '').not.toContain('Welcome to PigoStream!');
});

test('a Google sign-in the server refuses comes back with a message', async ({ page }) => {
  await page.goto('/?error=access_denied');
  await expect(page.getByRole('alert')).toHaveText('Google sign-in failed. Please try again.');
  await expect(page).toHaveURL(/\/$/);
});
