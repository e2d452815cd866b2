/**
 * Accessibility of the screens a signed-out visitor sees (QUAL-4 in docs/requirements.md): axe-core
 * finds no serious or critical violation on the sign-in screen in both modes with its alert bar
 * showing (and after a sign-up, with Resend verification), on the reset-password screen (with a
 * link token, with an error, and with a broken link), and on the not-found screen; the sign-in form
 * is usable from the keyboard alone.
 */
import { expect, test } from './support/client-address.ts';
import { newAccount } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { openSignIn } from './support/sign-in-page.ts';

for (const { name, viewport } of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
]) {
  test.describe(name, () => {
    test.use({ viewport });

    test('sign-in mode with an error in the alert bar', async ({ page }) => {
      const screen = await openSignIn(page);
      await screen.signIn.click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('sign-up mode with an error in the alert bar', async ({ page }) => {
      const screen = await openSignIn(page);
      await screen.toSignUp.click();
      await expect(screen.userName).toBeVisible();
      await screen.signUp.click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('after sign-up: the success message and Resend verification', async ({ page }) => {
      const account = newAccount('a11y');
      const screen = await openSignIn(page);
      await screen.toSignUp.click();
      await screen.userName.fill(account.userName);
      await screen.email.fill(account.email);
      await screen.password.fill(account.password);
      await screen.signUp.click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Verification email sent!' }),
      ).toBeVisible();
      await expect(screen.resend).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('a success message (role=status) in the alert bar', async ({ page }) => {
  const screen = await openSignIn(page);
  await screen.email.fill('someone@gmail.com');
  await screen.forgot.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'If this email is registered' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('reset-password: the form, its error, and a broken link', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  const newPassword = page.getByLabel('New password', { exact: true });
  await expect(newPassword).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await newPassword.fill('first-password');
  await page.getByLabel('Confirm new password').fill('other-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords do not match.');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('not-found screen, signed out', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the sign-in form works from the keyboard alone', async ({ page }) => {
  const screen = await openSignIn(page);
  await page.locator('body').focus();
  const reached = new Set<string>();
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    reached.add(
      await page.evaluate(() => {
        const el = document.activeElement;
        return el ? (el.getAttribute('aria-label') ?? (el.id || el.textContent.trim())) : '';
      }),
    );
  }
  // Every control is reached: both fields, the password toggle and every button.
  for (const control of [screen.email, screen.password, screen.showPassword, screen.signIn]) {
    const id = await control.evaluate(
      (el) => el.getAttribute('aria-label') ?? (el.id || el.textContent.trim()),
    );
    expect([...reached]).toContain(id);
  }
  for (const text of ['Forgot Password', 'Sign in with Google', "Don't have an account? Sign up"]) {
    expect([...reached].some((r) => r.includes(text))).toBe(true);
  }
  // Typing and Enter submit the form; the toggle answers Enter.
  await screen.email.focus();
  await page.keyboard.type('nobody@gmail.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('wrong-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await screen.toSignUp.focus();
  await page.keyboard.press('Enter');
  await expect(screen.userName).toBeVisible();
});
