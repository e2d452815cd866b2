/**
 * Sign-up, e-mail verification, sign-out and sign-in end to end (AUTH-1..6 in docs/requirements.md,
 * AUTH-8, AUTH-13 Auth, API-AUTH-1 `POST /auth/users`), against the real server and the test SMTP
 * server. Sign-up starts no session and answers a taken address like a new one (SEC-3, SEC-5): the
 * mailed link, or the password, signs the user in, and the first session a user ever gets brings
 * the welcome.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/client-address.ts';
import {
  createVerifiedAccount,
  newAccount,
  signInByApi,
  signUpByApi,
  type Account,
} from './support/accounts.ts';
import { signOutFromMenu } from './support/home-page.ts';
import { countMail, SUBJECTS, waitForMailLink } from './support/mailbox.ts';
import { alertBar, openSignIn, signInScreen, signInWithForm } from './support/sign-in-page.ts';

const SESSION_KEY = 'PigoStream.Session';
const VERIFICATION_SENT = 'Verification email sent! Please check your inbox.';

/** The welcome toast on Home (AUTH-11: a success toast for 5 s). */
const welcomeToast = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Welcome to PigoStream!' });

/** The session store as saved in `page`'s tab, or null. */
const storedSession = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);

/** Fills and sends the Sign up form for `account`; resolves to the sign-up call's answer. */
async function signUpWithForm(page: Page, account: Account) {
  const screen = await openSignIn(page);
  await screen.toSignUp.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await screen.userName.fill(account.userName);
  await screen.email.fill(account.email);
  await screen.password.fill(account.password);
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/identity/sign-up/email') && r.request().method() === 'POST',
  );
  await screen.signUp.click();
  return answered;
}

test('sign up, open the mailed link, land on Home welcomed once; sign out and back in', async ({
  page,
}) => {
  const account = newAccount('signup');
  await page.goto('/');
  await expect(page).toHaveTitle('Sign in · PigoStream');
  const answer = await signUpWithForm(page, account);
  const screen = signInScreen(page);

  // Signed up, not signed in: the message, the resend button, no session and no welcome yet.
  expect(answer.status()).toBe(200);
  expect(await answer.headerValue('set-cookie')).toBeNull();
  await expect(alertBar(page, VERIFICATION_SENT)).toBeVisible();
  await expect(screen.resend).toHaveText('Resend verification');
  await expect(page).toHaveURL(/\/$/);
  expect(await (await page.request.get('/pigo-stream/auth/me')).json()).toBeNull();
  expect((await storedSession(page)) ?? '').not.toContain('Welcome to PigoStream!');

  // The link verifies and signs in: the first-ever session brings the welcome to Home (AUTH-11),
  // and the verified user is posted to the server on the state change (API-AUTH-1).
  const posted = page.waitForRequest(
    (r) => r.url().endsWith('/pigo-stream/auth/users') && r.method() === 'POST',
  );
  const link = await waitForMailLink(account.email, SUBJECTS.verify);
  await page.goto(link);
  await expect(page).toHaveURL(/\/index$/);
  await expect(welcomeToast(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  const me = (await (await page.request.get('/pigo-stream/auth/me')).json()) as {
    uid: string;
    displayName: string;
    emailVerified: boolean;
    creationTime: string;
    lastSignInTime: string;
  };
  expect(me.displayName).toBe(account.userName);
  expect(me.emailVerified).toBe(true);
  expect(me.lastSignInTime).toBe(me.creationTime);
  const request = await posted;
  expect(request.postDataJSON()).toEqual({ userUID: me.uid });
  expect((await request.response())?.status()).toBe(200);

  // Shown for 5 s and deleted; a later visit on the same (first) session does not welcome again.
  await expect(welcomeToast(page)).toBeHidden({ timeout: 7_000 });
  await page.goto('/');
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(welcomeToast(page)).toHaveCount(0);
  expect(await storedSession(page)).toContain('"welcomeMessage":null');

  // Sign out: session ended, both stores removed, back on `/`.
  await page.evaluate(() => {
    localStorage.setItem('PigoStream.Local', '{"state":{}}');
  });
  await signOutFromMenu(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(signInScreen(page).email).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('PigoStream.Local'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('PigoStream.Welcomed'))).toBeNull();
  expect(await (await page.request.get('/pigo-stream/auth/me')).json()).toBeNull();
  await page.goto('/index');
  await expect(page).toHaveURL(/\/$/);

  // A later sign-in is not a first one: no welcome.
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(welcomeToast(page)).toHaveCount(0);
});

test('resend after sign-up needs no session; the tab opening the link is the one welcomed', async ({
  page,
}) => {
  const account = newAccount('twotabs');
  await signUpWithForm(page, account);
  const screen = signInScreen(page);
  await expect(alertBar(page, VERIFICATION_SENT)).toBeVisible();

  // Resend goes to the address just signed up with, without a session.
  await screen.resend.click();
  await expect(alertBar(page, 'Verification email resent! Check your inbox.')).toBeVisible();
  await expect(screen.resend).toHaveText(/^Try again in \((30|29)s\)$/);
  await expect.poll(() => countMail(account.email, SUBJECTS.verify)).toBe(2);

  // The newest link, opened in another tab, signs in there and welcomes there.
  const other = await page.context().newPage();
  await other.goto(await waitForMailLink(account.email, SUBJECTS.verify, { index: 1 }));
  await expect(other).toHaveURL(/\/index$/);
  await expect(welcomeToast(other)).toBeVisible();
  await other.close();

  // Back in the first tab, the focus check finds the verified session: Home, no second welcome.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(welcomeToast(page)).toHaveCount(0);
});

test('a taken address gets the same answer as a new one; its owner is told by mail', async ({
  page,
}, info) => {
  const owner = await createVerifiedAccount(info.outputPath('state.json'), 'taken');
  const answers: { status: number; token: unknown; keys: string[] }[] = [];
  for (const account of [newAccount('fresh'), { ...newAccount('again'), email: owner.email }]) {
    // Each sign-up from a fresh sign-in screen (Sign in mode, nothing remembered).
    await page.goto('/');
    await page.evaluate(() => {
      sessionStorage.clear();
    });
    const answer = await signUpWithForm(page, account);
    await expect(alertBar(page, VERIFICATION_SENT)).toBeVisible();
    await expect(signInScreen(page).resend).toHaveText('Resend verification');
    await expect(page).toHaveURL(/\/$/);
    expect(await answer.headerValue('set-cookie')).toBeNull();
    const body = (await answer.json()) as { token: unknown; user: Record<string, unknown> };
    answers.push({ status: answer.status(), token: body.token, keys: Object.keys(body.user) });
  }
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[0]?.status).toBe(200);
  expect(answers[0]?.token).toBeNull();
  // The owner is told instead of getting a new verification link.
  await expect.poll(() => countMail(owner.email, SUBJECTS.signUpAttempt)).toBe(1);
  expect(countMail(owner.email, SUBJECTS.verify)).toBe(1);
  expect(await (await page.request.get('/pigo-stream/auth/me')).json()).toBeNull();
});

test('an unverified user sees the pending state and resends with a 30 s cooldown', async ({
  page,
}) => {
  const account = newAccount('pending');
  await signUpByApi(page.request, account);
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
  // The count survives losing and regaining focus, hiding the tab and a reload (UI-6).
  await page.evaluate(() => {
    window.dispatchEvent(new Event('blur'));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
  await expect(screen.resend).toHaveText(/^Try again in \((2\d)s\)$/);
  await page.reload();
  await expect(screen.resend).toHaveText(/^Try again in \((2\d)s\)$/);
  await expect(screen.resend).toHaveAttribute('aria-disabled', 'true');

  // Unverified users are kept out of the verified screens, but may open /pigostore.
  for (const path of [
    '/index',
    '/my-list',
    '/watch-history',
    '/new-episodes',
    '/import-export',
    '/play?id=603&type=movie',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(
      alertBar(page, 'Email verification pending. Please click resend and check your inbox.'),
    ).toBeVisible();
  }
  await page.goto('/pigostore');
  await expect(page.getByRole('heading', { level: 1, name: 'PigoStream Player' })).toBeVisible();

  // Verifying in another tab: that tab is welcomed (the password sign-in started the user's
  // first session, now verified); focus brings this one to Home without a second welcome.
  await page.goto('/');
  await expect(screen.resend).toBeVisible();
  const other = await page.context().newPage();
  await other.goto(await waitForMailLink(account.email, SUBJECTS.verify, { index: 1 }));
  await expect(other).toHaveURL(/\/index$/);
  await expect(welcomeToast(other)).toBeVisible();
  await other.close();
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
  await expect(welcomeToast(page)).toHaveCount(0);
});

test('a failed resend says so and still starts the cooldown', async ({ page }) => {
  const account = newAccount('resendfail');
  // An unverified signed-in user: sign up, then sign in with the password.
  await signUpByApi(page.request, account);
  await signInByApi(page.request, account);
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
