/**
 * How `pigo` commands open the database (OPS-5 in docs/requirements.md). With DATABASE_URL they
 * connect directly (PostgreSQL serves many processes). The embedded database belongs to one
 * process: a command checks DATA_DIR and takes its lock first, so it never opens a database a
 * running server (or another command) holds; the lock is released when the command ends.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from '@pigostream/db';
import type { Config } from '../../config.ts';
import { openAppDatabase } from '../../database.ts';
import { checkDataDir } from '../../data-dir.ts';
import {
  DataDirInUseError,
  lockDataDir,
  type DataDirLock,
  type LockHolder,
} from '../../data-dir-lock.ts';
import { startupFailureLine } from '../../startup-failure.ts';

/** An error whose message is all the operator needs (one line, no stack trace). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A database a command opened, with how messages name it. */
export interface CommandDatabase {
  handle: DatabaseHandle;
  /** `DATA_DIR /srv/pigo` or `the PostgreSQL database of DATABASE_URL`. */
  target: string;
  /** Closes the database, then releases the DATA_DIR lock. */
  close(): Promise<void>;
}

/** Whether `config` names the embedded database under a real directory. */
export function isEmbedded(config: Pick<Config, 'databaseUrl' | 'dataDir'>): boolean {
  return !config.databaseUrl && !config.dataDir.startsWith('memory://');
}

/** Whether DATA_DIR holds an embedded database already. */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/** How a lock holder is named in messages (as DataDirInUseError names it). */
function holderName(holder: LockHolder | undefined): string {
  if (!holder) return 'another PigoStream process that is starting';
  return `PigoStream ${holder.command} (pid ${String(holder.pid)})`;
}

/** The one line `pigo import-user` answers when DATA_DIR is held (TRANSFER-6). */
export function importUserBlockedLine(error: DataDirInUseError): string {
  return (
    `DATA_DIR ${error.dataDir} is in use by ${holderName(error.holder)}. Stop the server first, ` +
    'or import on the Import & export page of the running server.'
  );
}

/** The one line `pigo restore` answers when DATA_DIR is held. */
export function restoreBlockedLine(error: DataDirInUseError): string {
  return (
    `DATA_DIR ${error.dataDir} is in use by ${holderName(error.holder)}. Stop the server first: ` +
    'a restore replaces the whole database, so it runs only while nothing else has it open.'
  );
}

/**
 * Opens the configured database for `pigo <command>`, taking the DATA_DIR lock for the
 * embedded database (released by `close`, or if opening fails).
 * @throws DataDirInUseError when another process holds DATA_DIR (the caller decides: ask the
 *   server through its control socket, or refuse); UsageError with the one-line start-up
 *   failure (startup-failure.ts) for anything else that stops the database from opening.
 */
export async function openCommandDatabase(
  config: Config,
  command: string,
): Promise<CommandDatabase> {
  let lock: DataDirLock | undefined;
  try {
    if (isEmbedded(config)) {
      checkDataDir(config.dataDir, { embedded: true });
      lock = await lockDataDir(config.dataDir, { command: `pigo ${command}` });
    }
    const handle = await openAppDatabase(config);
    const held = lock;
    return {
      handle,
      target: config.databaseUrl
        ? 'the PostgreSQL database of DATABASE_URL'
        : `DATA_DIR ${config.dataDir}`,
      async close() {
        try {
          await handle.close();
        } finally {
          await held?.release();
        }
      },
    };
  } catch (error) {
    await lock?.release();
    if (error instanceof DataDirInUseError) throw error;
    throw new UsageError(startupFailureLine(error));
  }
}
