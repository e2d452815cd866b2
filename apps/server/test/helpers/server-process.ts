/**
 * The server as an operator runs it, for tests that need a real second process (OPS-1, OPS-5 in
 * docs/requirements.md): the run's compiled server (server-programs.ts, as `npm run serve` runs it)
 * with the test's environment, so the child's pid is the server's (the one the DATA_DIR lock
 * names). Also small tmpfs mounts for disk-full and read-only data directories (the test process
 * must be root, as CI on this machine is).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { freePort } from '../../../../tools/server-process.ts';
import { serverArgs } from './server-programs.ts';

export { freePort };

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** A running (or exited) server process. */
export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  port: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** What it printed on stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Environment every test server gets (PATH and HOME only from the test's own). */
function baseEnv(port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
}

/** Spawns the server with `env` on top of {@link baseEnv}; does not wait for anything. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...baseEnv(port), ...env },
  });
  let output = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    base: `http://127.0.0.1:${String(port)}`,
    port,
    output: () => output,
    stderr: () => stderr,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * Spawns a server and waits until `/pigo-stream/health` answers 200.
 * @throws when it exits first (with what it printed) or takes longer than `timeoutMs`.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const server = await spawnServer(env);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited (${String(server.child.exitCode)}): ${server.output()}`);
    }
    try {
      const res = await fetch(`${server.base}/pigo-stream/health`);
      if (res.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server not healthy within ${String(timeoutMs)} ms: ${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Mounts a tmpfs of `sizeMb` MB at `dir` (made if missing); returns its unmount. */
export function mountTmpfs(
  dir: string,
  options: { sizeMb: number; readOnly?: boolean },
): () => void {
  if (process.getuid?.() !== 0) {
    throw new Error('this test mounts a small tmpfs and must run as root (as CI does)');
  }
  mkdirSync(dir, { recursive: true });
  const flags = [`size=${String(options.sizeMb)}m`, options.readOnly ? 'ro' : 'rw'].join(',');
  execFileSync('mount', ['-t', 'tmpfs', '-o', flags, 'tmpfs', dir]);
  return () => {
    execFileSync('umount', ['-l', dir]);
  };
}

/** Fills the file system holding `dir` until it has no free space left (`file` takes it all). */
export function fillDisk(file: string): void {
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${file}`, 'bs=1M', 'count=100000'], {
      stdio: 'ignore',
    });
  } catch {
    // dd stops with ENOSPC: that is the point.
  }
}
