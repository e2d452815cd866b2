/**
 * The exclusive lock on DATA_DIR that keeps a second process off the embedded database (OPS-1 in
 * docs/requirements.md). It is a directory `DATA_DIR/pigostream.lock` held by `proper-lockfile`
 * (its mtime is refreshed while held, and a lock left by a crashed process on another machine or
 * container goes stale after {@link LOCK_STALE_MS}). Beside it, `DATA_DIR/pigostream.pid` names the
 * holder (pid, host, command, control socket): a holder on this host whose pid is gone (kill -9) is
 * recovered at once.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { errnoCode, explainDataDirError, StartupError } from './data-dir.ts';

/** Thrown by {@link lockDataDir} when another live process holds DATA_DIR. */
export class DataDirInUseError extends StartupError {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    /** The holder as its pid file names it; undefined while it is still starting. */
    readonly holder: LockHolder | undefined,
  ) {
    const who = holder
      ? `PigoStream ${holder.command} (pid ${String(holder.pid)}${holder.hostname === hostname() ? '' : ` on ${holder.hostname}`})`
      : 'another PigoStream process that is starting';
    super(
      `DATA_DIR ${dataDir} is in use by ${who}. Stop that process first, or set DATABASE_URL ` +
        'to run several servers on one PostgreSQL database.',
    );
  }
}

/** A lock whose mtime has not been refreshed for this long is stale, in ms. */
export const LOCK_STALE_MS = 60_000;
/** How often the holder refreshes the lock's mtime, in ms. */
const LOCK_UPDATE_MS = 15_000;

const LOCK_NAME = 'pigostream.lock';
const HOLDER_NAME = 'pigostream.pid';
/** Longest Unix socket path Linux and macOS accept, less a margin. */
const MAX_SOCKET_PATH = 100;

/** Who holds the lock, as written to `DATA_DIR/pigostream.pid`. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** `server`, or the CLI command (`pigo import`, `pigo backup`...). */
  command: string;
  /** ISO time the lock was taken. */
  since: string;
  /** The server's local-only control socket (backup, export), when it runs one. */
  controlSocket?: string | undefined;
}

/** A held lock on DATA_DIR. */
export interface DataDirLock {
  readonly holder: LockHolder;
  /** Removes the pid file and releases the lock; safe to call twice. */
  release(): Promise<void>;
}

/**
 * Where the server's local-only control socket lives: `DATA_DIR/pigostream.sock`, or a name in
 * the system's temporary directory when that path is too long for a Unix socket.
 */
export function controlSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, 'pigostream.sock');
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `pigostream-${digest}.sock`);
}

/** The holder named by `DATA_DIR/pigostream.pid`, or undefined when there is none readable. */
export function readLockHolder(dataDir: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dataDir, HOLDER_NAME), 'utf8')) as LockHolder;
    return typeof parsed.pid === 'number' && typeof parsed.hostname === 'string'
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with `pid` runs on this host (EPERM: it runs as another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === 'EPERM';
  }
}

/**
 * Moves a dead holder's lock aside and removes it. Only one of several processes that find
 * the same dead holder wins the rename; the others go on to find the winner's lock.
 * @returns true when this process removed the lock.
 */
function recoverDeadLock(lockPath: string, dataDir: string): boolean {
  const aside = `${lockPath}.stale-${String(process.pid)}-${String(Date.now())}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return false;
  }
  rmSync(aside, { recursive: true, force: true });
  rmSync(path.join(dataDir, HOLDER_NAME), { force: true });
  return true;
}

/** Says the lock is gone in one line (`pigostream:` for the server, `pigo:` for the CLI), exits 1. */
function exitOnLostLock(dataDir: string, command: string, error: Error): never {
  const prefix = command === 'server' ? 'pigostream' : 'pigo';
  process.stderr.write(
    `${prefix}: lost the lock on DATA_DIR ${dataDir} (${error.message}); stopping so that two ` +
      'processes never write one embedded database.\n',
  );
  process.exit(1);
}

/**
 * Takes the exclusive lock on DATA_DIR for this process (the embedded database's owner) and
 * writes the pid file. A lock left by a process that died on this host is recovered at once;
 * one from elsewhere after {@link LOCK_STALE_MS}.
 * @param options.onLost called when the lock was taken away or could not be refreshed; by
 *   default the process says so in one line and exits 1, so that two processes never write one
 *   embedded database.
 * @throws DataDirInUseError when another live process holds it; StartupError when the lock
 *   cannot be written.
 */
export async function lockDataDir(
  dataDir: string,
  options: { command: string; controlSocket?: string; onLost?: (error: Error) => void },
): Promise<DataDirLock> {
  const lockPath = path.join(dataDir, LOCK_NAME);
  const take = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: LOCK_STALE_MS,
      update: LOCK_UPDATE_MS,
      retries: 0,
      onCompromised: options.onLost ?? ((error) => exitOnLostLock(dataDir, options.command, error)),
    });
  let unlock: () => Promise<void>;
  try {
    unlock = await take();
  } catch (error) {
    if (errnoCode(error) !== 'ELOCKED') throw explainDataDirError(dataDir, error, 'written to');
    const holder = readLockHolder(dataDir);
    const dead =
      holder !== undefined &&
      holder.hostname === hostname() &&
      (holder.pid === process.pid || !isAlive(holder.pid));
    if (!dead || !recoverDeadLock(lockPath, dataDir)) {
      throw new DataDirInUseError(dataDir, dead ? undefined : holder);
    }
    try {
      unlock = await take();
    } catch (again) {
      if (errnoCode(again) !== 'ELOCKED') throw explainDataDirError(dataDir, again, 'written to');
      throw new DataDirInUseError(dataDir, readLockHolder(dataDir));
    }
  }
  const holder: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    command: options.command,
    since: new Date().toISOString(),
    controlSocket: options.controlSocket,
  };
  const holderPath = path.join(dataDir, HOLDER_NAME);
  try {
    writeFileSync(holderPath, `${JSON.stringify(holder)}\n`);
  } catch (error) {
    await unlock().catch(() => undefined);
    throw explainDataDirError(dataDir, error, 'written to');
  }
  let released = false;
  return {
    holder,
    async release() {
      if (released) return;
      released = true;
      rmSync(holderPath, { force: true });
      await unlock().catch(() => undefined);
    },
  };
}
