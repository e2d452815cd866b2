/**
 * Identity over a real SMTP server (AUTH-7..17 in docs/requirements.md-6, agreed identity API):
 * sign-up sends the verification mail and gives no session (SEC-3, SEC-5), its link verifies and
 * signs in; an unverified user signs in with the password; product calls need a verified session
 * and the caller's own uid; /auth/me; display name; sign-out; cookies; stored password hashes.
 */
import { scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccount } from '@pigostream/db';
import {
  API,
  IDENTITY,
  parseSetCookie,
  setCookies,
  startIdentityApp,
  type IdentityClient,
  type IdentityTestApp,
} from './helpers/identity-app.ts';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.ts';

let inbox: SmtpInbox;
let t: IdentityTestApp;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await startIdentityApp({ SMTP_URL: inbox.url });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

interface Me {
  uid: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
}

/**
 * Signs `email` up (no session yet), then signs in with the password as the app does; returns
 * the client (signed in, unverified) and the user's uid.
 */
async function signedUp(name: string, email: string, password = 'secret-pass') {
  const client = t.client();
  const res = await client.signUp(name, email, password);
  expect(res.statusCode, res.body).toBe(200);
  expect(setCookies(res)).toEqual([]);
  expect(res.json()).toMatchObject({ token: null, user: { email: email.toLowerCase() } });
  expect((await client.get(`${API}/auth/me`)).json()).toBeNull();
  const signIn = await client.signIn(email, password);
  expect(signIn.statusCode, signIn.body).toBe(200);
  const me = (await client.get(`${API}/auth/me`)).json<Me>();
  return { client, uid: me.uid };
}

async function verify(client: IdentityClient, email: string) {
  const mail = await inbox.waitFor((m) => m.to.includes(email));
  const link = mail.links.find((l) => l.includes('/verify-email?'));
  if (!link) throw new Error(`no verification link in ${mail.text}`);
  return client.follow(link);
}

describe('sign-up and e-mail verification', () => {
  it('mails a verification link whose visit verifies the user and redirects to the app', async () => {
    const { client, uid } = await signedUp('Ann', 'ann@gmail.com');
    const mail = await inbox.waitFor((m) => m.to.includes('ann@gmail.com'));
    expect(mail.subject).toBe('Verify your PigoStream e-mail');
    expect(mail.headers.get('from')).toContain('no-reply@pigostream.local');
    const link = mail.links.find((l) => l.includes('/verify-email?'));
    expect(link).toMatch(/^http:\/\/localhost:3000\/pigo-stream\/identity\/verify-email\?token=/);
    expect(mail.html).toContain('verify-email?token=');

    const before = (await client.get(`${API}/auth/me`)).json<Me>();
    expect(before).toMatchObject({ uid, emailVerified: false, displayName: 'Ann' });

    const visit = await client.follow(link ?? '');
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe('/');
    const after = (await client.get(`${API}/auth/me`)).json<Me>();
    expect(after).toMatchObject({ uid, emailVerified: true });
  });

  it('verifies in a fresh browser too: the link signs the user in', async () => {
    await signedUp('Bob', 'bob@outlook.com');
    const elsewhere = t.client();
    const visit = await verify(elsewhere, 'bob@outlook.com');
    expect(visit.statusCode).toBe(302);
    const me = await elsewhere.get(`${API}/auth/me`);
    expect(me.json<Me>()).toMatchObject({ email: 'bob@outlook.com', emailVerified: true });
  });

  it('makes the verification link the first sign-in when the user had not signed in before', async () => {
    const res = await t.client().signUp('Lea', 'lea@gmail.com', 'secret-pass');
    expect(res.statusCode, res.body).toBe(200);
    const browser = t.client();
    expect((await verify(browser, 'lea@gmail.com')).statusCode).toBe(302);
    const first = (await browser.get(`${API}/auth/me`)).json<Record<string, unknown>>();
    expect(first).toMatchObject({ email: 'lea@gmail.com', emailVerified: true });
    expect(first.lastSignInTime).toBe(first.creationTime);

    const later = t.client();
    expect((await later.signIn('lea@gmail.com', 'secret-pass')).statusCode).toBe(200);
    const again = (await later.get(`${API}/auth/me`)).json<Record<string, string>>();
    expect(again.creationTime).toBe(first.creationTime);
    expect(again.lastSignInTime).not.toBe(again.creationTime);
  });

  it('answers /auth/me with the user of DATA-1; a first sign-in has creationTime = lastSignInTime', async () => {
    const { client, uid } = await signedUp('Cleo', 'Cleo@Yahoo.com');
    const me = await client.get(`${API}/auth/me`);
    expect(me.statusCode).toBe(200);
    const body = me.json<Record<string, unknown>>();
    expect(body).toEqual({
      uid,
      displayName: 'Cleo',
      email: 'cleo@yahoo.com',
      emailVerified: false,
      photoURL: null,
      phoneNumber: null,
      providerData: [
        { providerId: 'credential', uid, email: 'cleo@yahoo.com', displayName: 'Cleo' },
      ],
      creationTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      lastSignInTime: body.creationTime,
    });

    await client.post(`${IDENTITY}/sign-out`);
    await client.signIn('cleo@yahoo.com', 'secret-pass');
    const again = (await client.get(`${API}/auth/me`)).json<Record<string, string>>();
    expect(again.creationTime).toBe(body.creationTime);
    expect(Date.parse(again.lastSignInTime ?? '')).toBeGreaterThan(
      Date.parse(again.creationTime ?? ''),
    );
  });

  it('answers /auth/me without a session with 200 null: signed out is a state, not a failure', async () => {
    const res = await t.client().get(`${API}/auth/me`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('null');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /auth/users', () => {
  it('refuses a signed-in user whose e-mail is not verified yet, and no session at all', async () => {
    const { client, uid } = await signedUp('Dan', 'dan@icloud.com');
    const res = await client.post(`${API}/auth/users`, { userUID: uid });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'User is not authenticated' });
    const anonymous = await t.client().post(`${API}/auth/users`, { userUID: uid });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'User is not authenticated' });
  });

  it('records a verified user, refuses another uid with 403, and a missing one with 400', async () => {
    const { client, uid } = await signedUp('Eve', 'eve@protonmail.com');
    await verify(client, 'eve@protonmail.com');
    const ok = await client.post(`${API}/auth/users`, { userUID: uid });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ uid, displayName: 'Eve', email: 'eve@protonmail.com' });
    const again = await client.post(`${API}/auth/users`, { userUID: uid });
    expect(again.statusCode).toBe(200);

    const other = await client.post(`${API}/auth/users`, { userUID: 'someone-else' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'You can only act on your own account.' });
    const missing = await client.post(`${API}/auth/users`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('error');
  });
});

describe('profile, sign-in and sign-out', () => {
  it('updates the display name', async () => {
    const { client, uid } = await signedUp('Fay', 'fay@hotmail.com');
    await verify(client, 'fay@hotmail.com');
    const res = await client.post(`${IDENTITY}/update-user`, { name: 'Fay Wray' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.get(`${API}/auth/me`)).json<Me>().displayName).toBe('Fay Wray');
    const row = await client.post(`${API}/auth/users`, { userUID: uid });
    expect(row.json()).toMatchObject({ displayName: 'Fay Wray' });
  });

  it("answers a wrong password with better-auth's message", async () => {
    await signedUp('Gus', 'gus@gmail.com');
    const res = await t.client().signIn('gus@gmail.com', 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Invalid email or password' });
    const unknown = await t.client().signIn('nobody@gmail.com', 'whatever-pass');
    expect(unknown.json()).toMatchObject({ message: 'Invalid email or password' });
  });

  it('gives an unverified user a session on sign-in; sign-out ends it', async () => {
    await signedUp('Hal', 'hal@gmail.com');
    const client = t.client();
    const res = await client.signIn('hal@gmail.com', 'secret-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: 'hal@gmail.com', emailVerified: false } });
    const token = client.cookies.get('pigostream.session_token');
    expect(token).toBeTruthy();
    expect((await client.get(`${API}/auth/me`)).statusCode).toBe(200);

    const out = await client.post(`${IDENTITY}/sign-out`);
    expect(out.statusCode).toBe(200);
    expect((await client.get(`${API}/auth/me`)).json()).toBeNull();
    // The old cookie no longer works either: the session is gone from the database.
    client.cookies.set('pigostream.session_token', token ?? '');
    expect((await client.get(`${API}/auth/me`)).json()).toBeNull();
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, without Secure over http', async () => {
    await signedUp('Ivy', 'ivy@gmail.com');
    const res = await t.client().signIn('ivy@gmail.com', 'secret-pass');
    const session = setCookies(res)
      .map(parseSetCookie)
      .find((c) => c.name === 'pigostream.session_token');
    expect(session?.attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(session?.attrs).not.toContain('secure');
  });

  it('stores only a salted scrypt hash of the password', async () => {
    const { uid } = await signedUp('Jo', 'jo@gmail.com', 'same-password');
    const { uid: uid2 } = await signedUp('Kai', 'kai@gmail.com', 'same-password');
    const hashOf = async (userId: string) => {
      const [row] = await t.database.db
        .select({ password: authAccount.password })
        .from(authAccount)
        .where(eq(authAccount.userId, userId));
      return row?.password ?? '';
    };
    const [hash, hash2] = [await hashOf(uid), await hashOf(uid2)];
    expect(hash).not.toContain('same-password');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(hash2).not.toBe(hash);
    // better-auth's scrypt: N=16384, r=16, p=1, 64-byte key, the hex salt as salt.
    const [salt = '', key] = hash.split(':');
    const derived = scryptSync('same-password'.normalize('NFKC'), salt, 64, {
      N: 16384,
      r: 16,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect(derived.toString('hex')).toBe(key);
  });
});
