/**
 * The real app listening on a loopback port over a fresh test database, with a real SMTP inbox,
 * for tests that send raw paths and headers over a socket (raw-http.ts). `restart()` closes the
 * server and starts a new one over the same database, as a restart of `npm start` does.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../../src/config.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';
import { buildIdentityApp } from './identity-app.ts';
import { listenOnLoopback, rawRequest, SocketClient, type RawResponse } from './raw-http.ts';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from './smtp-inbox.ts';
import { IDENTITY } from './spellings.ts';

export const VERIFY_SUBJECT = 'Verify your PigoStream e-mail';
export const RESET_SUBJECT = 'Reset your PigoStream password';
export const SOMEONE_TRIED_SUBJECT = 'Someone tried to sign up with your PigoStream e-mail';

export interface SocketIdentityApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  inbox: SmtpInbox;
  /** `http://127.0.0.1:<port>` of the running server. */
  base: string;
  /** A browser on its own loopback address, sending the site's Origin. */
  client(): SocketClient;
  /** Closes the server and starts a new one over the same database and settings. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the app with SMTP_URL set to a fresh inbox, and `env` on top. */
export async function startSocketIdentityApp(
  env: Record<string, string> = {},
): Promise<SocketIdentityApp> {
  const inbox = await startSmtpInbox();
  const database = await openTestDatabase();
  const fullEnv = { SMTP_URL: inbox.url, ...env };
  const started = await buildIdentityApp(database, fullEnv);
  const t: SocketIdentityApp = {
    app: started.app,
    config: started.config,
    database,
    inbox,
    base: await listenOnLoopback(started.app),
    client: () => new SocketClient(t.base, t.config.publicUrl),
    restart: async () => {
      await t.app.close();
      const again = await buildIdentityApp(database, fullEnv);
      t.app = again.app;
      t.config = again.config;
      t.base = await listenOnLoopback(again.app);
    },
    close: async () => {
      await t.app.close();
      await database.close();
      await inbox.close();
    },
  };
  return t;
}

/** Mails delivered to `email` (any case) with `subject`. */
export function mailsTo(inbox: SmtpInbox, email: string, subject: string): ReceivedMail[] {
  const address = email.trim().toLowerCase();
  return inbox.messages.filter(
    (m) => m.subject === subject && m.to.some((to) => to.toLowerCase() === address),
  );
}

/** Waits until `count` mails with `subject` reached `email`; returns them. */
export async function waitForMails(
  inbox: SmtpInbox,
  email: string,
  subject: string,
  count: number,
): Promise<ReceivedMail[]> {
  await inbox.waitFor(() => mailsTo(inbox, email, subject).length >= count);
  return mailsTo(inbox, email, subject);
}

/** Opens an absolute link from a mail on this server, as `client`. */
export function follow(client: SocketClient, link: string): Promise<RawResponse> {
  const url = new URL(link);
  return client.get(`${url.pathname}${url.search}`);
}

/** Signs `email` up (plain path); the answer must be 200. */
export async function signUp(
  t: SocketIdentityApp,
  email: string,
  password: string,
  name = 'Tester',
): Promise<void> {
  const res = await t.client().post(`${IDENTITY}/sign-up/email`, {
    name,
    email,
    password,
    callbackURL: '/',
  });
  expect(res.status, res.body).toBe(200);
}

/** A browser signed in as `email` with its password (plain path); the answer must be 200. */
export async function signIn(
  t: SocketIdentityApp,
  email: string,
  password: string,
): Promise<SocketClient> {
  const client = t.client();
  const res = await client.post(`${IDENTITY}/sign-in/email`, { email, password, callbackURL: '/' });
  expect(res.status, res.body).toBe(200);
  return client;
}

/** Signs `email` up and opens the verification link: a browser with a verified session. */
export async function verifiedUser(
  t: SocketIdentityApp,
  email: string,
  password: string,
  name = 'Tester',
): Promise<SocketClient> {
  await signUp(t, email, password, name);
  const [mail] = await waitForMails(t.inbox, email, VERIFY_SUBJECT, 1);
  const link = mail?.links.find((l) => l.includes('/verify-email?')) ?? '';
  const browser = t.client();
  const visit = await follow(browser, link);
  expect(visit.status, visit.body).toBe(302);
  return browser;
}

/** The reset token the newest reset mail to `email` carries (its link's redirect `token`). */
export async function resetToken(
  t: SocketIdentityApp,
  email: string,
  nth: number,
): Promise<string> {
  const mails = await waitForMails(t.inbox, email, RESET_SUBJECT, nth);
  const link = mails[nth - 1]?.links.find((l) => l.includes('/reset-password/')) ?? '';
  const visit = await follow(t.client(), link);
  expect(visit.status, visit.body).toBe(302);
  const token = new URL(String(visit.headers.location), t.config.publicUrl).searchParams.get(
    'token',
  );
  expect(token).toBeTruthy();
  return token ?? '';
}

/** Answers the health check of a server at `base`, or undefined while it does not answer. */
export async function healthOf(base: string): Promise<number | undefined> {
  try {
    return (await rawRequest(base, { path: '/pigo-stream/health' })).status;
  } catch {
    return undefined;
  }
}
