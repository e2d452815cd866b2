/**
 * A real SMTP server (smtp-server) that accepts every message and saves it as JSON
 * `{ from, to, raw }` in a directory the tests read (mailbox.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One saved message: envelope sender and recipients, and the raw RFC 5322 text. */
export interface SavedMail {
  from: string;
  to: string[];
  raw: string;
}

/** Starts the server on 127.0.0.1:`port`, saving mail into `dir`; resolves to its closer. */
export async function startSmtpSink(port: number, dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mail: SavedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const name = `${String(Date.now())}-${randomUUID()}.json`;
        // Write then rename, so a reader never sees half a file.
        const file = path.join(dir, name);
        writeFileSync(`${file}.tmp`, JSON.stringify(mail));
        renameSync(`${file}.tmp`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve();
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
}
