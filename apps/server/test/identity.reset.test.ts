/**
 * Password reset end to end over SMTP (ERR-15 in docs/requirements.md), secure cookies behind an
 * https PUBLIC_URL, and mail and secrets without SMTP: the outbox folder (and its log line with the
 * link), the in-memory outbox, and the generated AUTH_SECRET file.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { memoryOutbox } from '../src/modules/mail/mailer.ts';
import { resolveAuthSecret } from '../src/modules/identity/identity.secret.ts';
import { openTestDatabase } from './helpers/database.ts';
import {
  API,
  eventually,
  IDENTITY,
  IdentityClient,
  nextIp,
  parseSetCookie,
  setCookies,
  startIdentityApp,
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

describe('password reset', () => {
  it('mails a link to the app screen; the token sets a new password, the old one stops working', async () => {
    const client = t.client();
    await client.signUp('Rita', 'rita@gmail.com', 'old-password');
    expect((await client.signIn('rita@gmail.com', 'old-password')).statusCode).toBe(200);
    expect((await client.get(`${API}/auth/me`)).statusCode).toBe(200);
    const request = await t.client().post(`${IDENTITY}/request-password-reset`, {
      email: 'rita@gmail.com',
      redirectTo: '/reset-password',
    });
    expect(request.statusCode, request.body).toBe(200);
    expect(request.json()).toMatchObject({ status: true });

    const mail = await inbox.waitFor(
      (m) => m.to.includes('rita@gmail.com') && m.subject === 'Reset your PigoStream password',
    );
    const link = mail.links.find((l) => l.includes('/reset-password/')) ?? '';
    expect(link).toMatch(/^http:\/\/localhost:3000\/pigo-stream\/identity\/reset-password\/\w+/);
    const browser = t.client();
    const visit = await browser.follow(link);
    expect(visit.statusCode).toBe(302);
    const screen = new URL(String(visit.headers.location));
    expect(screen.pathname).toBe('/reset-password');
    const token = screen.searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    // The app serves its screen at that route.
    expect((await t.app.inject({ url: `/reset-password?token=${token}` })).statusCode).toBe(200);

    const short = await browser.post(`${IDENTITY}/reset-password`, { newPassword: '123', token });
    expect(short.json()).toMatchObject({ message: 'Password should be at least 6 characters.' });
    const reset = await browser.post(`${IDENTITY}/reset-password`, {
      newPassword: 'new-password',
      token,
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expect((await t.client().signIn('rita@gmail.com', 'new-password')).statusCode).toBe(200);
    const old = await t.client().signIn('rita@gmail.com', 'old-password');
    expect(old.statusCode).toBe(401);
    // The token works once, and sessions from before the reset are ended.
    const again = await browser.post(`${IDENTITY}/reset-password`, {
      newPassword: 'third-password',
      token,
    });
    expect(again.statusCode).toBe(400);
    expect((await client.get(`${API}/auth/me`)).json()).toBeNull();
  });

  it('answers an unknown address like a known one, and sends nothing', async () => {
    await t.client().signUp('Known', 'known@gmail.com', 'secret-pass');
    const unknown = await t.client().post(`${IDENTITY}/request-password-reset`, {
      email: 'nobody-here@gmail.com',
      redirectTo: '/reset-password',
    });
    const known = await t.client().post(`${IDENTITY}/request-password-reset`, {
      email: 'known@gmail.com',
      redirectTo: '/reset-password',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ status: true });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    // The known address's mail, asked for after the unknown one, arrives; none for the unknown.
    await inbox.waitFor(
      (m) => m.to.includes('known@gmail.com') && m.subject === 'Reset your PigoStream password',
    );
    expect(inbox.messages.filter((m) => m.to.includes('nobody-here@gmail.com'))).toEqual([]);
  });
});

describe('behind https', () => {
  it('marks the session cookie Secure over https (behind a proxy), and not over plain http', async () => {
    const secure = await startIdentityApp({
      PUBLIC_URL: 'https://pigo.example.com',
      TRUST_PROXY: 'true',
    });
    try {
      const client = new IdentityClient(secure.app, 'https://pigo.example.com', nextIp(), {
        'x-forwarded-proto': 'https',
      });
      expect((await client.signUp('Sec', 'sec@gmail.com', 'secret-pass')).statusCode).toBe(200);
      const res = await client.signIn('sec@gmail.com', 'secret-pass');
      expect(res.statusCode, res.body).toBe(200);
      const cookie = setCookies(res)
        .map(parseSetCookie)
        .find((c) => c.name.endsWith('pigostream.session_token'));
      expect(cookie?.name).toBe('__Secure-pigostream.session_token');
      expect(cookie?.attrs).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
      // A page on another origin cannot act with the cookie.
      const foreign = new IdentityClient(secure.app, 'https://evil.example', nextIp());
      foreign.cookies.set(cookie?.name ?? '', cookie?.value ?? '');
      const out = await foreign.post(`${IDENTITY}/update-user`, { name: 'Mallory' });
      expect(out.statusCode).toBe(403);
      expect(out.json()).toEqual({
        code: 'FORBIDDEN_ORIGIN',
        message: 'Requests from another site are not accepted.',
      });
      const me = await client.get(`${API}/auth/me`);
      expect(me.json()).toMatchObject({ displayName: 'Sec' });
      // The same account at the machine's plain-http address: a cookie without Secure, which
      // a browser keeps there.
      const lan = new IdentityClient(secure.app, 'http://localhost:3000', nextIp());
      const plain = await lan.signIn('sec@gmail.com', 'secret-pass');
      expect(plain.statusCode, plain.body).toBe(200);
      const plainCookie = setCookies(plain)
        .map(parseSetCookie)
        .find((c) => c.name.endsWith('pigostream.session_token'));
      expect(plainCookie?.name).toBe('pigostream.session_token');
      expect(plainCookie?.attrs).not.toContain('secure');
      expect((await lan.get(`${API}/auth/me`)).json()).toMatchObject({ displayName: 'Sec' });
    } finally {
      await secure.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('keeps mail in memory with DATA_DIR=memory://', async () => {
    const plain = await startIdentityApp();
    try {
      await plain.client().signUp('Mem', 'mem@gmail.com', 'secret-pass');
      // Mail goes out after the answer.
      const mail = await eventually(() => memoryOutbox.find((m) => m.to === 'mem@gmail.com'));
      expect(mail.subject).toBe('Verify your PigoStream e-mail');
      expect(mail.eml).toContain('Subject: Verify your PigoStream e-mail');
      expect(mail.text).toContain(mail.link);
      expect(mail.html).toContain('verify-email?token=');
    } finally {
      await plain.close();
    }
  });

  it('writes .eml files to DATA_DIR/outbox, logs the link, and keeps a generated secret', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pigo-identity-'));
    const lines: string[] = [];
    const database = await openTestDatabase();
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir }),
      database,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const client = new IdentityClient(app, 'http://localhost:3000', nextIp());
      expect((await client.signUp('Out', 'out@gmail.com', 'secret-pass')).statusCode).toBe(200);
      // Mail goes out after the answer: wait for the file and its log line.
      const outbox = path.join(dataDir, 'outbox');
      await eventually(() =>
        lines.some((l) => l.includes('outbox')) && existsSync(outbox) ? true : undefined,
      );
      const files = readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-out@gmail\.com\.eml$/);
      const eml = readFileSync(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
      expect(eml).toContain('To: out@gmail.com');
      expect(eml).toContain('From: PigoStream <no-reply@pigostream.local>');
      const logged = lines
        .map((l) => JSON.parse(l) as { msg: string; link?: string })
        .find((l) => l.msg.includes('outbox'));
      expect(logged?.link).toMatch(/\/pigo-stream\/identity\/verify-email\?token=/);
      expect(eml.replace(/=\n/g, '')).toContain(logged?.link?.slice(0, 60));

      const secretFile = path.join(dataDir, 'auth-secret');
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      const secret = readFileSync(secretFile, 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(await resolveAuthSecret(undefined, dataDir)).toBe(secret);
      expect(await resolveAuthSecret('x'.repeat(40), dataDir)).toBe('x'.repeat(40));
    } finally {
      await app.close();
      await database.close();
    }
  });
});
