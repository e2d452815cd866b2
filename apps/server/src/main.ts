/**
 * Starts the server: reads configuration, checks DATA_DIR and takes its lock (embedded
 * database), opens the database (applying migrations), loads the starter catalogue into an
 * empty database (on a fresh embedded DATA_DIR all three in a child process that exits after,
 * prepare-data.ts), opens the local-only control socket (backup, export), listens on PORT (giving
 * freed memory back to the system whenever it is quiet, lib/release-memory.ts), and shuts down
 * gracefully on SIGTERM/SIGINT (stops accepting, finishes requests, closes the database,
 * releases the lock).
 *
 * A start-up failure prints one line naming the cause to stderr and exits 1; the stack trace
 * follows only with LOG_LEVEL=debug (OPS-2 in docs/requirements.md).
 */
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { describeOpenAt, openAt } from './open-at.ts';
import { checkDataDir } from './data-dir.ts';
import { controlSocketPath, lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { openAppDatabase } from './database.ts';
import { startupFailureLine } from './startup-failure.ts';
import { isFreshEmbedded, prepareAndExit, prepareInChild, PREPARE_ENV } from './prepare-data.ts';
import { startMemoryReleaser } from './lib/release-memory.ts';
import { seedIfEmpty } from './modules/catalogue/index.ts';
import { startControlServer, type ControlServer } from './modules/backup/index.ts';

const debug = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace';
let lock: DataDirLock | undefined;
let control: ControlServer | undefined;

if (process.env[PREPARE_ENV] === '1') await prepareAndExit();

try {
  await start();
} catch (error) {
  process.stderr.write(`pigostream: ${startupFailureLine(error)}\n`);
  if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  await control?.close();
  await lock?.release();
  process.exit(1);
}

async function start(): Promise<void> {
  const config = loadConfig();
  const inMemory = config.dataDir.startsWith('memory://');
  const embedded = !config.databaseUrl && !inMemory;
  const socketPath = embedded ? controlSocketPath(config.dataDir) : undefined;
  if (!inMemory) checkDataDir(config.dataDir, { embedded });
  if (embedded) {
    lock = await lockDataDir(config.dataDir, { command: 'server', controlSocket: socketPath });
  }
  const prepared =
    embedded && isFreshEmbedded(config.dataDir)
      ? await prepareInChild(fileURLToPath(import.meta.url))
      : null;
  const database = await openAppDatabase(config);
  const app = await buildApp({ config, database });

  const seeded = prepared ?? (await seedIfEmpty(database.db));
  if (seeded) app.log.info(seeded, 'starter catalogue loaded');

  control = socketPath
    ? await startControlServer({ socketPath, database, log: app.log })
    : undefined;

  // Freed memory goes back to the system once the server is quiet (lib/release-memory.ts).
  const releaser = startMemoryReleaser();
  app.server.on('request', () => {
    releaser.touch();
  });

  let closing = false;
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    releaser.stop();
    await control?.close();
    await app.close();
    await database.close();
    await lock?.release();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = openAt(config);
  app.log.info(
    { ...where, database: database.kind, dataDir: config.dataDir },
    `PigoStream is ready. ${describeOpenAt(where)}`,
  );
}
