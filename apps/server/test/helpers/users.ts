/**
 * Signed-in users for tests of user calls, made through the identity module's own API: sign up
 * (`POST /pigo-stream/identity/sign-up/email`), then open the verification link of the mail it
 * files in the in-memory outbox (`DATA_DIR=memory://`, as startTestApp configures), which
 * verifies the address and answers the session cookie. Each user comes from its own client IP so
 * per-IP sign-up limits never trip.
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
const PASSWORD = 'secret-pass';

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
 * Signs a new user up; with `verified` (default) also opens the verification link.
 * @returns the user with a session cookie (unverified users get one too).
 */
export async function createUser(
  app: FastifyInstance,
  options: { verified?: boolean; name?: string } = {},
): Promise<TestUser> {
  const email = `u${randomUUID().slice(0, 12)}@gmail.com`;
  const ip = nextIp();
  const signUp = await app.inject({
    method: 'POST',
    url: `${API}/identity/sign-up/email`,
    remoteAddress: ip,
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: { name: options.name ?? 'Tester', email, password: PASSWORD, callbackURL: '/' },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  let cookies = cookiesOf(signUp);
  if (options.verified !== false) {
    const link = new URL(await verificationLink(email));
    const visit = await app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      remoteAddress: ip,
      headers: { origin: ORIGIN, cookie: cookies.join('; ') },
    });
    if (visit.statusCode >= 400) throw new Error(`verification failed: ${visit.body}`);
    const fresh = cookiesOf(visit);
    if (fresh.length > 0) cookies = fresh;
  }
  const me = await app.inject({
    method: 'GET',
    url: `${API}/auth/me`,
    remoteAddress: ip,
    headers: { cookie: cookies.join('; ') },
  });
  if (me.statusCode !== 200) throw new Error(`no session after sign-up: ${me.body}`);
  return { uid: me.json<{ uid: string }>().uid, email, ip, cookie: cookies.join('; ') };
}

/** Creates `count` verified users, concurrently. */
export function createUsers(app: FastifyInstance, count: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: count }, () => createUser(app)));
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
