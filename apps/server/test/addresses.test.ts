/**
 * Every address a household reaches the server by (docs/addresses.md), on both databases, over
 * a socket so headers reach the server as a client wrote them:
 * - mail links (verification, password reset) start with the trusted origin the request came
 *   from (its Origin, Referer or Host), else PUBLIC_URL; never with a host spelled in `Host`,
 *   `X-Forwarded-Host`, `Forwarded` or `Origin` that is not trusted (ADDR-4);
 * - a write under an untrusted `Host` answers 403 with the message naming ALLOWED_ORIGINS, while
 *   reads there still answer (ADDR-3); writes from another origin are refused with `Origin`,
 *   with only `Referer`, with only `Sec-Fetch-Site: cross-site`, and with `Origin: null` (ADDR-2);
 * - with PUBLIC_URL and ALLOWED_ORIGINS set behind a proxy, the ALLOWED_ORIGINS name gets its
 *   own links, and session cookies are host-only, `Secure` only over https (ADDR-5).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { listenOnLoopback, SocketClient, type RequestHeaders } from './helpers/raw-http.ts';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from './helpers/smtp-inbox.ts';
import { API, IDENTITY } from './helpers/spellings.ts';

const PASSWORD = 'secret-pass';
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
const FOREIGN = { error: 'Requests from another site are not accepted.' };

/** The message of a write to an unknown host name, for `origin`. */
function unknownHost(origin: string): string {
  return `This server does not know the address ${origin}, so it takes no changes there. Add ${origin} to ALLOWED_ORIGINS in the server's settings and restart it.`;
}

/** The machine's first non-internal IPv4 address, or a loopback one when it has none. */
function lanAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    const found = list?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return '127.0.0.9';
}

const HOSTNAME_LOCAL = `${os.hostname().toLowerCase()}.local`;

let root: string;
let inbox: SmtpInbox;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pigo-addresses-'));
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  await inbox.close();
  await rm(root, { recursive: true, force: true });
});

let counter = 0;
function newEmail(): string {
  counter += 1;
  return `addr${String(counter)}${Math.random().toString(36).slice(2, 8)}@gmail.com`;
}

/** The origins of every http(s) link in a mail, and the whole text for hostile names. */
function linkOrigins(mail: ReceivedMail): string[] {
  return mail.links.map((link) => new URL(link).origin);
}

async function startApp(env: Record<string, string>, name: string): Promise<[TestApp, string]> {
  const t = await startTestApp({
    seed: false,
    env: {
      ...env,
      DATA_DIR: path.join(root, name),
      SMTP_URL: inbox.url,
      AUTH_SECRET: 'a-test-secret-that-is-long-enough-123',
    },
  });
  return [t, await listenOnLoopback(t.app)];
}

describe('PUBLIC_URL unset, no proxy', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    [t, base] = await startApp({}, 'plain');
  });
  afterAll(async () => {
    await t.close();
  });

  /** Signs up a new address with `origin` (undefined: none) and `headers`; the mail it gets. */
  async function signUp(origin: string | undefined, headers: RequestHeaders = {}) {
    const email = newEmail();
    const res = await new SocketClient(base, origin).post(
      `${IDENTITY}/sign-up/email`,
      { name: 'Addr', email, password: PASSWORD, callbackURL: '/' },
      headers,
    );
    return { res, email };
  }

  const LAN = `http://${lanAddress()}:3000`;
  const TRUSTED: [string, string | undefined, RequestHeaders, string][] = [
    ['a second loopback address', 'http://127.0.0.2:3000', {}, 'http://127.0.0.2:3000'],
    ['the LAN address', LAN, {}, LAN],
    ['<hostname>.local', `http://${HOSTNAME_LOCAL}:3000`, {}, `http://${HOSTNAME_LOCAL}:3000`],
    [
      'the host name in capitals',
      `http://${HOSTNAME_LOCAL.toUpperCase()}:3000`,
      {},
      `http://${HOSTNAME_LOCAL}:3000`,
    ],
    [
      'no Origin, a Referer',
      undefined,
      { referer: 'http://127.0.0.4:3000/' },
      'http://127.0.0.4:3000',
    ],
    [
      'no Origin or Referer, its Host',
      undefined,
      { host: '127.0.0.5:3000' },
      'http://127.0.0.5:3000',
    ],
    [
      'Origin trusted, X-Forwarded-Host evil (no TRUST_PROXY)',
      'http://127.0.0.2:3000',
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      'http://127.0.0.2:3000',
    ],
    [
      'Origin trusted, Forwarded host=evil',
      'http://127.0.0.2:3000',
      { forwarded: 'for=1.2.3.4;host=evil.example;proto=https' },
      'http://127.0.0.2:3000',
    ],
    [
      'no Origin, a trusted name on another port as Host',
      undefined,
      { host: '127.0.0.5:9999' },
      DEFAULT_PUBLIC_URL,
    ],
    [
      'no Origin, its Host, X-Forwarded-Host evil (no TRUST_PROXY)',
      undefined,
      { host: '127.0.0.6:3000', 'x-forwarded-host': 'evil.example' },
      'http://127.0.0.6:3000',
    ],
  ];

  it.each(TRUSTED)(
    'mail links start with the trusted origin: %s',
    async (_label, origin, headers, expected) => {
      const { res, email } = await signUp(origin, headers);
      expect(res.status, res.body).toBe(200);
      const mail = await inbox.waitFor((m) => m.to.includes(email));
      expect(mail.links.length).toBeGreaterThan(0);
      expect(linkOrigins(mail)).toEqual(mail.links.map(() => expected));
      expect(mail.text + mail.html).not.toContain('evil.example');
      // The link works where it points: opening it verifies the address and signs in.
      const link = new URL(mail.links[0] ?? '');
      const visit = await new SocketClient(base, undefined).get(`${link.pathname}${link.search}`, {
        host: link.host,
      });
      expect(visit.status, visit.body).toBe(302);
      expect(visit.headers.location).toBe('/');
      expect(visit.setCookies.join(';')).toContain('pigostream.session_token=');
    },
  );

  it('a password reset link starts with the origin it was asked from', async () => {
    const { email } = await signUp('http://127.0.0.2:3000');
    await inbox.waitFor((m) => m.to.includes(email));
    const res = await new SocketClient(base, LAN).post(`${IDENTITY}/request-password-reset`, {
      email,
      redirectTo: '/reset-password',
    });
    expect(res.status, res.body).toBe(200);
    const mail = await inbox.waitFor((m) => m.to.includes(email) && m.text.includes('reset'));
    expect(linkOrigins(mail)).toEqual(mail.links.map(() => LAN));
  });

  const REFUSED: [string, string | undefined, RequestHeaders, unknown][] = [
    ['Origin evil', 'http://evil.example', {}, FOREIGN],
    ['Origin: null', 'null', {}, FOREIGN],
    ['only a Referer from evil', undefined, { referer: 'http://evil.example/x' }, FOREIGN],
    ['only Sec-Fetch-Site: cross-site', undefined, { 'sec-fetch-site': 'cross-site' }, FOREIGN],
    [
      'Host evil.example (DNS rebinding), its own Origin',
      'http://evil.example:3000',
      { host: 'evil.example:3000' },
      { error: unknownHost('http://evil.example:3000') },
    ],
    [
      'Host evil.example, a trusted Origin',
      DEFAULT_PUBLIC_URL,
      { host: 'evil.example' },
      { error: unknownHost('http://evil.example') },
    ],
  ];

  it.each(REFUSED)(
    'a sign-up is refused with 403, and no mail goes out: %s',
    async (_l, origin, headers, body) => {
      const { res, email } = await signUp(origin, headers);
      expect(res.status, res.body).toBe(403);
      const answer = res.json();
      const message = (body as { error: string }).error;
      expect(answer.message).toBe(message);
      // A later mail arrives; none came for the refused address.
      const { email: later } = await signUp('http://127.0.0.2:3000');
      await inbox.waitFor((m) => m.to.includes(later));
      expect(inbox.messages.some((m) => m.to.includes(email))).toBe(false);
    },
  );

  it.each(REFUSED)(
    'a product write is refused with 403, nothing saved: %s',
    async (_l, origin, headers, body) => {
      const res = await new SocketClient(base, origin).post(`${API}/sources/rescan`, {}, headers);
      expect(res.status, res.body).toBe(403);
      expect(res.json()).toEqual(body);
    },
  );

  it('under an unknown Host, pages and catalogue answers still come', async () => {
    const client = new SocketClient(base, undefined);
    const trending = await client.get(`${API}/index/trending/movie`, { host: 'evil.example' });
    expect(trending.status, trending.body).toBe(200);
    const health = await client.get(`${API}/health`, { host: 'evil.example:3000' });
    expect(health.status, health.body).toBe(200);
  });
});

describe('PUBLIC_URL and ALLOWED_ORIGINS set, behind a proxy', () => {
  const PUBLIC = 'https://pigo.example.com';
  const VPN = 'http://pigo.vpn:8080';
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    [t, base] = await startApp(
      { PUBLIC_URL: PUBLIC, ALLOWED_ORIGINS: `${VPN}, http://nas.lan:3000/`, TRUST_PROXY: 'true' },
      'proxied',
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('the ALLOWED_ORIGINS name gets its own links, as nginx forwards it (Host without port)', async () => {
    const email = newEmail();
    const res = await new SocketClient(base, VPN).post(
      `${IDENTITY}/sign-up/email`,
      { name: 'Vpn', email, password: PASSWORD, callbackURL: '/' },
      { host: 'pigo.vpn', 'x-forwarded-proto': 'http', 'x-forwarded-for': '10.0.0.8' },
    );
    expect(res.status, res.body).toBe(200);
    const mail = await inbox.waitFor((m) => m.to.includes(email));
    expect(linkOrigins(mail)).toEqual(mail.links.map(() => VPN));
  });

  it('X-Forwarded-Host of an unknown name is refused (TRUST_PROXY reads it), and no mail goes out', async () => {
    const email = newEmail();
    const res = await new SocketClient(base, PUBLIC).post(
      `${IDENTITY}/sign-up/email`,
      { name: 'Evil', email, password: PASSWORD, callbackURL: '/' },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    );
    expect(res.status, res.body).toBe(403);
    expect(res.json().message).toBe(unknownHost('https://evil.example'));
  });

  it('an untrusted request origin falls back to PUBLIC_URL', async () => {
    const email = newEmail();
    const res = await new SocketClient(base, undefined).post(
      `${IDENTITY}/sign-up/email`,
      { name: 'Port', email, password: PASSWORD, callbackURL: '/' },
      { host: 'pigo.vpn:9999' },
    );
    expect(res.status, res.body).toBe(200);
    const mail = await inbox.waitFor((m) => m.to.includes(email));
    expect(linkOrigins(mail)).toEqual(mail.links.map(() => PUBLIC));
  });

  it('session cookies are host-only, Secure only over https, and each works where it was set', async () => {
    const email = newEmail();
    const signUp = await new SocketClient(base, PUBLIC).post(
      `${IDENTITY}/sign-up/email`,
      { name: 'Cookie', email, password: PASSWORD, callbackURL: '/' },
      { host: 'pigo.example.com', 'x-forwarded-proto': 'https' },
    );
    expect(signUp.status, signUp.body).toBe(200);
    for (const [origin, proto, name, secure] of [
      [PUBLIC, 'https', '__Secure-pigostream.session_token', true],
      ['http://nas.lan:3000', 'http', 'pigostream.session_token', false],
    ] as const) {
      const client = new SocketClient(base, origin);
      const host = new URL(origin).host;
      const signIn = await client.post(
        `${IDENTITY}/sign-in/email`,
        { email, password: PASSWORD },
        { host, 'x-forwarded-proto': proto },
      );
      expect(signIn.status, signIn.body).toBe(200);
      const session = signIn.setCookies.find((c) => c.startsWith(`${name}=`));
      expect(session, signIn.setCookies.join('\n')).toBeDefined();
      const attrs = (session ?? '').split(';').map((a) => a.trim().toLowerCase());
      expect(attrs.includes('secure'), origin).toBe(secure);
      expect(
        attrs.some((a) => a.startsWith('domain=')),
        origin,
      ).toBe(false);
      expect(attrs).toContain('httponly');
      const me = await client.get(`${API}/auth/me`, { host, 'x-forwarded-proto': proto });
      expect(me.status, me.body).toBe(200);
      expect(me.json()).toMatchObject({ email });
    }
  });
});
