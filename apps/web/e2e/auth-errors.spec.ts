/**
 * Every message path of the sign-in screen (VALID-1..12 in docs/requirements.md validation, ERR-1
 * errors): client-side checks word for word, the identity server's own messages, and the alert
 * bar's behaviour (dismissible, gone after 5 s, cleared by a mode toggle).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/client-address.ts';
import { createVerifiedAccount, newAccount } from './support/accounts.ts';
import { alertBar, openSignIn } from './support/sign-in-page.ts';

const errorAlert = (page: Page) => page.getByRole('alert');

test('empty fields: each required field says what is missing and takes focus', async ({ page }) => {
  const screen = await openSignIn(page);
  await screen.signIn.click();
  await expect(errorAlert(page)).toHaveText('Please enter your email address.');
  await expect(screen.email).toBeFocused();
  await expect(screen.email).toHaveAttribute('aria-invalid', 'true');
  await screen.email.fill('someone@gmail.com');
  await screen.signIn.click();
  await expect(errorAlert(page)).toHaveText('Please enter your password.');
  await expect(screen.password).toBeFocused();

  await screen.toSignUp.click();
  await expect(errorAlert(page)).toHaveCount(0);
  await screen.signUp.click();
  await expect(errorAlert(page)).toHaveText('Please enter a username.');
  await expect(screen.userName).toBeFocused();
});

test('sign-up checks the e-mail format and provider before calling the server', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/identity/sign-up')) calls.push(r.url());
  });
  const screen = await openSignIn(page);
  await screen.toSignUp.click();
  await screen.userName.fill('newbie');
  await screen.password.fill('secret123');
  for (const email of ['no-at-sign.gmail.com', 'two@@gmail.com', 'a@b@gmail.com', 'nodomain@']) {
    await screen.email.fill(email);
    await screen.signUp.click();
    await expect(errorAlert(page)).toHaveText('Invalid email format.');
  }
  for (const email of ['someone@example.com', 'someone@gmail.co']) {
    await screen.email.fill(email);
    await screen.signUp.click();
    await expect(errorAlert(page)).toHaveText(
      'Unsupported email provider. Use Gmail, Outlook, Yahoo, etc.',
    );
  }
  // The domain check ignores case (VALID-2).
  await screen.email.fill(`CaSe+${String(Date.now())}@GMail.com`);
  await screen.password.fill('abc');
  await screen.signUp.click();
  // The server's password policy message (minimum 6 characters) is shown as it words it.
  await expect(errorAlert(page)).toHaveText('Password should be at least 6 characters.');
  expect(calls).toHaveLength(1);
});

test('wrong password and unknown e-mail show the server message', async ({ page }, info) => {
  const account = await createVerifiedAccount(info.outputPath('state.json'), 'wrongpw');
  const screen = await openSignIn(page);
  await screen.email.fill(account.email);
  await screen.password.fill('not-the-password');
  await screen.signIn.click();
  await expect(errorAlert(page)).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/$/);

  await screen.email.fill(newAccount('nobody').email);
  await screen.password.fill('whatever1');
  await screen.signIn.click();
  await expect(errorAlert(page)).toHaveText('Invalid email or password');
});

test('the attempt limit shows the server message', async ({ page }) => {
  const screen = await openSignIn(page);
  await screen.email.fill(newAccount('limited').email);
  await screen.password.fill('wrong-password');
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    await screen.signIn.click();
    await expect(errorAlert(page)).toHaveText('Invalid email or password');
    await page.getByRole('button', { name: 'Dismiss message' }).click();
  }
  await screen.signIn.click();
  await expect(errorAlert(page)).toHaveText(
    'Too many attempts. Please wait a minute and try again.',
  );
});

test('Forgot Password needs an e-mail, then answers the same for any address', async ({ page }) => {
  const screen = await openSignIn(page);
  await screen.forgot.click();
  await expect(errorAlert(page)).toHaveText('Please enter your email to reset your password.');
  await expect(screen.email).toBeFocused();
  await screen.email.fill(newAccount('unknown').email);
  await screen.forgot.click();
  await expect(
    alertBar(page, 'If this email is registered, a password reset email has been sent.'),
  ).toBeVisible();
  await screen.toSignUp.click();
  await expect(screen.forgot).toHaveCount(0);
});

test('Google sign-in says when it is not configured', async ({ page }) => {
  await page.route('**/pigo-stream/auth/config', (route) =>
    route.fulfill({
      json: { google: false, passwordMinLength: 6, allowedEmailDomains: ['gmail.com'] },
    }),
  );
  const screen = await openSignIn(page);
  await screen.google.click();
  await expect(errorAlert(page)).toHaveText('Google sign-in is not configured.');
});

test('the alert bar can be dismissed, clears itself after 5 s and on a mode toggle', async ({
  page,
}) => {
  const screen = await openSignIn(page);
  await screen.signIn.click();
  await expect(errorAlert(page)).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(errorAlert(page)).toHaveCount(0);

  await screen.signIn.click();
  const shownAt = Date.now();
  await expect(errorAlert(page)).toBeVisible();
  await expect(errorAlert(page)).toHaveCount(0, { timeout: 7_000 });
  const elapsed = Date.now() - shownAt;
  expect(elapsed).toBeGreaterThan(4_500);
  expect(elapsed).toBeLessThan(6_500);

  await screen.signIn.click();
  await expect(errorAlert(page)).toBeVisible();
  await screen.toSignUp.click();
  await expect(errorAlert(page)).toHaveCount(0);
});
