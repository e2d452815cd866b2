/**
 * The real server as a child process, for the bench (bench/server.ts) and the README's
 * screenshots (scripts/readme-screenshots.ts): starting a command in its own process group and
 * stopping it cleanly, a free port, waiting until a URL answers, and a verified account made through the
 * identity API (its mail read from the outbox folder, as a newcomer without SMTP does).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nothing listens on right now (the browser and server tests' too). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    probe.close(() => {
      resolve();
    });
  });
  return port;
}

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

/** A running app server: its base URL, data directory, and stop (which removes the data). */
export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
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
export interface VerifiedAccount {
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
export async function createVerifiedAccount(server: RunningServer): Promise<VerifiedAccount> {
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
