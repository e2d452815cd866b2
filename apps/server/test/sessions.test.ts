/**
 * Session lookups are kept for a moment (SEC-3 in docs/requirements.md), but whatever ends or
 * changes a session takes effect on this server at once: after sign-out, revoking sessions, a
 * password change or reset, the old cookie is refused on the very next product call even though it
 * was used successfully just before; a verified address and a new display name show at once too.
 */
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryOutbox } from '../src/modules/mail/mailer.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/identity-app.ts';
import { API, createUser, PASSWORD, request, type TestUser } from './helpers/users.ts';

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

/** `name=value; ...` of the answer's Set-Cookie headers that set a value. */
function cookiesOf(res: InjectResponse): string {
  const raw = res.headers['set-cookie'];
  const headers = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return headers
    .map((h) => h.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** An identity call from the app (its Origin), with `cookie`. */
function identity(
  cookie: string,
  call: string,
  body: unknown = {},
  method: 'POST' | 'GET' = 'POST',
) {
  return t.app.inject({
    method,
    url: `${API}/identity/${call}`,
    headers: {
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { payload: JSON.stringify(body) } : {}),
  });
}

/** The status of fetch-my-list for `user` with `cookie`. */
async function myListStatus(user: TestUser, cookie: string): Promise<number> {
  const res = await request(
    t.app,
    { ...user, cookie },
    'GET',
    `${API}/my-list/${user.uid}/fetch-my-list`,
  );
  return res.statusCode;
}

/** Uses `cookie` twice (so its lookup is kept) and checks it works. */
async function warm(user: TestUser, cookie: string): Promise<void> {
  expect(await myListStatus(user, cookie)).toBe(200);
  expect(await myListStatus(user, cookie)).toBe(200);
}

/** A second session of `user`: a password sign-in from another browser. */
async function secondSession(user: TestUser): Promise<string> {
  const res = await identity('', 'sign-in/email', { email: user.email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = cookiesOf(res);
  expect(cookie).not.toBe('');
  return cookie;
}

describe('a session ended on this server is refused at once', () => {
  it('after sign-out', async () => {
    const user = await createUser(t.app);
    await warm(user, user.cookie);
    const out = await identity(user.cookie, 'sign-out');
    expect(out.statusCode, out.body).toBe(200);
    expect(await myListStatus(user, user.cookie)).toBe(401);
    const me = await request(t.app, user, 'GET', `${API}/auth/me`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toBeNull();
  });

  it('after sign-out on another session of the same user, that one only', async () => {
    const user = await createUser(t.app);
    const other = await secondSession(user);
    await warm(user, user.cookie);
    await warm(user, other);
    expect((await identity(other, 'sign-out')).statusCode).toBe(200);
    expect(await myListStatus(user, other)).toBe(401);
    expect(await myListStatus(user, user.cookie)).toBe(200);
  });

  it('after revoke-other-sessions: the other browser is out, this one stays', async () => {
    const user = await createUser(t.app);
    const other = await secondSession(user);
    await warm(user, user.cookie);
    await warm(user, other);
    const res = await identity(user.cookie, 'revoke-other-sessions');
    expect(res.statusCode, res.body).toBe(200);
    expect(await myListStatus(user, other)).toBe(401);
    expect(await myListStatus(user, user.cookie)).toBe(200);
  });

  it('after revoke-sessions: every session is out', async () => {
    const user = await createUser(t.app);
    const other = await secondSession(user);
    await warm(user, user.cookie);
    await warm(user, other);
    const res = await identity(user.cookie, 'revoke-sessions');
    expect(res.statusCode, res.body).toBe(200);
    expect(await myListStatus(user, other)).toBe(401);
    expect(await myListStatus(user, user.cookie)).toBe(401);
  });

  it('after a password change that signs other browsers out', async () => {
    const user = await createUser(t.app);
    const other = await secondSession(user);
    await warm(user, other);
    const res = await identity(user.cookie, 'change-password', {
      currentPassword: PASSWORD,
      newPassword: 'changed-password',
      revokeOtherSessions: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await myListStatus(user, other)).toBe(401);
  });

  it('after a password reset', async () => {
    const user = await createUser(t.app);
    await warm(user, user.cookie);
    const asked = await identity('', 'request-password-reset', {
      email: user.email,
      redirectTo: '/reset-password',
    });
    expect(asked.statusCode).toBe(200);
    const mail = await eventually(() =>
      memoryOutbox.find((m) => m.to === user.email && m.link.includes('/reset-password/')),
    );
    const link = new URL(mail.link);
    const visit = await t.app.inject({ url: `${link.pathname}${link.search}` });
    const token = new URL(String(visit.headers.location), ORIGIN).searchParams.get('token');
    const reset = await identity('', 'reset-password', { token, newPassword: 'reset-password' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await myListStatus(user, user.cookie)).toBe(401);
  });
});

describe('a session changed on this server shows at once', () => {
  it('a verified address: the unverified browser is let in on its next call', async () => {
    const user = await createUser(t.app, { verified: false });
    expect(await myListStatus(user, user.cookie)).toBe(401);
    expect(await myListStatus(user, user.cookie)).toBe(401);
    const mail = await eventually(() =>
      memoryOutbox.find((m) => m.to === user.email && m.link.includes('verify-email')),
    );
    const link = new URL(mail.link);
    const visit = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(visit.statusCode).toBe(302);
    expect(await myListStatus(user, user.cookie)).toBe(200);
  });

  it('a new display name', async () => {
    const user = await createUser(t.app, { name: 'Before' });
    const record = () => request(t.app, user, 'POST', `${API}/auth/users`, { userUID: user.uid });
    expect((await record()).json()).toMatchObject({ displayName: 'Before' });
    expect((await record()).json()).toMatchObject({ displayName: 'Before' });
    const res = await identity(user.cookie, 'update-user', { name: 'After' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await record()).json()).toMatchObject({ displayName: 'After' });
  });
});
