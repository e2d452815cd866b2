/**
 * Starts the server: reads configuration, opens the database (applying migrations), loads the
 * starter catalogue into an empty database, listens on PORT, and shuts down gracefully on
 * SIGTERM/SIGINT (stops accepting, finishes requests, closes the database).
 */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openAppDatabase } from './database.ts';
import { seedIfEmpty } from './modules/catalogue/seed.ts';

const config = loadConfig();
const database = await openAppDatabase(config);
const app = await buildApp({ config, database });

const seeded = await seedIfEmpty(database.db);
if (seeded) app.log.info(seeded, 'starter catalogue loaded');

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { url: `http://localhost:${config.port}`, database: database.kind, dataDir: config.dataDir },
  'PigoStream is ready',
);
