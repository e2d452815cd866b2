/**
 * Opens the application's database from configuration: PostgreSQL at DATABASE_URL, or PGlite under
 * `DATA_DIR/pglite` with EMBEDDED_DB_BUFFERS_MB of shared buffers (LEAN-2 in docs/requirements.md).
 * @throws what openDatabase throws (unreachable server, failed migration).
 */
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '@pigostream/db';
import type { Config } from './config.ts';

/** The embedded database's own folder under DATA_DIR (`memory://` stays as it is). */
export function embeddedDataDir(dataDir: string): string {
  return dataDir.startsWith('memory://') ? dataDir : path.join(dataDir, 'pglite');
}

/** Opens the configured database (see above). */
export function openAppDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'memory'>>,
): Promise<DatabaseHandle> {
  return openDatabase({
    url: config.databaseUrl,
    dataDir: embeddedDataDir(config.dataDir),
    ...(config.memory ? { sharedBuffersMb: config.memory.embeddedBuffersMb } : {}),
  });
}
