/**
 * The real app over a fresh test database, configured for identity tests (extra environment
 * such as SMTP_URL or GOOGLE_*), and a browser-like client: it keeps cookies by hand, sends the
 * site's Origin like a browser does, and comes from one IP address (`app.inject`'s
 * remoteAddress), so per-IP limits can be tested.
 */
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

export const API = '/pigo-stream';
export const IDENTITY = `${API}/identity`;

export interface IdentityTestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** A new client with an empty cookie jar, coming from `ip`. */
  client(ip?: string): IdentityClient;
  close(): Promise<void>;
}

let ipCounter = 0;
/** A distinct client IP per call, so tests do not share per-IP limits. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** Cookie attributes of one Set-Cookie header, lower-case names. */
export function parseSetCookie(header: string): { name: string; value: string; attrs: string[] } {
  const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  return {
    name: pair.slice(0, eq),
    value: pair.slice(eq + 1),
    attrs: attrs.map((a) => a.toLowerCase()),
  };
}

export function setCookies(res: InjectResponse): string[] {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

export class IdentityClient {
  readonly cookies = new Map<string, string>();

  /** `extra`: headers sent with every request (e.g. a proxy's `X-Forwarded-Proto`). */
  constructor(
    private readonly app: FastifyInstance,
    readonly origin: string,
    readonly ip: string,
    readonly extra: Record<string, string> = {},
  ) {}

  /** Sends a request with the jar's cookies and keeps the cookies the answer sets. */
  async request(method: 'GET' | 'POST', url: string, body?: unknown): Promise<InjectResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        origin: this.origin,
        ...this.extra,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    for (const header of setCookies(res)) {
      const { name, value, attrs } = parseSetCookie(header);
      if (value === '' || attrs.includes('max-age=0')) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  post(url: string, body: unknown = {}): Promise<InjectResponse> {
    return this.request('POST', url, body);
  }

  get(url: string): Promise<InjectResponse> {
    return this.request('GET', url);
  }

  /** Opens an absolute link (from a mail or a redirect) on this app. */
  follow(link: string): Promise<InjectResponse> {
    const url = new URL(link, this.origin);
    return this.get(`${url.pathname}${url.search}`);
  }

  signUp(name: string, email: string, password: string): Promise<InjectResponse> {
    return this.post(`${IDENTITY}/sign-up/email`, { name, email, password, callbackURL: '/' });
  }

  signIn(email: string, password: string): Promise<InjectResponse> {
    return this.post(`${IDENTITY}/sign-in/email`, { email, password, callbackURL: '/' });
  }
}

/**
 * Builds the app with `env` on top of `DATA_DIR=memory://` and silent logs over `database`
 * (which outlives the app: close it yourself), e.g. to start a server again over the same data.
 */
export async function buildIdentityApp(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { app, config };
}

/**
 * Starts the app with `env` on top of `DATA_DIR=memory://` and silent logs. Identity needs
 * no catalogue, so none is loaded.
 */
export async function startIdentityApp(env: Record<string, string> = {}): Promise<IdentityTestApp> {
  const database = await openTestDatabase();
  const { app, config } = await buildIdentityApp(database, env);
  return {
    app,
    database,
    config,
    client: (ip = nextIp()) => new IdentityClient(app, config.publicUrl, ip),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Resolves once `check` returns a value other than undefined (polled every 20 ms); rejects
 * after `timeoutMs`. For effects that follow an answer, such as mail sent after it.
 */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
