/**
 * Start-up checks of the data directory (DATA_DIR, OPS-2 in docs/requirements.md) that name what is
 * wrong in one line, and its free space. The lock that keeps a second process off the embedded
 * database is data-dir-lock.ts.
 */
import {
  existsSync,
  mkdirSync,
  rmSync,
  statfsSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** A start-up failure whose message is a whole, one-line explanation for the operator. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Free space the embedded database needs to be created (a fresh one takes about 40 MB), bytes. */
export const MIN_FREE_BYTES_NEW_DATABASE = 100 * 1024 * 1024;
/** Free space below which an existing embedded database is not opened, bytes. */
export const MIN_FREE_BYTES = 20 * 1024 * 1024;
/** Free space below which the outbox or database directory counts as full (readiness), bytes. */
export const LOW_SPACE_BYTES = 1024 * 1024;

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

/** The `code` of a Node error (ENOENT, ELOCKED...), if any. */
export function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** One line saying why `dir` cannot be used, for an error from mkdir or a write (lock) test. */
export function explainDataDirError(
  dir: string,
  error: unknown,
  doing: 'created' | 'written to',
): StartupError {
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
    throw explainDataDirError(
      dataDir,
      errnoCode(error) === 'ENOENT' ? firstMkdirError(dataDir) : error,
      'created',
    );
  }
  if (!statSync(dataDir).isDirectory())
    throw explainDataDirError(dataDir, { code: 'ENOTDIR' }, 'created');
  const probe = path.join(dataDir, `.write-test-${String(process.pid)}`);
  try {
    writeFileSync(probe, 'PigoStream checks it can write here.\n');
    unlinkSync(probe);
  } catch (error) {
    rmSync(probe, { force: true });
    throw explainDataDirError(dataDir, error, 'written to');
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
