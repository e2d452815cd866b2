/**
 * A new server's first start on a fresh embedded DATA_DIR (LEAN-5 in docs/requirements.md):
 * creating the database, applying the migrations and writing the starter catalogue grow the
 * embedded database's WASM memory, which is never given back, to about 30 MB more than a server
 * that opens a ready database keeps. That work runs in a child process (this server's own entry,
 * told by {@link PREPARE_ENV}) that exits after; the server then opens the ready database.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { embeddedDataDir, openAppDatabase } from './database.ts';
import { seedIfEmpty, type StarterCounts } from './modules/catalogue/index.ts';
import { rootCause } from './startup-failure.ts';

/** Set to `1` in the child's environment: prepare DATA_DIR and exit. */
export const PREPARE_ENV = 'PIGO_PREPARE_DATA_DIR';

/** The child's one message to its parent. */
type PrepareMessage =
  | { counts: StarterCounts | null }
  | { failure: { message: string; code?: string; errno?: number } };

/** True when `dataDir` (the configured DATA_DIR) holds no embedded database yet. */
export function isFreshEmbedded(dataDir: string): boolean {
  return !existsSync(path.join(embeddedDataDir(dataDir), 'PG_VERSION'));
}

/**
 * Creates, migrates and seeds the embedded database under the configured DATA_DIR in a child
 * process running `entry` (the server's main module) with the same Node flags and
 * environment. The caller holds the DATA_DIR lock; the child does not take it.
 * @returns what the starter catalogue wrote (null when it was there already).
 * @throws an Error carrying the child's message, `code` and `errno` when it failed, so that
 *   startupFailureLine explains it as if it had happened in this process.
 */
export function prepareInChild(entry: string): Promise<StarterCounts | null> {
  return new Promise((resolve, reject) => {
    let answer: PrepareMessage | undefined;
    const child = fork(entry, [], {
      env: { ...process.env, [PREPARE_ENV]: '1' },
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message: PrepareMessage) => (answer = message));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (answer && 'counts' in answer && code === 0) {
        resolve(answer.counts);
        return;
      }
      const failure =
        answer && 'failure' in answer
          ? answer.failure
          : {
              message: `preparing the embedded database stopped (${signal ?? `exit ${String(code)}`})`,
            };
      reject(Object.assign(new Error(failure.message), failure));
    });
  });
}

/**
 * The child's side: opens (creates) the embedded database of the environment's configuration,
 * applies the migrations, writes the starter catalogue, closes the database, sends the outcome
 * to the parent and exits (0, or 1 after sending the failure).
 */
export async function prepareAndExit(): Promise<never> {
  let message: PrepareMessage;
  try {
    const database = await openAppDatabase(loadConfig());
    try {
      message = { counts: await seedIfEmpty(database.db) };
    } finally {
      await database.close();
    }
  } catch (error) {
    const root = rootCause(error) as (Error & { code?: unknown; errno?: unknown }) | undefined;
    message = {
      failure: {
        message: root?.message ?? String(error),
        ...(typeof root?.code === 'string' ? { code: root.code } : {}),
        ...(typeof root?.errno === 'number' ? { errno: root.errno } : {}),
      },
    };
  }
  await new Promise<void>((resolve) => {
    if (process.send) {
      process.send(message, () => {
        resolve();
      });
    } else resolve();
  });
  process.exit('counts' in message ? 0 : 1);
}
