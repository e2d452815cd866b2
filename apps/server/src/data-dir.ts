/**
 * The data directory (DATA_DIR) as the processes that open it see it (issue 15): start-up checks
 * that name what is wrong in one line, and the exclusive lock that keeps a second process off
 * the embedded database.
 *
 * The lock is a directory `DATA_DIR/pigostream.lock` held by `proper-lockfile` (its mtime is
 * refreshed while held, and a lock left by a crashed process on another machine or container
 * goes stale after {@link LOCK_STALE_MS}). Beside it, `DATA_DIR/pigostream.pid` names the holder
 * (pid, host, command, control socket): a holder on this host whose pid is gone (kill -9) is
 * recovered at once.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** A start-up failure whose message is a whole, one-line explanation for the operator. */
export class StartupError extends Error {
  override name = 'StartupError';
}

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

/** Free space the embedded database needs to be created (a fresh one takes about 40 MB), bytes. */
export const MIN_FREE_BYTES_NEW_DATABASE = 100 * 1024 * 1024;
/** Free space below which an existing embedded database is not opened, bytes. */
export const MIN_FREE_BYTES = 20 * 1024 * 1024;
/** Free space below which the outbox or database directory counts as full (readiness), bytes. */
export const LOW_SPACE_BYTES = 1024 * 1024;

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

function mb(bytes: number): string {
  return `${String(Math.floor(bytes / (1024 * 1024)))} MB`;
}

/** The nearest existing ancestor of `dir` (itself when it exists). */
function existingAncestor(dir: string): string {
  let current = dir;
  for (;;) {
    try {
      statSync(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/**
 * The error of making the first missing directory on the way to `dir` (a recursive mkdir on a
 * read-only file system reports ENOENT instead of its real cause).
 */
function firstMkdirError(dir: string): unknown {
  const ancestor = existingAncestor(dir);
  const next = path.join(ancestor, path.relative(ancestor, dir).split(path.sep)[0] ?? '');
  try {
    mkdirSync(next);
    rmSync(next, { recursive: true, force: true });
    return new Error(`cannot make ${dir}`);
  } catch (error) {
    return error;
  }
}

function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** One line saying why `dir` cannot be used, for an error from mkdir or a write test. */
function explain(dir: string, error: unknown, doing: 'created' | 'written to'): StartupError {
  const code = errnoCode(error);
  const ancestor = existingAncestor(dir);
  switch (code) {
    case 'ENOTDIR':
    case 'EEXIST': {
      const file = ancestor === dir ? dir : ancestor;
      return new StartupError(
        `DATA_DIR ${dir} cannot be used: ${file} is a file, not a directory. ` +
          'Set DATA_DIR to a directory.',
      );
    }
    case 'EROFS':
      return new StartupError(
        `DATA_DIR ${dir} cannot be ${doing}: ${ancestor} is on a read-only file system. ` +
          'Set DATA_DIR to a writable directory.',
      );
    case 'EACCES':
    case 'EPERM':
      return new StartupError(
        `DATA_DIR ${dir} cannot be ${doing}: permission denied on ${ancestor} ` +
          `for user ${String(process.getuid?.() ?? '?')}. Set DATA_DIR to a directory this user can write.`,
      );
    case 'ENOSPC':
      return new StartupError(
        `DATA_DIR ${dir} cannot be ${doing}: the disk is full. Free some space or set ` +
          'DATA_DIR to a larger disk.',
      );
    default:
      return new StartupError(
        `DATA_DIR ${dir} cannot be ${doing}: ${error instanceof Error ? error.message : String(error)}`,
      );
  }
}

/** Free bytes for an unprivileged writer on the file system holding `dir`. */
export function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/**
 * Checks DATA_DIR before anything opens it: it exists or can be made, it is a directory, this
 * user can write to it, and (for the embedded database, `embedded`) the disk has room for the
 * database: {@link MIN_FREE_BYTES_NEW_DATABASE} for a new one, {@link MIN_FREE_BYTES} for an
 * existing one.
 * @throws StartupError with a one-line message naming the cause.
 */
export function checkDataDir(dataDir: string, options: { embedded: boolean }): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw explain(
      dataDir,
      errnoCode(error) === 'ENOENT' ? firstMkdirError(dataDir) : error,
      'created',
    );
  }
  if (!statSync(dataDir).isDirectory()) throw explain(dataDir, { code: 'ENOTDIR' }, 'created');
  const probe = path.join(dataDir, `.write-test-${String(process.pid)}`);
  try {
    writeFileSync(probe, 'PigoStream checks it can write here.\n');
    unlinkSync(probe);
  } catch (error) {
    rmSync(probe, { force: true });
    throw explain(dataDir, error, 'written to');
  }
  if (!options.embedded) return;
  const isNew = !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
  const needed = isNew ? MIN_FREE_BYTES_NEW_DATABASE : MIN_FREE_BYTES;
  const free = freeBytes(dataDir);
  if (free < needed) {
    throw new StartupError(
      `DATA_DIR ${dataDir} has ${mb(free)} free; the ${isNew ? 'new' : ''}${isNew ? ' ' : ''}` +
        `embedded database needs at least ${mb(needed)}. Free some space or set DATA_DIR to a larger disk.`,
    );
  }
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

/**
 * Takes the exclusive lock on DATA_DIR for this process (the embedded database's owner) and
 * writes the pid file. A lock left by a process that died on this host is recovered at once;
 * one from elsewhere after {@link LOCK_STALE_MS}.
 * @param onLost called when the lock was taken away or could not be refreshed (the process
 *   should stop using the directory).
 * @throws DataDirInUseError when another live process holds it; StartupError when the lock
 *   cannot be written.
 */
export async function lockDataDir(
  dataDir: string,
  options: { command: string; controlSocket?: string; onLost: (error: Error) => void },
): Promise<DataDirLock> {
  const lockPath = path.join(dataDir, LOCK_NAME);
  const take = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: LOCK_STALE_MS,
      update: LOCK_UPDATE_MS,
      retries: 0,
      onCompromised: options.onLost,
    });
  let unlock: () => Promise<void>;
  try {
    unlock = await take();
  } catch (error) {
    if (errnoCode(error) !== 'ELOCKED') throw explain(dataDir, error, 'written to');
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
      if (errnoCode(again) !== 'ELOCKED') throw explain(dataDir, again, 'written to');
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
    throw explain(dataDir, error, 'written to');
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
