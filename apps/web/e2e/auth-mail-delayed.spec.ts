/**
 * When mail cannot go out yet (OPS-4 in docs/requirements.md), the sign-up, resend and Forgot
 * Password screens say so instead of claiming it was sent. This file starts its own server (the
 * shared one's SMTP server stays up for every other test) whose SMTP_URL points at an SMTP server
 * that drops every connection: the first message fails and is kept for retry, and from then on the
 * screens say the mail is delayed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './support/client-address.ts';
import { newAccount } from './support/accounts.ts';
import { APP_PORT } from './support/e2e-env.ts';
import { alertBar, signInScreen } from './support/sign-in-page.ts';

const PORT = APP_PORT + 40;
const BASE = `http://localhost:${String(PORT)}`;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

let server: ChildProcess | undefined;
let smtp: Server | undefined;
let dataDir = '';

/**
 * An SMTP server that is down: it holds its port for the whole file (a port merely closed again
 * could be taken by another process meanwhile, and a listener that never answers would make each
 * send wait for the mailer's timeouts) and drops every connection at once.
 */
async function downSmtpServer(): Promise<Server> {
  const down = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
  return down;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  smtp = await downSmtpServer();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pigo-e2e-mail-delayed-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${String((smtp.address() as AddressInfo).port)}`,
      ...(process.env.PIGO_E2E_WEB_DIST ? { WEB_DIST: process.env.PIGO_E2E_WEB_DIST } : {}),
    },
  });
  await expect
    .poll(
      async () => (await request.get(`${BASE}/pigo-stream/health`).catch(() => null))?.status(),
      {
        timeout: 90_000,
      },
    )
    .toBe(200);
  // The first message fails after its answer and is kept: mail now counts as delayed.
  const first = newAccount('delayed');
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  const signedUp = await api.post('/pigo-stream/identity/sign-up/email', {
    headers: { origin: BASE },
    data: { name: first.userName, email: first.email, password: first.password, callbackURL: '/' },
  });
  expect(signedUp.status()).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await api.get('/pigo-stream/health/ready');
        return ((await res.json()) as { mail: { pending: number } }).mail.pending;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  await api.dispose();
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('sign-up, resend and Forgot Password say the e-mail is delayed while mail cannot go out', async ({
  page,
}) => {
  // This server's own sign-in screen (openSignIn would open the shared server's).
  await page.goto(`${BASE}/`);
  const screen = signInScreen(page);
  await expect(screen.overlay).toBeHidden();
  await screen.toSignUp.click();
  const account = newAccount('late');
  await screen.userName.fill(account.userName);
  await screen.email.fill(account.email);
  await screen.password.fill(account.password);
  await screen.signUp.click();
  await expect(
    alertBar(
      page,
      'Your account is created, but the verification email could not be sent yet. We will keep trying: check your inbox in a few minutes.',
    ),
  ).toBeVisible();
  await expect(alertBar(page, 'Verification email sent! Please check your inbox.')).toHaveCount(0);

  await screen.resend.click();
  await expect(
    alertBar(
      page,
      'The verification email could not be sent yet. We will keep trying: check your inbox in a few minutes.',
    ),
  ).toBeVisible();

  await screen.toSignIn.click();
  await screen.email.fill(account.email);
  await screen.forgot.click();
  await expect(
    alertBar(
      page,
      'If this email is registered, a password reset email will be sent, but sending is delayed right now. Check your inbox in a few minutes.',
    ),
  ).toBeVisible();
});
