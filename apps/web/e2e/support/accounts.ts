/**
 * Test accounts made through the real identity API: sign up with a unique address, then verify
 * through the link the test SMTP server received, exactly as a user would. Sign-up starts no
 * session (SEC-3, SEC-5 in docs/requirements.md): the verification link signs in, and so does the
 * password, for an unverified user too.
 */
import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { newClientAddress } from './client-address.ts';
import { APP_URL } from './e2e-env.ts';
import { SUBJECTS, waitForMailLink } from './mailbox.ts';

/** A sign-up's inputs. */
export interface Account {
  userName: string;
  email: string;
  password: string;
}

/** The base path of the identity API (IDENTITY-API.md). */
export const IDENTITY = '/pigo-stream/identity';

/** A fresh account: `<prefix>+<random>@gmail.com`, a username and an 10-character password. */
export function newAccount(prefix = 'user'): Account {
  const tag = randomBytes(5).toString('hex');
  return {
    userName: `${prefix}${tag}`,
    email: `${prefix}+${tag}@gmail.com`,
    password: `Pw-${tag}`,
  };
}

/**
 * Signs `account` up through the identity API in `request` (a client of the server at `origin`,
 * default the main test server). No session comes with it: use
 * {@link signInByApi} for an unverified signed-in user, {@link verifyByMail} for a verified one.
 */
export async function signUpByApi(
  request: APIRequestContext,
  account: Account,
  origin = APP_URL,
): Promise<void> {
  const response = await request.post(`${IDENTITY}/sign-up/email`, {
    headers: { origin },
    data: {
      name: account.userName,
      email: account.email,
      password: account.password,
      callbackURL: '/',
    },
  });
  if (!response.ok())
    throw new Error(`sign-up failed: ${String(response.status())} ${await response.text()}`);
}

/**
 * Signs `account` in with its password through the identity API; `request` (a page's
 * `page.request` shares the browser's cookies) then holds the session, verified or not.
 */
export async function signInByApi(
  request: APIRequestContext,
  account: Account,
  origin = APP_URL,
): Promise<void> {
  const response = await request.post(`${IDENTITY}/sign-in/email`, {
    headers: { origin },
    data: { email: account.email, password: account.password, callbackURL: '/' },
  });
  if (!response.ok())
    throw new Error(`sign-in failed: ${String(response.status())} ${await response.text()}`);
}

/** Opens the verification link mailed to `email` in `request` (verifies and signs it in). */
export async function verifyByMail(request: APIRequestContext, email: string): Promise<void> {
  const link = await waitForMailLink(email, SUBJECTS.verify);
  const response = await request.get(link);
  if (!response.ok()) throw new Error(`verification failed: ${String(response.status())}`);
}

/**
 * Creates a verified account and saves a signed-in browser state for it at `statePath`
 * (cookies for Playwright's `storageState`), as a client at its own address.
 */
export async function createVerifiedAccount(statePath: string, prefix = 'user'): Promise<Account> {
  const account = newAccount(prefix);
  const request = await playwrightRequest.newContext({
    baseURL: APP_URL,
    extraHTTPHeaders: newClientAddress(),
  });
  try {
    await signUpByApi(request, account);
    await verifyByMail(request, account.email);
    await request.storageState({ path: statePath });
  } finally {
    await request.dispose();
  }
  return account;
}
