/**
 * Outgoing mail (ARCH-24 in docs/architecture.md). With `SMTP_URL`, nodemailer sends over SMTP.
 * Without it every message is written, complete, to `DATA_DIR/outbox/<time>-<to>.eml` and its link
 * is logged, so a newcomer can verify an account with no mail server; with `DATA_DIR=memory://` the
 * outbox is {@link memoryOutbox}, kept in memory (tests read it).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config.ts';
import { freeBytes, LOW_SPACE_BYTES } from '../../data-dir.ts';

/** One message to send: plain-text and HTML bodies that both carry `link`. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the message (verification, password reset), logged for the outbox. */
  link: string;
}

/** A message kept by the in-memory outbox, with its full RFC 5322 source. */
export interface OutboxEntry extends MailMessage {
  from: string;
  /** The whole message as it would travel (headers and MIME bodies). */
  eml: string;
  sentAt: Date;
}

/** Sends the identity mail (mail.templates.ts), whatever the transport. */
export interface Mailer {
  /** Where messages go: an SMTP server, the outbox folder, or memory. */
  readonly kind: 'smtp' | 'outbox' | 'memory';
  /**
   * Sends (or files) one message.
   * @throws the transport's error when the SMTP server refuses or cannot be reached, or the
   *   outbox cannot be written.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Whether a message could be sent now: the SMTP server answers and accepts our login, or
   * the outbox folder can be written and its disk has room ({@link LOW_SPACE_BYTES}).
   * @throws the reason it could not (never for the in-memory outbox).
   */
  probe(): Promise<void>;
  /**
   * A check cheap enough for every request: false when a send would fail for a reason known
   * without trying (the outbox's disk is full). SMTP and memory answer true.
   */
  looksReady(): boolean;
  /** Closes pooled SMTP connections. */
  close(): void;
}

/** Receives the mailer's log lines (the app's logger). */
export type MailLog = (details: Record<string, unknown>, message: string) => void;

/**
 * Messages filed by every mailer running with `DATA_DIR=memory://`, oldest first; the oldest
 * are dropped past {@link MEMORY_OUTBOX_LIMIT}.
 */
export const memoryOutbox: OutboxEntry[] = [];

/** Most messages the in-memory outbox keeps. */
export const MEMORY_OUTBOX_LIMIT = 1000;

/** Bounds on SMTP waits, in ms, so a silent server fails a request instead of hanging it. */
const SMTP_TIMEOUTS_MS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

/** `2026-01-31T12-00-00-000Z-ann@gmail.com`: sortable, and safe as a file name. */
function outboxBaseName(to: string, at: Date): string {
  const time = at.toISOString().replaceAll(':', '-').replace('.', '-');
  return `${time}-${to.replace(/[^A-Za-z0-9@._+-]/g, '_')}`;
}

/** Writes `contents` to `dir/<base>.eml`, adding `-2`, `-3`, ... when the name is taken. */
async function writeUnique(dir: string, base: string, contents: string): Promise<string> {
  for (let n = 1; ; n++) {
    const file = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.eml`);
    try {
      await writeFile(file, contents, { flag: 'wx', mode: 0o600 });
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST' && n < 100) continue;
      // A write that failed part-way (ENOSPC) leaves no partial message behind.
      await rm(file, { force: true });
      throw err;
    }
  }
}

/**
 * Creates the mailer `config` asks for: SMTP when `config.smtpUrl` is set (TLS and auth as the
 * URL says, e.g. `smtps://user:pass@mail.example.com:465`), else the outbox under `dataDir`
 * (`memory://` keeps it in {@link memoryOutbox}).
 */
export function createMailer(options: {
  config: MailConfig;
  dataDir: string;
  log: MailLog;
}): Mailer {
  const { config, dataDir, log } = options;
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS_MS });
    return {
      kind: 'smtp',
      async send(message) {
        const { to, subject, text, html } = message;
        await transport.sendMail({ from: config.from, to, subject, text, html });
        log({ to, subject }, 'mail sent');
      },
      async probe() {
        await transport.verify();
      },
      looksReady: () => true,
      close: () => {
        transport.close();
      },
    };
  }

  // Builds the full message without sending it.
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const inMemory = dataDir.startsWith('memory://');
  const outboxDir = path.join(dataDir, 'outbox');
  const hasRoom = () => {
    try {
      return freeBytes(dataDir) >= LOW_SPACE_BYTES;
    } catch {
      return false;
    }
  };
  return {
    kind: inMemory ? 'memory' : 'outbox',
    async send(message) {
      const { to, subject, text, html, link } = message;
      const built = await builder.sendMail({ from: config.from, to, subject, text, html });
      const eml = (built.message as Buffer).toString('utf8');
      const sentAt = new Date();
      if (inMemory) {
        memoryOutbox.push({ ...message, from: config.from, eml, sentAt });
        if (memoryOutbox.length > MEMORY_OUTBOX_LIMIT) memoryOutbox.shift();
        log({ to, subject, link }, 'mail kept in the in-memory outbox');
        return;
      }
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = await writeUnique(outboxDir, outboxBaseName(to, sentAt), eml);
      log({ to, subject, link, file }, 'mail written to the outbox (no SMTP_URL)');
    },
    async probe() {
      if (inMemory) return;
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, `.probe-${String(process.pid)}`);
      try {
        await writeFile(file, 'probe\n', { mode: 0o600 });
      } finally {
        await rm(file, { force: true });
      }
      if (!hasRoom()) {
        throw Object.assign(new Error('no space left on the outbox disk'), { code: 'ENOSPC' });
      }
    },
    looksReady: () => inMemory || hasRoom(),
    close: () => {
      builder.close();
    },
  };
}
