/**
 * Helpers that drive the sign-in screen at `/` the way a user does (AUTH-1..6 in
 * docs/requirements.md).
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The screen's controls, by their accessible names. */
export function signInScreen(page: Page) {
  return {
    userName: page.getByLabel('Username'),
    email: page.getByLabel('E-mail address'),
    password: page.getByLabel('Password', { exact: true }),
    showPassword: page.getByRole('button', { name: 'Show password' }),
    signIn: page.getByRole('button', { name: 'Sign in', exact: true }),
    signUp: page.getByRole('button', { name: 'Sign up', exact: true }),
    forgot: page.getByRole('button', { name: 'Forgot Password' }),
    resend: page.getByRole('button', { name: /^(Resend verification|Try again in \(\d+s\))$/ }),
    google: page.getByRole('button', { name: 'Sign in with Google' }),
    toSignUp: page.getByRole('button', { name: "Don't have an account? Sign up" }),
    toSignIn: page.getByRole('button', { name: 'Already have an account? Sign in' }),
    overlay: page.getByRole('status').filter({ hasText: 'Checking your sign-in' }),
  };
}

/**
 * The bottom alert bar showing `text` (role=alert for errors, role=status otherwise). A string
 * is the whole message, not a part of it: one message can contain another (the sign-up's
 * delayed-mail message contains the resend's), and a part would match the wrong one.
 */
export function alertBar(page: Page, text: string | RegExp): Locator {
  const bar = page.getByRole('alert').or(page.getByRole('status'));
  return typeof text === 'string'
    ? bar.filter({ has: page.getByText(text, { exact: true }) })
    : bar.filter({ hasText: text });
}

/** Opens `/` and waits until the sign-in state is known and the form is usable. */
export async function openSignIn(page: Page): Promise<ReturnType<typeof signInScreen>> {
  await page.goto('/');
  const screen = signInScreen(page);
  await expect(screen.overlay).toBeHidden();
  await expect(screen.email).toBeVisible();
  return screen;
}

/** Signs in through the form with `email` and `password`. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  const screen = await openSignIn(page);
  await screen.email.fill(email);
  await screen.password.fill(password);
  await screen.signIn.click();
}
