/**
 * Smaller sign-in state rules (AUTH-10 in docs/requirements.md, ERR-16): a profile without a
 * display name is reloaded after 1 s, and a failed sign-out is only logged.
 */
import { expect, test } from './support/client-address.ts';
import { createVerifiedAccount } from './support/accounts.ts';
import { drawer, openMenu, signOutFromMenu } from './support/home-page.ts';
import { openSignIn } from './support/sign-in-page.ts';

test('a signed-in user without a display name has the profile reloaded after 1 s', async ({
  page,
}) => {
  const calls: number[] = [];
  const now = new Date().toISOString();
  await page.route('**/pigo-stream/auth/me', (route) => {
    calls.push(Date.now());
    return route.fulfill({
      json: {
        uid: 'no-name-user',
        displayName: calls.length === 1 ? '' : 'Named Later',
        email: 'noname@gmail.com',
        emailVerified: false,
        photoURL: null,
        phoneNumber: null,
        providerData: [],
        creationTime: now,
        lastSignInTime: now,
      },
    });
  });
  await openSignIn(page);
  await expect.poll(() => calls.length).toBe(2);
  const [first = 0, second = 0] = calls;
  expect(second - first).toBeGreaterThanOrEqual(900);
  // The name arrived: no further reloads.
  await page.waitForTimeout(1_500);
  expect(calls).toHaveLength(2);
});

test('a failed sign-out is only logged: the user stays signed in', async ({ browser }, info) => {
  const statePath = info.outputPath('state.json');
  await createVerifiedAccount(statePath, 'signoutfail');
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/pigo-stream/identity/sign-out', (route) =>
    route.fulfill({ status: 500, json: { code: 'BOOM', message: 'boom' } }),
  );
  await page.goto('/my-list');
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Sign Out' }).click();
  await expect.poll(() => errors.join('\n')).toContain('Sign-out failed');
  await expect(page).toHaveURL(/\/my-list$/);
  await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'My List' })).toBeVisible();

  await page.unroute('**/pigo-stream/identity/sign-out');
  await signOutFromMenu(page);
  await expect(page).toHaveURL(/\/$/);
  await openSignIn(page);
  await context.close();
});
