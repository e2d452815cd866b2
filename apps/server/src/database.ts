/**
 * Opens the application's database from configuration: PostgreSQL at DATABASE_URL, or PGlite
 * under `DATA_DIR/pglite` with EMBEDDED_DB_BUFFERS_MB of shared buffers (issue 24).
 * @param options.createInProcess create a fresh embedded database in this process (the
 *   preparing child of prepare-data.ts), not in a child of its own.
 * @throws what openDatabase throws (unreachable server, failed migration).
 */
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '@pigostream/db';
import type { Config } from './config.ts';

export function openAppDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'memory'>>,
  options: { createInProcess?: boolean } = {},
): Promise<DatabaseHandle> {
  const dataDir = config.dataDir.startsWith('memory://')
    ? config.dataDir
    : path.join(config.dataDir, 'pglite');
  return openDatabase({
    url: config.databaseUrl,
    dataDir,
    ...(config.memory ? { sharedBuffersMb: config.memory.embeddedBuffersMb } : {}),
    ...(options.createInProcess ? { createInProcess: true } : {}),
  });
}
