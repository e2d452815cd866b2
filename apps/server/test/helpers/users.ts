/**
 * Signed-in users for tests of user calls, made through the identity module's own API: sign up
 * (`POST /pigo-stream/identity/sign-up/email`, which gives no session: SEC-3, SEC-5 in
 * docs/requirements.md), then open the verification link of the mail it files in the in-memory
 * outbox (`DATA_DIR=memory://`, as startTestApp configures), which verifies the address and answers
 * the session cookie. An unverified user signs in with the password instead, as the app does. Each
 * user comes from its own client IP so per-IP sign-up limits never trip.
 */
import { randomUUID } from 'node:crypto';
import type {
  FastifyInstance,
  InjectOptions,
  LightMyRequestResponse as InjectResponse,
} from 'fastify';
import { memoryOutbox } from '../../src/modules/mail/mailer.ts';

export const API = '/pigo-stream';
/** The origin the test app trusts (PUBLIC_URL's default). */
const ORIGIN = 'http://localhost:3000';
/** Every test user's password. */
export const PASSWORD = 'secret-pass';

/** A signed-in user: `cookie` is the `Cookie` header value of their session. */
export interface TestUser {
  uid: string;
  email: string;
  ip: string;
  cookie: string;
}

let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** `name=value; ...` of the answer's Set-Cookie headers that set a value. */
function cookiesOf(res: InjectResponse): string[] {
  const raw = res.headers['set-cookie'];
  const headers = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return headers.map((h) => h.split(';')[0] ?? '').filter((pair) => !pair.endsWith('='));
}

async function verificationLink(email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = memoryOutbox.findLast((m) => m.to === email && m.link.includes('verify-email'));
    if (mail) return mail.link;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no verification mail for ${email}`);
}

/**
 * Signs a new user up; with `verified` (default) then opens the verification link, which signs
 * the user in; unverified users sign in with their password.
 * @returns the user with a session cookie.
 */
export async function createUser(
  app: FastifyInstance,
  options: { verified?: boolean; name?: string } = {},
): Promise<TestUser> {
  const email = `u${randomUUID().slice(0, 12)}@gmail.com`;
  const ip = nextIp();
  const post = (path: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `${API}/identity/${path}`,
      remoteAddress: ip,
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload,
    });
  const signUp = await post('sign-up/email', {
    name: options.name ?? 'Tester',
    email,
    password: PASSWORD,
    callbackURL: '/',
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  let cookies: string[];
  if (options.verified !== false) {
    const link = new URL(await verificationLink(email));
    const visit = await app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      remoteAddress: ip,
    });
    if (visit.statusCode >= 400) throw new Error(`verification failed: ${visit.body}`);
    cookies = cookiesOf(visit);
  } else {
    const signIn = await post('sign-in/email', { email, password: PASSWORD, callbackURL: '/' });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
    cookies = cookiesOf(signIn);
  }
  const me = await app.inject({
    method: 'GET',
    url: `${API}/auth/me`,
    remoteAddress: ip,
    headers: { cookie: cookies.join('; ') },
  });
  if (me.statusCode !== 200 || me.json() === null) {
    throw new Error(`no session after sign-up: ${me.body}`);
  }
  return { uid: me.json<{ uid: string }>().uid, email, ip, cookie: cookies.join('; ') };
}

/** Creates `count` verified users, concurrently. */
export function createUsers(app: FastifyInstance, count: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: count }, () => createUser(app)));
}

/**
 * Signs `u` in again with the password: a second session of the same account, as another device
 * would have. @throws Error when the sign-in is refused.
 */
export async function signInAgain(app: FastifyInstance, u: TestUser): Promise<TestUser> {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/identity/sign-in/email`,
    remoteAddress: u.ip,
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: { email: u.email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return { ...u, cookie: cookiesOf(res).join('; ') };
}

/**
 * Sends a request as `user` (or anonymously with null): JSON bodies, the user's cookie and IP.
 * `init` overrides or adds inject options (raw payloads, other content types).
 */
export function request(
  app: FastifyInstance,
  user: TestUser | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  init: Partial<InjectOptions> = {},
): Promise<InjectResponse> {
  const headers: Record<string, string> = {};
  if (user) headers.cookie = user.cookie;
  // Writes come from the app's own page, as a browser sends them (Origin on every write),
  // unless the test names the site itself.
  const named = Object.keys((init.headers as Record<string, string> | undefined) ?? {}).map((h) =>
    h.toLowerCase(),
  );
  if (method !== 'GET' && !['origin', 'referer', 'sec-fetch-site'].some((h) => named.includes(h))) {
    headers.origin = ORIGIN;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url,
    remoteAddress: user?.ip ?? '10.9.255.254',
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
  });
}
