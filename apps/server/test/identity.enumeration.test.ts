/**
 * Accounts cannot be enumerated (SEC-2, SEC-5 in docs/requirements.md): sign-up with a taken
 * address answers exactly like sign-up with a new one (same status, same body shape, no cookie), in
 * every spelling that reaches the call, and the address's owner gets a mail saying someone tried;
 * the attempt does not touch the account. A password-reset request answers before its mail is sent
 * (the test's SMTP server holds the message until the answer is in), and answers an unknown address
 * alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailsTo,
  RESET_SUBJECT,
  signIn,
  signUp,
  SOMEONE_TRIED_SUBJECT,
  startSocketIdentityApp,
  VERIFY_SUBJECT,
  verifiedUser,
  waitForMails,
  type SocketIdentityApp,
} from './helpers/identity-socket.ts';
import { API, IDENTITY, identitySpellings, reaching } from './helpers/spellings.ts';

let t: SocketIdentityApp;
beforeAll(async () => {
  t = await startSocketIdentityApp();
});
afterAll(async () => {
  await t.close();
});

/** The structure of a JSON value: keys (sorted) and the types of the leaves. */
function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  }
  return typeof value;
}

describe('sign-up with a taken address', () => {
  it('answers like a new address, sets no cookie, and mails the owner', async () => {
    await verifiedUser(t, 'owner@gmail.com', 'owner-password', 'Owner');
    const taken = await t.client().post(`${IDENTITY}/sign-up/email`, {
      name: 'Intruder',
      email: 'owner@gmail.com',
      password: 'intruder-password',
      callbackURL: '/',
    });
    const fresh = await t.client().post(`${IDENTITY}/sign-up/email`, {
      name: 'Intruder',
      email: 'newcomer@gmail.com',
      password: 'intruder-password',
      callbackURL: '/',
    });
    expect(fresh.status, fresh.body).toBe(200);
    expect(taken.status, taken.body).toBe(fresh.status);
    expect(taken.setCookies).toEqual([]);
    expect(fresh.setCookies).toEqual([]);
    expect(shapeOf(taken.json())).toEqual(shapeOf(fresh.json()));
    // What the answer says is what a new account would say: the name sent, not verified.
    for (const [res, email] of [
      [taken, 'owner@gmail.com'],
      [fresh, 'newcomer@gmail.com'],
    ] as const) {
      expect(res.json()).toMatchObject({
        token: null,
        user: { email, name: 'Intruder', emailVerified: false },
      });
    }

    const [mail] = await waitForMails(t.inbox, 'owner@gmail.com', SOMEONE_TRIED_SUBJECT, 1);
    expect(mail?.to).toEqual(['owner@gmail.com']);
    await waitForMails(t.inbox, 'newcomer@gmail.com', VERIFY_SUBJECT, 1);
    expect(mailsTo(t.inbox, 'newcomer@gmail.com', SOMEONE_TRIED_SUBJECT)).toEqual([]);

    // The account is untouched: the owner's password still signs in, the intruder's does not.
    const owner = await signIn(t, 'owner@gmail.com', 'owner-password');
    expect((await owner.get(`${API}/auth/me`)).json()).toMatchObject({
      displayName: 'Owner',
      emailVerified: true,
    });
    const intruder = await t.client().post(`${IDENTITY}/sign-in/email`, {
      email: 'owner@gmail.com',
      password: 'intruder-password',
    });
    expect(intruder.status).toBe(401);
    expect(intruder.setCookies).toEqual([]);
  });

  it.each(reaching(identitySpellings('sign-up/email')).map((s) => [s.label, s] as const))(
    '%s: a taken address answers as a new one does',
    async (_label, spelling) => {
      const suffix = spelling.label.replace(/\W+/g, '-');
      await signUp(t, `taken${suffix}@gmail.com`, 'secret-pass');
      const send = (email: string) =>
        t.client().post(spelling.path, {
          name: 'Someone',
          email,
          password: 'other-password',
          callbackURL: '/',
        });
      const taken = await send(`taken${suffix}@gmail.com`);
      const fresh = await send(`fresh${suffix}@gmail.com`);
      expect(taken.status, `${spelling.path}: ${taken.body}`).toBe(fresh.status);
      expect(shapeOf(taken.json())).toEqual(shapeOf(fresh.json()));
      expect(taken.setCookies).toEqual([]);
      expect(fresh.setCookies).toEqual([]);
    },
  );

  it('answers a taken address in other case like a new one too', async () => {
    await signUp(t, 'casey@gmail.com', 'secret-pass');
    const res = await t.client().post(`${IDENTITY}/sign-up/email`, {
      name: 'Casey',
      email: 'CASEY@Gmail.com',
      password: 'other-password',
    });
    expect(res.status, res.body).toBe(200);
    expect(res.setCookies).toEqual([]);
    expect(res.json()).toMatchObject({ token: null, user: { emailVerified: false } });
    await waitForMails(t.inbox, 'casey@gmail.com', SOMEONE_TRIED_SUBJECT, 1);
  });
});

describe('request-password-reset', () => {
  it('answers before the mail is sent, and answers an unknown address alike', async () => {
    await signUp(t, 'held@gmail.com', 'secret-pass');
    await waitForMails(t.inbox, 'held@gmail.com', VERIFY_SUBJECT, 1);
    const hold = t.inbox.hold();
    try {
      // The SMTP server takes no message for good until released: an answer that arrives now
      // came before the mail was sent.
      const known = await t.client().post(`${IDENTITY}/request-password-reset`, {
        email: 'held@gmail.com',
        redirectTo: '/reset-password',
      });
      expect(known.status, known.body).toBe(200);
      const unknown = await t.client().post(`${IDENTITY}/request-password-reset`, {
        email: 'nobody-held@gmail.com',
        redirectTo: '/reset-password',
      });
      expect(unknown.status).toBe(known.status);
      expect(unknown.json()).toEqual(known.json());
      // The mail is on its way: the SMTP server has it, unacknowledged.
      const pending = await hold.arrived((m) => m.to.includes('held@gmail.com'));
      expect(pending.subject).toBe(RESET_SUBJECT);
    } finally {
      hold.release();
    }
    // Once acknowledged it is delivered: the server was still waiting for it, not gone.
    const [mail] = await waitForMails(t.inbox, 'held@gmail.com', RESET_SUBJECT, 1);
    expect(mail?.links.some((l) => l.includes('/reset-password/'))).toBe(true);
    expect(t.inbox.messages.filter((m) => m.to.includes('nobody-held@gmail.com'))).toEqual([]);
  });

  it('answers a sign-in for an unknown address like a wrong password', async () => {
    await signUp(t, 'known-in@gmail.com', 'secret-pass');
    const wrong = await t.client().post(`${IDENTITY}/sign-in/email`, {
      email: 'known-in@gmail.com',
      password: 'not-the-password',
    });
    const unknown = await t.client().post(`${IDENTITY}/sign-in/email`, {
      email: 'unknown-in@gmail.com',
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });
});
