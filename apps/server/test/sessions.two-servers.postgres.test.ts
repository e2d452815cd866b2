/**
 * Two server processes sharing one PostgreSQL database (SEC-3 in docs/requirements.md): a session
 * signed in on server A works on server B; after it signs out on A, A refuses the old cookie at
 * once and B refuses it within 5 s of the sign-out (the rule's deadline; B polls no faster than it
 * may keep a session lookup). Both run the compiled server as `npm run serve` does, with
 * their own PORT and DATA_DIR and the same DATABASE_URL, AUTH_SECRET and PUBLIC_URL.
 *
 * Only the server-postgres project runs this file (vitest.config.ts): the embedded database
 * belongs to one process and cannot be shared.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import { follow, VERIFY_SUBJECT } from './helpers/identity-socket.ts';
import { SocketClient } from './helpers/raw-http.ts';
import { startServer, type ServerProcess } from './helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.ts';
import { API, IDENTITY } from './helpers/spellings.ts';

const PUBLIC_URL = 'http://pigo.test';
const AUTH_SECRET = 'two-servers-share-this-secret-0123456789';
/** The rule: every server refuses a signed-out session within this many ms. */
const DEADLINE_MS = 5000;

/** A server of the test, and the DATA_DIR it was given. */
interface Server extends ServerProcess {
  dataDir: string;
}

let database: TestDatabase;
let inbox: SmtpInbox;
const servers: Server[] = [];

/** Starts a server on the shared database and waits until its health check answers 200. */
async function startOn(url: string): Promise<Server> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pigo-two-servers-'));
  const server = {
    ...(await startServer({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      AUTH_SECRET,
      PUBLIC_URL,
      SMTP_URL: inbox.url,
    })),
    dataDir,
  };
  servers.push(server);
  return server;
}

/** Stops a server and removes its DATA_DIR. */
async function stopServer(server: Server): Promise<void> {
  await server.stop();
  await rm(server.dataDir, { recursive: true, force: true });
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  // A fresh, migrated database; the servers start one after the other (the first loads the
  // starter catalogue).
  database = await openTestDatabase();
  const url = database.url;
  if (!url) throw new Error('this file needs TEST_DB=postgres');
  await startOn(url);
  await startOn(url);
});

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await database.close();
  await inbox.close();
});

it('refuses a cookie signed out on server A on server A at once and on server B within 5 s', async () => {
  const [a, b] = servers as [Server, Server];
  const email = 'two-servers@gmail.com';

  // Sign up and verify on A, then sign in on A.
  const signUp = await new SocketClient(a.base, PUBLIC_URL).post(`${IDENTITY}/sign-up/email`, {
    name: 'Twin',
    email,
    password: 'secret-pass',
    callbackURL: '/',
  });
  expect(signUp.status, signUp.body).toBe(200);
  const mail = await inbox.waitFor((m) => m.to.includes(email) && m.subject === VERIFY_SUBJECT);
  const verified = await follow(
    new SocketClient(a.base, PUBLIC_URL),
    mail.links.find((l) => l.includes('/verify-email?')) ?? '',
  );
  expect(verified.status, verified.body).toBe(302);
  const onA = new SocketClient(a.base, PUBLIC_URL);
  const signIn = await onA.post(`${IDENTITY}/sign-in/email`, { email, password: 'secret-pass' });
  expect(signIn.status, signIn.body).toBe(200);
  const uid = (await onA.get(`${API}/auth/me`)).json().uid as string;
  const myList = `${API}/my-list/${uid}/fetch-my-list`;

  // The same cookie on B.
  const onB = new SocketClient(b.base, PUBLIC_URL);
  for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
  expect((await onB.get(myList)).status).toBe(200);
  expect((await onB.get(myList)).status).toBe(200);
  expect((await onA.get(myList)).status).toBe(200);

  // Sign out on A; keep the old cookie to replay it.
  const oldCookies = new Map(onA.cookies);
  const out = await onA.post(`${IDENTITY}/sign-out`, {});
  expect(out.status, out.body).toBe(200);
  const signedOutAt = Date.now();
  const replayA = new SocketClient(a.base, PUBLIC_URL);
  for (const [name, value] of oldCookies) replayA.cookies.set(name, value);
  expect((await replayA.get(myList)).status).toBe(401);

  // B refuses it within the deadline.
  let refusedAfterMs: number | undefined;
  const statuses: number[] = [];
  while (Date.now() - signedOutAt < 2 * DEADLINE_MS) {
    const status = (await onB.get(myList)).status;
    statuses.push(status);
    if (status === 401) {
      refusedAfterMs = Date.now() - signedOutAt;
      break;
    }
    expect(status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(refusedAfterMs, `B kept answering ${statuses.join(',')}`).toBeDefined();
  expect(refusedAfterMs).toBeLessThan(DEADLINE_MS);
  // And keeps refusing it.
  expect((await onB.get(myList)).status).toBe(401);
});
