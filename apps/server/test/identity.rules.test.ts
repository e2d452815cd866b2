/**
 * Server-side identity rules (VALID-1..12 in docs/requirements.md, agreed identity API): sign-up
 * e-mail format and domain, username, password minimum; attempt limits per address and per IP;
 * resending the verification mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ALLOWED_EMAIL_DOMAINS,
  DEFAULT_PASSWORD_MIN_LENGTH,
} from '@pigostream/contracts/constants';
import { loadConfig } from '../src/config.ts';
import { API, IDENTITY, startIdentityApp, type IdentityTestApp } from './helpers/identity-app.ts';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.ts';

const RATE_LIMITED = {
  code: 'RATE_LIMITED',
  message: 'Too many attempts. Please wait a minute and try again.',
};

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

describe('sign-up rules', () => {
  it.each([
    ['no-at-sign.gmail.com', 'Invalid email format.'],
    ['two@at@gmail.com', 'Invalid email format.'],
    ['nodomain@', 'Invalid email format.'],
    ['spaces in@gmail.com', 'Invalid email format.'],
    ['someone@example.com', 'Unsupported email provider. Use Gmail, Outlook, Yahoo, etc.'],
    ['someone@yahoo.co.uk', 'Unsupported email provider. Use Gmail, Outlook, Yahoo, etc.'],
  ])('refuses %s with "%s"', async (email, message) => {
    const res = await t.client().signUp('Zed', email, 'secret-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: expect.any(String) as string, message });
  });

  it('takes the allowed domains case-insensitively', async () => {
    const res = await t.client().signUp('Upper', 'Upper@GMAIL.COM', 'secret-pass');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a password shorter than PASSWORD_MIN_LENGTH (6) and a blank username', async () => {
    const short = await t.client().signUp('Zed', 'zed@gmail.com', '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password should be at least 6 characters.',
    });
    const blank = await t.client().signUp('  ', 'zed@gmail.com', '123456');
    expect(blank.json()).toMatchObject({ message: 'Username is required.' });
    const ok = await t.client().signUp('Zed', 'zed@gmail.com', '123456');
    expect(ok.statusCode).toBe(200);
  });

  it('reports the rules on /auth/config, google false when unset', async () => {
    const res = await t.client().get(`${API}/auth/config`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      google: false,
      passwordMinLength: DEFAULT_PASSWORD_MIN_LENGTH,
      allowedEmailDomains: DEFAULT_ALLOWED_EMAIL_DOMAINS,
    });
  });
});

describe('error shapes', () => {
  it('answers identity failures as better-auth does, { code, message }', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: `${IDENTITY}/sign-in/email`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid JSON body' });
    const unknown = await t.client().get(`${IDENTITY}/no-such-call`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toHaveProperty('code', 'NOT_FOUND');
    // Google is not configured in this app.
    const google = await t.client().post(`${IDENTITY}/sign-in/oauth2`, { providerId: 'google' });
    expect(google.statusCode).toBe(404);
    expect(google.json()).toHaveProperty('code', 'PROVIDER_NOT_FOUND');
  });
});

describe('attempt limits', () => {
  it('ends 20 wrong passwords for one address within a minute in 429', async () => {
    await t.client().signUp('Lim', 'lim@gmail.com', 'right-password');
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 20; i++) {
      // A new client (and IP) each time: the per-address limit alone must stop it.
      last = await t.client().signIn('lim@gmail.com', `wrong-${i}`);
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array<number>(10).fill(429));
    expect(last?.json()).toEqual(RATE_LIMITED);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits for the window to end.
    expect((await t.client().signIn('LIM@gmail.com', 'right-password')).statusCode).toBe(429);
  });

  it('limits sign-in attempts per IP to 30 a minute across addresses', async () => {
    const client = t.client();
    for (let i = 0; i < 30; i++) {
      const res = await client.signIn(`ip-user-${i}@gmail.com`, 'whatever-pass');
      expect(res.statusCode).toBe(401);
    }
    const refused = await client.signIn('ip-user-30@gmail.com', 'whatever-pass');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(RATE_LIMITED);
    // Another IP is not affected.
    expect((await t.client().signIn('ip-user-30@gmail.com', 'whatever-pass')).statusCode).toBe(401);
  });

  it('limits sign-up to 20 per IP a minute', async () => {
    const client = t.client();
    for (let i = 0; i < 20; i++) {
      const res = await client.signUp('Bulk', `bulk${i}@invalid-domain.test`, 'secret-pass');
      expect(res.statusCode).toBe(400);
    }
    const refused = await client.signUp('Bulk', 'bulk20@gmail.com', 'secret-pass');
    expect(refused.statusCode).toBe(429);
  });
});

describe('resend verification', () => {
  it('sends a new verification mail, and refuses a sixth request within a minute', async () => {
    const client = t.client();
    await client.signUp('Res', 'res@gmail.com', 'secret-pass');
    await inbox.waitFor((m) => m.to.includes('res@gmail.com'));
    const count = () => inbox.messages.filter((m) => m.to.includes('res@gmail.com')).length;

    const resend = () =>
      client.post(`${IDENTITY}/send-verification-email`, {
        email: 'res@gmail.com',
        callbackURL: '/',
      });
    const first = await resend();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: true, mailDelayed: false });
    await inbox.waitFor(() => count() === 2);
    const mail = inbox.messages.filter((m) => m.to.includes('res@gmail.com'))[1];
    expect(mail?.subject).toBe('Verify your PigoStream e-mail');
    const visit = await client.follow(mail?.links.find((l) => l.includes('verify-email')) ?? '');
    expect(visit.statusCode).toBe(302);

    // The address is verified now; better-auth refuses further resends, and the limit counts
    // them all: 5 per address a minute.
    for (let i = 2; i <= 5; i++) expect((await resend()).statusCode).not.toBe(429);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(RATE_LIMITED);
  });

  it('limits resends for one address from anonymous callers too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t
        .client()
        .post(`${IDENTITY}/send-verification-email`, { email: 'ghost@gmail.com' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('identity configuration', () => {
  it('defaults PUBLIC_URL to localhost:PORT and configures the dev origin only then', () => {
    const local = loadConfig({ PORT: '4100' });
    expect(local.publicUrl).toBe('http://localhost:4100');
    expect(local.identity.trustedOrigins).toEqual([
      'http://localhost:4100',
      'http://localhost:5173',
    ]);
    expect(local.identity.passwordMinLength).toBe(6);
    expect(local.mail).toEqual({
      smtpUrl: undefined,
      from: 'PigoStream <no-reply@pigostream.local>',
    });
    const hosted = loadConfig({
      PUBLIC_URL: 'https://pigo.example.com/',
      PASSWORD_MIN_LENGTH: '8',
    });
    expect(hosted.publicUrl).toBe('https://pigo.example.com');
    expect(hosted.identity.trustedOrigins).toEqual(['https://pigo.example.com']);
    expect(hosted.identity.passwordMinLength).toBe(8);
  });

  it('reads ALLOWED_ORIGINS as normalised origins, and names an entry that is not one', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://pigo.example.com',
      ALLOWED_ORIGINS: ' HTTP://Pigo.VPN:8080/ ,https://nas.example.org:443,,',
    });
    expect(config.identity.trustedOrigins).toEqual([
      'https://pigo.example.com',
      'http://pigo.vpn:8080',
      'https://nas.example.org',
    ]);
    for (const bad of ['pigo.vpn:8080', 'http://nas/path', 'ftp://nas', 'null', 'http://a b']) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: `http://ok.example,${bad}` }), bad).toThrow(
        /ALLOWED_ORIGINS: ".*" is not an origin/,
      );
    }
  });

  it('reads ALLOWED_EMAIL_DOMAINS as a comma list and Google only with id and secret', () => {
    const config = loadConfig({
      ALLOWED_EMAIL_DOMAINS: ' Example.org, gmail.com ,',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.identity.allowedEmailDomains).toEqual(['example.org', 'gmail.com']);
    expect(config.identity.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
    });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });
});
