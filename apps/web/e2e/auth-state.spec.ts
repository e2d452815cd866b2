/**
 * What the sign-in screen remembers and how it guards the app (AUTH-6 in docs/requirements.md,
 * DATA-16 "Remembered state", AUTH-7..17, ROLE-1): inputs, mode and scroll restored after a reload,
 * the 10 s loading overlay, and the route guard for signed-out users.
 */
import { expect, test } from './support/client-address.ts';
import { alertBar, openSignIn, signInScreen } from './support/sign-in-page.ts';
import { builtFile } from './support/web-manifest.ts';

const SESSION_KEY = 'PigoStream.Session';

test('mode and inputs (never the password) are restored after a reload', async ({ page }) => {
  const screen = await openSignIn(page);
  await screen.toSignUp.click();
  await screen.userName.fill('remembered');
  await screen.email.fill('remembered@gmail.com');
  await screen.password.fill('secret-password');
  await screen.showPassword.click();
  await expect(screen.password).toHaveAttribute('type', 'text');

  await page.reload();
  await expect(screen.overlay).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await expect(screen.userName).toHaveValue('remembered');
  await expect(screen.email).toHaveValue('remembered@gmail.com');
  await expect(screen.password).toHaveValue('');
  await expect(screen.password).toHaveAttribute('type', 'password');
  const stored = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
  expect(stored).toContain('"isSignInState":false');
  expect(stored).not.toContain('secret-password');

  await screen.toSignIn.click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(screen.userName).toHaveCount(0);
  await expect(screen.email).toHaveValue('remembered@gmail.com');
});

test('the page scroll is restored after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 480 });
  await openSignIn(page);
  const maxScroll = await page.evaluate(
    () => document.documentElement.scrollHeight - window.innerHeight,
  );
  expect(maxScroll).toBeGreaterThan(100);
  await page.mouse.wheel(0, 150);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY))
    .toContain('"pageScrollState":150');
  await page.reload();
  await expect(signInScreen(page).overlay).toBeHidden();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
});

test('a loading overlay covers the screen while the sign-in state is found, 10 s at most', async ({
  page,
}) => {
  await page.clock.install();
  await page.route('**/pigo-stream/auth/me', () => {
    // Never answered: the overlay must give up on its own.
  });
  await page.goto('/');
  const screen = signInScreen(page);
  await expect(screen.overlay).toBeVisible();
  await page.clock.runFor(9_000);
  await expect(screen.overlay).toBeVisible();
  await page.clock.runFor(1_100);
  await expect(screen.overlay).toBeHidden();
  await expect(screen.email).toBeVisible();
});

test('the identity client and settings load only once the form is used', async ({ page }) => {
  const client = builtFile('src/lib/auth-client.ts');
  const chunks: string[] = [];
  const settings: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === client) chunks.push(r.url());
    if (pathname === '/pigo-stream/auth/config') settings.push(r.url());
  });
  const screen = await openSignIn(page);
  await page.waitForLoadState('networkidle');
  expect(chunks).toEqual([]);
  expect(settings).toEqual([]);
  await screen.email.focus();
  await expect.poll(() => chunks.length).toBe(1);
  await expect.poll(() => settings.length).toBe(1);
});

test("sign-up checks the address against the server's providers, asked for on first use", async ({
  page,
}) => {
  await page.route('**/pigo-stream/auth/config', (route) =>
    route.fulfill({
      json: { google: false, passwordMinLength: 6, allowedEmailDomains: ['Example.org'] },
    }),
  );
  const screen = await openSignIn(page);
  await screen.toSignUp.click();
  await screen.userName.fill('Kim');
  await screen.email.fill('kim@gmail.com');
  await screen.password.fill('secret-words');
  await screen.signUp.click();
  await expect(
    alertBar(page, 'Unsupported email provider. Use Gmail, Outlook, Yahoo, etc.'),
  ).toBeVisible();
  await expect(screen.email).toBeFocused();
  await screen.email.fill('kim@EXAMPLE.org');
  const signUp = page.waitForRequest((r) => r.url().includes('/identity/sign-up'));
  await screen.signUp.click();
  await signUp;
});

test('signed-out visitors are sent to / from every app screen', async ({ page }) => {
  for (const path of [
    '/index',
    '/my-list',
    '/watch-history',
    '/new-episodes',
    '/import-export',
    '/play?id=603&type=movie',
    '/pigostore',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(signInScreen(page).email).toBeVisible();
  }
  // The not-found screen is open to anyone.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
});

test('an invalid verification link says so', async ({ page }) => {
  await page.goto('/pigo-stream/identity/verify-email?token=bogus&callbackURL=/');
  await expect(page).toHaveURL(/\/$/);
  await expect(
    alertBar(
      page,
      'This verification link is invalid or has expired. Sign in and click Resend verification.',
    ),
  ).toBeVisible();
});
