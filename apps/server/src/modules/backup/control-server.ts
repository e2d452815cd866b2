/**
 * The server's local-only control socket (OPS-5 in docs/requirements.md): a Unix socket beside the
 * embedded database that `pigo backup` and `pigo export-user` ask while the server holds DATA_DIR
 * (the lock keeps the CLI off the database itself). Plain HTTP over the socket; only this user can
 * connect (mode 0600), and browsers cannot reach a Unix socket at all.
 *
 * - `POST /backup`: 200 with the backup file (application/gzip; a backup that fails half-way
 *   is cut off, which the client sees as an aborted answer); 500 `{ error }` when it fails
 *   before the first byte. The embedded database's backup is spooled to a file beside the
 *   socket first (see `sendBackup`).
 * - `GET /export-user?email=`: 200 with the user's export (user-export.ts); 400 without
 *   `email`; 404 `{ error }` when no account has it.
 * - Anything else: 404 `{ error }`.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, createReadStream, createWriteStream, readdirSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@pigostream/db';
import { writeBackup, type BackupSummary } from './backup.writer.ts';
import { exportUser, UnknownUserError } from './user-export.ts';

/** A running control server. */
export interface ControlServer {
  /**
   * Stops listening, cuts off backups in progress (their transactions roll back), waits for
   * them to end and removes the socket.
   */
  close(): Promise<void>;
}

/** Name prefix of backups being spooled (control-server.ts `sendBackup`). */
const SPOOL_PREFIX = '.pigostream-backup-';

/** Removes spool files a crashed server left behind. */
function removeStaleSpools(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(SPOOL_PREFIX)) rmSync(path.join(dir, name), { force: true });
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Listens on `socketPath` (a stale socket file there is replaced; the caller holds the
 * DATA_DIR lock) and answers the CLI's calls from `database`, beside the server's own
 * requests.
 * @throws when the socket cannot be created.
 */
export async function startControlServer(options: {
  socketPath: string;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
}): Promise<ControlServer> {
  const { socketPath, database, log } = options;
  // Beside the socket: DATA_DIR itself unless its path is too long for a socket.
  const spoolDir = path.dirname(socketPath);
  removeStaleSpools(spoolDir);
  const jobs = new Set<Promise<void>>();
  const streaming = new Set<ServerResponse>();

  /**
   * The embedded database answers nothing else while a backup reads it, so its backup is
   * spooled to a local file at disk speed first and sent from there: a slow or stopped client
   * never holds the server's users up. PostgreSQL's snapshot blocks no one: streamed directly.
   */
  async function sendBackup(res: ServerResponse): Promise<void> {
    streaming.add(res);
    log.info('backup requested through the control socket');
    const spool =
      database.kind === 'pglite'
        ? path.join(spoolDir, `${SPOOL_PREFIX}${randomUUID()}.tmp`)
        : undefined;
    try {
      let summary: BackupSummary;
      if (spool) {
        const file = createWriteStream(spool, { mode: 0o600 });
        summary = await writeBackup(database, file);
        res.writeHead(200, {
          'content-type': 'application/gzip',
          'content-length': summary.bytes,
        });
        await pipeline(createReadStream(spool), res);
      } else {
        res.statusCode = 200;
        res.setHeader('content-type', 'application/gzip');
        summary = await writeBackup(database, res);
      }
      log.info(
        { rows: summary.totalRows, bytes: summary.bytes, ms: Math.round(summary.ms) },
        'backup sent through the control socket',
      );
    } catch (error) {
      log.error({ err: error }, 'backup through the control socket failed');
      if (!res.headersSent) sendJson(res, 500, { error: `backup failed: ${messageOf(error)}` });
      else res.destroy();
    } finally {
      streaming.delete(res);
      if (spool) rmSync(spool, { force: true });
    }
  }

  async function sendExport(email: string | null, res: ServerResponse): Promise<void> {
    if (!email?.trim()) {
      sendJson(res, 400, { error: 'email is required.' });
      return;
    }
    try {
      sendJson(res, 200, await exportUser(database, email));
      log.info('user export sent through the control socket');
    } catch (error) {
      if (error instanceof UnknownUserError) {
        sendJson(res, error.statusCode, { error: error.message });
        return;
      }
      log.error({ err: error }, 'user export through the control socket failed');
      sendJson(res, 500, { error: `export failed: ${messageOf(error)}` });
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control.invalid');
    let job: Promise<void> | undefined;
    if (req.method === 'POST' && url.pathname === '/backup') job = sendBackup(res);
    else if (req.method === 'GET' && url.pathname === '/export-user') {
      job = sendExport(url.searchParams.get('email'), res);
    } else {
      sendJson(res, 404, { error: 'not found' });
      return;
    }
    jobs.add(job);
    void job.finally(() => jobs.delete(job));
  });

  rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: socketPath, readableAll: false, writableAll: false }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  server.on('error', (error) => {
    log.error({ err: error }, 'control socket error');
  });

  return {
    async close() {
      const closed = new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
      for (const res of streaming) res.destroy();
      server.closeIdleConnections();
      await Promise.allSettled([...jobs]);
      server.closeAllConnections();
      await closed;
      rmSync(socketPath, { force: true });
    },
  };
}
