/**
 * The CLI's side of the control socket (control-server.ts, OPS-5 in docs/requirements.md): asks the
 * server that holds DATA_DIR for a backup or a user's export.
 */
import { request, type IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UserExport } from './user-export.ts';

/** The control socket could not be used or answered with an error; the message is one line. */
export class ControlSocketError extends Error {
  override name = 'ControlSocketError';
}

function ask(socketPath: string, method: string, path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ socketPath, method, path, agent: false }, resolve);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new ControlSocketError(
          `the server holding DATA_DIR does not answer on its control socket ${socketPath} ` +
            `(${error.code ?? error.message}); is it still starting or stopping? Try again.`,
        ),
      );
    });
    outgoing.end();
  });
}

async function readAll(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function errorOf(res: IncomingMessage): Promise<string> {
  const text = await readAll(res);
  try {
    return (JSON.parse(text) as { error?: string }).error ?? text;
  } catch {
    return text || `status ${String(res.statusCode)}`;
  }
}

/**
 * Streams the running server's backup into `output` (which is ended when it is complete).
 * @throws ControlSocketError when the socket does not answer, the server refuses, or the
 *   answer is cut off (the backup is then incomplete).
 */
export async function backupThroughServer(socketPath: string, output: Writable): Promise<void> {
  const res = await ask(socketPath, 'POST', '/backup');
  if (res.statusCode !== 200) {
    throw new ControlSocketError(`the server could not make the backup: ${await errorOf(res)}`);
  }
  try {
    await pipeline(res, output);
  } catch (error) {
    throw new ControlSocketError(
      `the server stopped sending the backup (${error instanceof Error ? error.message : String(error)}); see its log.`,
    );
  }
  if (!res.complete) {
    throw new ControlSocketError('the server stopped sending the backup; see its log.');
  }
}

/**
 * Asks the running server for one user's export.
 * @returns the export, or undefined when no account has `email`.
 * @throws ControlSocketError when the socket does not answer or the server fails.
 */
export async function exportThroughServer(
  socketPath: string,
  email: string,
): Promise<UserExport | undefined> {
  const res = await ask(socketPath, 'GET', `/export-user?email=${encodeURIComponent(email)}`);
  if (res.statusCode === 404) {
    await readAll(res);
    return undefined;
  }
  if (res.statusCode !== 200) {
    throw new ControlSocketError(`the server could not export the user: ${await errorOf(res)}`);
  }
  return JSON.parse(await readAll(res)) as UserExport;
}
