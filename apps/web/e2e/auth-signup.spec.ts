/**
 * Sign-up, e-mail verification, sign-out and sign-in end to end (spec 2 sign-in screen, spec 4
 * Auth, spec 7 `POST /auth/users`), against the real server and the test SMTP server.
 */
import { expect, test } from '@playwright/test';
import { newAccount, signUpByApi } from './support/accounts.ts';
import { signOutFromMenu } from './support/home-page.ts';
import { countMail, SUBJECTS, waitForMailLink } from './support/mailbox.ts';
import { alertBar, openSignIn, signInScreen, signInWithForm } from './support/sign-in-page.ts';

const SESSION_KEY = 'PigoStream.Session';

test('sign up, open the mailed link, land on Home; sign out and back in', async ({ page }) => {
  const account = newAccount('signup');
  const screen = await openSignIn(page);
  await expect(page).toHaveTitle('Sign in · PigoStream');
  await screen.toSignUp.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await screen.userName.fill(account.userName);
  await screen.email.fill(account.email);
  await screen.password.fill(account.password);
  await screen.signUp.click();

  await expect(alertBar(page, 'Verification email sent! Please check your inbox.')).toBeVisible();
  await expect(screen.resend).toHaveText('Resend verification');
  // A first-ever sign-in through sign-up leaves the welcome message for Home (spec 4).
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY))
    .toContain('"welcomeMessage":"Welcome to PigoStream!"');

  // The verified user is posted to the server on the state change (spec 7).
  const posted = page.waitForRequest(
    (r) => r.url().endsWith('/pigo-stream/auth/users') && r.method() === 'POST',
  );
  const link = await waitForMailLink(account.email, SUBJECTS.verify);
  await page.goto(link);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  const me = await page.request.get('/pigo-stream/auth/me');
  const { uid, displayName } = (await me.json()) as { uid: string; displayName: string };
  expect(displayName).toBe(account.userName);
  const request = await posted;
  expect(request.postDataJSON()).toEqual({ userUID: uid });
  expect((await request.response())?.status()).toBe(200);

  // Sign out: session ended, both stores removed, back on `/`.
  await page.evaluate(() => {
    localStorage.setItem('PigoStream.Local', '{"state":{}}');
  });
  await signOutFromMenu(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(signInScreen(page).email).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('PigoStream.Local'))).toBeNull();
  expect((await page.request.get('/pigo-stream/auth/me')).status()).toBe(401);
  await page.goto('/index');
  await expect(page).toHaveURL(/\/$/);

  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
});

test('an unverified user sees the pending state and resends with a 30 s cooldown', async ({
  page,
}) => {
  const account = newAccount('pending');
  await signUpByApi(page.request, account);
  await page.context().clearCookies();
  await waitForMailLink(account.email, SUBJECTS.verify);

  await signInWithForm(page, account.email, account.password);
  const screen = signInScreen(page);
  await expect(
    alertBar(page, 'Email verification pending. Please click resend and check your inbox.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await screen.resend.click();
  await expect(alertBar(page, 'Verification email resent! Check your inbox.')).toBeVisible();
  await expect(screen.resend).toHaveText(/^Try again in \((30|29)s\)$/);
  await expect(screen.resend).toHaveText('Try again in (28s)', { timeout: 4_000 });
  await expect(screen.resend).toHaveAttribute('aria-disabled', 'true');
  await expect.poll(() => countMail(account.email, SUBJECTS.verify)).toBe(2);
  // Pressing it during the cooldown sends nothing (force: it is aria-disabled, yet focusable).
  await screen.resend.click({ force: true });
  await page.waitForTimeout(500);
  expect(countMail(account.email, SUBJECTS.verify)).toBe(2);

  // Unverified users are kept out of the verified screens, but may open /pigostore.
  for (const path of ['/index', '/my-list', '/watch-history', '/play?id=603&type=movie']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(
      alertBar(page, 'Email verification pending. Please click resend and check your inbox.'),
    ).toBeVisible();
  }
  await page.goto('/pigostore');
  await expect(page.getByRole('heading', { level: 1, name: 'PigoStream Player' })).toBeVisible();

  // Verifying in another tab: focus brings this one to Home (spec 4).
  await page.goto('/');
  await expect(screen.resend).toBeVisible();
  const other = await page.context().newPage();
  await other.goto(await waitForMailLink(account.email, SUBJECTS.verify, { index: 1 }));
  await expect(other).toHaveURL(/\/index$/);
  await other.close();
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page).toHaveURL(/\/index$/);
});

test('a failed resend says so and still starts the cooldown', async ({ page }) => {
  const account = newAccount('resendfail');
  await signUpByApi(page.request, account);
  await page.route('**/pigo-stream/identity/send-verification-email', (route) =>
    route.fulfill({ status: 500, json: { code: 'BOOM', message: 'boom' } }),
  );
  const screen = await openSignIn(page);
  await expect(screen.resend).toBeVisible();
  await screen.resend.click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Failed to resend verification email. Please try again.' }),
  ).toBeVisible();
  await expect(screen.resend).toHaveText(/^Try again in \((30|29)s\)$/);
});
