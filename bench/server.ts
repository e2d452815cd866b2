/**
 * The bench's own servers and accounts: the real server as a child process (`tsx
 * apps/server/src/main.ts`) on a loopback port with a fresh data directory and a freshly built
 * web app, on the embedded database or on a fresh database of a PostgreSQL server
 * ({@link createPostgresDatabase}), a verified account made through the identity API (its mail
 * read from the outbox folder, as a newcomer without SMTP does), and clean stops. Ports come
 * from 3500-3599.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A started child process and how to stop it. */
export interface Child {
  process: ChildProcess;
  /** Sends SIGTERM, then SIGKILL after `graceMs` ms; resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `command args` in its own process group (so stopping it stops what it started), with
 * `env` added to this process's environment; its output is dropped unless BENCH_VERBOSE is set.
 */
export function startChild(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd = repoRoot,
): Child {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: process.env.BENCH_VERBOSE ? 'inherit' : ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    child.once('exit', () => {
      resolve();
    });
  });
  child.once('exit', (code, signal) => {
    if (code && code !== 0 && !signal) console.error(`${command} ${args.join(' ')}: ${stderr}`);
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  return {
    process: child,
    async stop(graceMs = 10_000) {
      signalGroup('SIGTERM');
      const timer = setTimeout(() => {
        signalGroup('SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 2xx, for at most `timeoutMs` ms. @throws Error when it never does. */
export async function waitForOk(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The bench's app server: its base URL, data directory, and stop (which removes the data). */
export interface BenchServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The databases the server can run on: the embedded one (PGlite) or a PostgreSQL server. */
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** A fresh database on a PostgreSQL server, and how to drop it. */
export interface BenchDatabase {
  /** Its connection URL, for the server's DATABASE_URL. */
  url: string;
  name: string;
  /** Drops it (closing what is still connected to it). */
  drop(): Promise<void>;
}

/**
 * Creates an empty database `pigo_bench_<time>` on the PostgreSQL server of BENCH_POSTGRES_URL
 * (default `postgres://postgres@127.0.0.1:5432/postgres`: the user must be allowed to create
 * databases). @throws Error when the server refuses.
 */
export async function createPostgresDatabase(): Promise<BenchDatabase> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `pigo_bench_${String(Date.now())}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/**
 * Starts the real server on `port` with a fresh data directory, on the embedded database there
 * or, with `databaseUrl`, on that (empty) PostgreSQL database (the starter catalogue is loaded
 * at first start), serving the web app built in `webDist`; no SMTP, so mail goes to
 * DATA_DIR/outbox. @throws Error when it is not ready within 180 s.
 */
export async function startAppServer(
  port: number,
  webDist: string,
  databaseUrl?: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pigo-bench-server-'));
  const child = startChild('npx', ['tsx', 'apps/server/src/main.ts'], {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // A fresh install: no link templates (the play page then has no server to embed, and
    // loads nothing from another host), the e2e release manifest for /pigostore.
    RELEASES_FILE: path.join(repoRoot, 'apps/web/e2e/support/config/releases.e2e.json'),
    SMTP_URL: '',
    ...env,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${baseUrl}/pigo-stream/health`, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}

/** `name=value` pairs of a response's Set-Cookie headers that set a value. */
function cookiesOf(res: Response): string[] {
  return res.headers
    .getSetCookie()
    .map((h) => h.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='));
}

/** The verification link of the newest outbox mail to `email` (quoted-printable undone). */
async function verificationLink(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt++) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox)
        .filter((f) => f.includes(email))
        .sort();
    } catch {
      // No mail yet.
    }
    const newest = files.at(-1);
    if (newest) {
      const eml = readFileSync(path.join(outbox, newest), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '=');
      const link = /https?:\/\/[^\s"'<>]*verify-email[^\s"'<>]*/.exec(eml)?.[0];
      if (link) return link.replaceAll('&amp;', '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail for ${email} in ${outbox}`);
}

/** A verified, signed-in account: its uid and the `Cookie` header value of its session. */
export interface BenchAccount {
  uid: string;
  email: string;
  cookie: string;
}

/**
 * Signs a new account up through the identity API, opens the mailed verification link (which
 * signs it in) and returns that session. Any cookie the sign-up answer sets is ignored: the
 * session comes from the link alone, as on a server where sign-up sets none.
 * @throws Error when a step is refused.
 */
export async function createVerifiedAccount(server: BenchServer): Promise<BenchAccount> {
  const email = `bench${String(Date.now())}@gmail.com`;
  const headers = { origin: server.baseUrl, 'content-type': 'application/json' };
  const signUp = await fetch(`${server.baseUrl}/pigo-stream/identity/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench', email, password: 'bench-pass-1', callbackURL: '/' }),
  });
  if (!signUp.ok)
    throw new Error(`sign-up failed: ${String(signUp.status)} ${await signUp.text()}`);
  const link = await verificationLink(server.dataDir, email);
  const visit = await fetch(link, { redirect: 'manual' });
  if (visit.status >= 400) throw new Error(`verification failed: ${String(visit.status)}`);
  const cookie = cookiesOf(visit).join('; ');
  if (!cookie) throw new Error('the verification link set no session cookie');
  const me = await fetch(`${server.baseUrl}/pigo-stream/auth/me`, { headers: { cookie } });
  const user = (await me.json()) as { uid?: string; emailVerified?: boolean } | null;
  if (!me.ok || !user?.uid || !user.emailVerified) throw new Error('no verified session');
  return { uid: user.uid, email, cookie };
}

/** Runs `vite` with `args` in apps/web. @throws Error when it fails. */
async function vite(args: string[]): Promise<void> {
  const build = startChild('npx', ['vite', ...args], {}, path.join(repoRoot, 'apps/web'));
  const code = await new Promise<number | null>((resolve) => {
    build.process.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`web build failed (exit ${String(code)}): vite ${args.join(' ')}`);
}

/**
 * Builds the web app into a temporary folder, as apps/web's `npm run build` does (the app, and
 * the server's render of the first screen in `.server/`); returns it.
 * @throws Error when the build fails.
 */
export async function buildWeb(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'pigo-bench-web-'));
  await vite(['build', '--outDir', outDir, '--emptyOutDir']);
  await vite(['build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(outDir, '.server')]);
  return outDir;
}
