/**
 * Attempt limits on the identity calls that send mail (SEC-2 in docs/requirements.md), counted in
 * mails delivered to a real SMTP server: sign-up, request-password-reset and
 * send-verification-email allow 5 attempts per address a minute, whatever the spelling of the call
 * or the case of the address; spellings with dot segments are refused with 400 and send nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailsTo,
  RESET_SUBJECT,
  signUp,
  SOMEONE_TRIED_SUBJECT,
  startSocketIdentityApp,
  VERIFY_SUBJECT,
  waitForMails,
  type SocketIdentityApp,
} from './helpers/identity-socket.ts';
import { addressSpellings, exhaust, RATE_LIMITED } from './helpers/limits.ts';
import { IDENTITY } from './helpers/spellings.ts';

let t: SocketIdentityApp;
beforeAll(async () => {
  t = await startSocketIdentityApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-up: 5 attempts per address a minute', () => {
  it('refuses the 6th whatever the spelling, and sends no more than 5 mails', async () => {
    const addresses = addressSpellings('limit-up@gmail.com');
    const answers = await exhaust('sign-up/email', 5, (spelling, i) =>
      t.client().post(spelling.path, {
        name: 'Limit',
        email: addresses[i % addresses.length],
        password: 'secret-pass',
        callbackURL: '/',
      }),
    );
    // Every answer let through looks the same, and gives no session.
    for (const res of answers) expect(res.setCookies).toEqual([]);
    // A mail asked for after all of them (another call, another counter) marks the end.
    const marker = await t.client().post(`${IDENTITY}/request-password-reset`, {
      email: 'limit-up@gmail.com',
      redirectTo: '/reset-password',
    });
    expect(marker.status, marker.body).toBe(200);
    await waitForMails(t.inbox, 'limit-up@gmail.com', RESET_SUBJECT, 1);
    const sent =
      mailsTo(t.inbox, 'limit-up@gmail.com', VERIFY_SUBJECT).length +
      mailsTo(t.inbox, 'limit-up@gmail.com', SOMEONE_TRIED_SUBJECT).length;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(5);
  });
});

/**
 * A mail call limited to 5 per address: 12 requests for one address (plain and trailing-slash
 * spellings, the address in varying case, each from a fresh address): exactly the first 5 are
 * answered 200, and exactly 5 mails with `subject` reach the inbox, counted once a mail asked
 * for afterwards (`marker`) has arrived too.
 */
async function expectFiveMails(
  path: string,
  email: string,
  subject: string,
  body: (address: string) => Record<string, unknown>,
  marker: () => Promise<void>,
): Promise<void> {
  // Case only: an address with spaces around it is refused (and counted) before any mail.
  const addresses = addressSpellings(email).slice(0, 3);
  const before = mailsTo(t.inbox, email, subject).length;
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await t
      .client()
      .post(i % 2 === 0 ? path : `${path}/`, body(addresses[i % addresses.length] ?? email));
    statuses.push(res.status);
    if (res.status === 429) expect(res.json()).toEqual(RATE_LIMITED);
  }
  expect(statuses).toEqual([...Array<number>(5).fill(200), ...Array<number>(7).fill(429)]);
  await waitForMails(t.inbox, email, subject, before + 5);
  await marker();
  expect(mailsTo(t.inbox, email, subject)).toHaveLength(before + 5);
}

describe('request-password-reset: 5 per address a minute', () => {
  it('sends at most 5 reset mails for one address, whatever its case', async () => {
    await signUp(t, 'limit-reset@gmail.com', 'secret-pass');
    await waitForMails(t.inbox, 'limit-reset@gmail.com', VERIFY_SUBJECT, 1);
    await expectFiveMails(
      `${IDENTITY}/request-password-reset`,
      'limit-reset@gmail.com',
      RESET_SUBJECT,
      (email) => ({ email, redirectTo: '/reset-password' }),
      async () => {
        const res = await t.client().post(`${IDENTITY}/send-verification-email`, {
          email: 'limit-reset@gmail.com',
        });
        expect(res.status, res.body).toBe(200);
        await waitForMails(t.inbox, 'limit-reset@gmail.com', VERIFY_SUBJECT, 2);
      },
    );
  });

  it('refuses the 6th request for one address whatever spelling each used', async () => {
    await signUp(t, 'limit-reset2@gmail.com', 'secret-pass');
    const addresses = addressSpellings('limit-reset2@gmail.com');
    await exhaust('request-password-reset', 5, (spelling, i) =>
      t.client().post(spelling.path, {
        email: addresses[i % addresses.length],
        redirectTo: '/reset-password',
      }),
    );
  });
});

describe('send-verification-email: 5 per address a minute', () => {
  it('sends at most 5 verification mails for one address on request, whatever its case', async () => {
    await signUp(t, 'limit-verify@gmail.com', 'secret-pass');
    await waitForMails(t.inbox, 'limit-verify@gmail.com', VERIFY_SUBJECT, 1);
    await expectFiveMails(
      `${IDENTITY}/send-verification-email`,
      'limit-verify@gmail.com',
      VERIFY_SUBJECT,
      (email) => ({ email, callbackURL: '/' }),
      async () => {
        const res = await t.client().post(`${IDENTITY}/request-password-reset`, {
          email: 'limit-verify@gmail.com',
          redirectTo: '/reset-password',
        });
        expect(res.status, res.body).toBe(200);
        await waitForMails(t.inbox, 'limit-verify@gmail.com', RESET_SUBJECT, 1);
      },
    );
  });

  it('refuses the 6th request for one address whatever spelling each used', async () => {
    const addresses = addressSpellings('limit-verify-ghost@gmail.com');
    await exhaust('send-verification-email', 5, (spelling, i) =>
      t.client().post(spelling.path, { email: addresses[i % addresses.length] }),
    );
  });
});
