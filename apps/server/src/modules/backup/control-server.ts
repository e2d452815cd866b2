/**
 * The server's local-only control socket (issue 15): a Unix socket beside the embedded
 * database that `pigo backup` and `pigo export-user` will ask while the server holds DATA_DIR.
 * This first version only listens (mode 0600) and answers 404.
 */
import { chmodSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@pigostream/db';

/** A running control server. */
export interface ControlServer {
  close(): Promise<void>;
}

/**
 * Listens on `socketPath` (mode 0600: only this user reaches it).
 * @throws when the socket cannot be created.
 */
export async function startControlServer(options: {
  socketPath: string;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
}): Promise<ControlServer> {
  const { socketPath } = options;
  rmSync(socketPath, { force: true });
  const server = createServer((_req, res) => {
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        rmSync(socketPath, { force: true });
      }),
  };
}
