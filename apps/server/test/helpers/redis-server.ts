/**
 * A redis-server of a test's own (Debian's package), on a port of its own, so the test can stop,
 * stall or restart it without touching the machine's Redis that other test files share.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** A running redis-server of a test. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  readonly process: ChildProcess;
}

/** Whether something answers on `port` (Redis answers HTTP by closing the connection). */
async function listening(port: number): Promise<boolean> {
  const probe = await fetch(`http://127.0.0.1:${String(port)}`).catch((error: unknown) => error);
  const code = (probe as { cause?: { code?: string } } | undefined)?.cause?.code;
  return code !== 'ECONNREFUSED';
}

/**
 * Starts redis-server on `port` (no persistence) and waits until it listens, 10 s at most.
 * @throws when it exits (the port is taken, say) or does not listen in time.
 */
export async function startRedisServer(port: number): Promise<RedisServer> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    // Listening, and it is ours: a redis-server that could not bind the port has exited.
    if ((await listening(port)) && child.exitCode === null) break;
    if (child.exitCode !== null) throw new Error(`redis-server exited (${String(child.exitCode)})`);
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, url: `redis://127.0.0.1:${String(port)}`, process: child };
}

/**
 * Kills `server` (SIGKILL) and waits until nothing answers on its port.
 * @throws when something still answers there.
 */
export async function stopRedisServer(server: RedisServer | undefined): Promise<void> {
  const child = server?.process;
  if (!server || !child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  if (await listening(server.port)) throw new Error('something still answers on the Redis port');
}
