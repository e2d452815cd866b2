/**
 * Password reset end to end (AUTH-15 in docs/requirements.md, ERR-15; IDENTITY-API.md): the mailed
 * link opens `/reset-password?token=`, the new password works, the old one and the link do not.
 */
import { expect, test } from './support/client-address.ts';
import { createVerifiedAccount } from './support/accounts.ts';
import { SUBJECTS, waitForMailLink } from './support/mailbox.ts';
import { alertBar, openSignIn, signInWithForm } from './support/sign-in-page.ts';

test('reset a forgotten password from the mailed link', async ({ page }, info) => {
  const account = await createVerifiedAccount(info.outputPath('state.json'), 'reset');
  const screen = await openSignIn(page);
  await screen.email.fill(account.email);
  await screen.forgot.click();
  await expect(
    alertBar(page, 'If this email is registered, a password reset email has been sent.'),
  ).toBeVisible();

  const link = await waitForMailLink(account.email, SUBJECTS.reset);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=[\w-]+$/);
  await expect(page).toHaveTitle('Set a new password · PigoStream');
  const newPassword = `${account.password}-new`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords do not match.');
  await expect(page.getByLabel('Confirm new password')).toBeFocused();

  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(alertBar(page, 'Your password has been reset. Please sign in.')).toBeVisible();

  // The used link is dead now: the server's own message is shown.
  await page.goto(link);
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();

  await signInWithForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signInWithForm(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/index$/);
});

test('an invalid reset token shows the server message', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pw');
  await page.getByLabel('Confirm new password').fill('brand-new-pw');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Invalid token$/i);
  await expect(page).toHaveURL(/\/reset-password\?token=not-a-real-token$/);
});

test('the reset password fields have show/hide toggles', async ({ page }) => {
  await page.goto('/reset-password?token=abc');
  const field = page.getByLabel('New password', { exact: true });
  await field.fill('visible-now');
  await expect(field).toHaveAttribute('type', 'password');
  const toggle = page.getByRole('button', { name: 'Show password' }).first();
  await toggle.click();
  await expect(field).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
});
