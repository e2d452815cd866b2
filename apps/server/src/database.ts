/** Opens the application's database from configuration (PGlite under `DATA_DIR/pglite`). */
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '@pigostream/db';
import type { Config } from './config.ts';

export function openAppDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<DatabaseHandle> {
  const dataDir = config.dataDir.startsWith('memory://')
    ? config.dataDir
    : path.join(config.dataDir, 'pglite');
  return openDatabase({ url: config.databaseUrl, dataDir });
}
