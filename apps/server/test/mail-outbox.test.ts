/**
 * Mail that could not be sent is kept and retried (OPS-4 in docs/requirements.md), on both
 * databases, with a real SMTP server that is down and then comes back at the same address: the
 * message waits in the `mail_outbox` table, readiness answers 503 naming mail, the mailing calls
 * answer `mailDelayed: true` (alike for an address with and without an account), the kept mail
 * survives a restart of the server, and goes out once the SMTP server answers again.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '@pigostream/db';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import {
  buildIdentityApp,
  eventually,
  IDENTITY,
  IdentityClient,
  nextIp,
} from './helpers/identity-app.ts';
import { mailsTo, RESET_SUBJECT, VERIFY_SUBJECT } from './helpers/identity-socket.ts';
import { freePort } from './helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.ts';

const PASSWORD = 'secret-pass';
/** Kept across the restart, as DATA_DIR/auth-secret keeps it for `npm start`. */
const AUTH_SECRET = 'mail-outbox-test-secret-0123456789abcdef';
let database: TestDatabase;
let app: FastifyInstance;
let publicUrl: string;
let smtpPort: number;
let inbox: SmtpInbox | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  smtpPort = await freePort();
  ({
    app,
    config: { publicUrl },
  } = await buildIdentityApp(database, {
    SMTP_URL: `smtp://127.0.0.1:${String(smtpPort)}`,
    AUTH_SECRET,
  }));
});

afterAll(async () => {
  await app.close();
  await inbox?.close();
  await database.close();
});

const client = () => new IdentityClient(app, publicUrl, nextIp());

async function kept(): Promise<{ to: string; subject: string; attempts: number }[]> {
  return database.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .orderBy(mailOutbox.id);
}

async function ready() {
  const res = await app.inject({ url: '/pigo-stream/health/ready' });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

it('keeps mail while SMTP is down, says so, survives a restart, and sends it when SMTP is back', async () => {
  // SMTP is down: the first sign-up's mail fails after the answer and is kept.
  const first = await client().signUp('First', 'first@gmail.com', PASSWORD);
  expect(first.statusCode).toBe(200);
  await eventually(async () => ((await kept()).length === 1 ? true : undefined), 15_000);
  expect(await kept()).toEqual([{ to: 'first@gmail.com', subject: VERIFY_SUBJECT, attempts: 1 }]);

  const down = await ready();
  expect(down.status).toBe(503);
  expect(down.body).toMatchObject({
    status: 'unavailable',
    failing: ['mail'],
    database: { status: 'up' },
    mail: { status: 'down', kind: 'smtp', message: 'the SMTP server does not accept mail' },
  });
  expect((down.body.mail as { pending: number }).pending).toBeGreaterThanOrEqual(1);

  // Every mailing call now says the mail is delayed, whether or not the address has an account.
  const second = await client().signUp('Second', 'second@gmail.com', PASSWORD);
  expect(second.json()).toMatchObject({ mailDelayed: true, user: { email: 'second@gmail.com' } });
  const resetKnown = await client().post(`${IDENTITY}/request-password-reset`, {
    email: 'first@gmail.com',
    redirectTo: '/reset-password',
  });
  const resetUnknown = await client().post(`${IDENTITY}/request-password-reset`, {
    email: 'nobody@gmail.com',
    redirectTo: '/reset-password',
  });
  expect(resetKnown.statusCode).toBe(200);
  expect(resetKnown.json()).toEqual(resetUnknown.json());
  expect(resetKnown.json()).toMatchObject({ mailDelayed: true });
  const resend = await client().post(`${IDENTITY}/send-verification-email`, {
    email: 'second@gmail.com',
    callbackURL: '/',
  });
  expect(resend.json()).toMatchObject({ mailDelayed: true });
  await eventually(async () => ((await kept()).length === 4 ? true : undefined), 15_000);

  // A restart while SMTP is still down keeps every message (they live in the database).
  await app.close();
  ({ app } = await buildIdentityApp(database, {
    SMTP_URL: `smtp://127.0.0.1:${String(smtpPort)}`,
    AUTH_SECRET,
  }));
  expect((await kept()).map((mail) => `${mail.to} ${mail.subject}`).sort()).toEqual(
    [
      `first@gmail.com ${RESET_SUBJECT}`,
      `first@gmail.com ${VERIFY_SUBJECT}`,
      `second@gmail.com ${VERIFY_SUBJECT}`,
      `second@gmail.com ${VERIFY_SUBJECT}`,
    ].sort(),
  );
  expect((await ready()).status).toBe(503);

  // SMTP comes back at the same address: readiness sees it and the kept mail goes out at once.
  inbox = await startSmtpInbox(smtpPort);
  const up = await ready();
  expect(up.status).toBe(200);
  expect(up.body).toMatchObject({ status: 'ready', failing: [], mail: { status: 'up' } });
  const smtp = inbox;
  await eventually(() => (smtp.messages.length >= 4 ? true : undefined), 15_000);
  expect(mailsTo(smtp, 'first@gmail.com', VERIFY_SUBJECT)).toHaveLength(1);
  expect(mailsTo(smtp, 'first@gmail.com', RESET_SUBJECT)).toHaveLength(1);
  expect(mailsTo(smtp, 'second@gmail.com', VERIFY_SUBJECT)).toHaveLength(2);
  expect(mailsTo(smtp, 'nobody@gmail.com', RESET_SUBJECT)).toHaveLength(0);
  await eventually(async () => ((await kept()).length === 0 ? true : undefined), 5_000);

  // The delayed verification link works.
  const link = mailsTo(smtp, 'first@gmail.com', VERIFY_SUBJECT)[0]?.links.find((l) =>
    l.includes('/verify-email?'),
  );
  const browser = client();
  const visit = await browser.follow(link ?? '');
  expect(visit.statusCode).toBe(302);
  expect(visit.headers.location).toBe('/');
  const me = await browser.get('/pigo-stream/auth/me');
  expect(me.json()).toMatchObject({ email: 'first@gmail.com', emailVerified: true });

  // With nothing waiting and SMTP up, mail is no longer reported as delayed.
  const third = await client().signUp('Third', 'third@gmail.com', PASSWORD);
  expect(third.json()).toMatchObject({ mailDelayed: false });
  await eventually(
    () => (mailsTo(smtp, 'third@gmail.com', VERIFY_SUBJECT).length === 1 ? true : undefined),
    10_000,
  );
  expect(await database.db.execute(sql`select 1`)).toBeDefined();
});
