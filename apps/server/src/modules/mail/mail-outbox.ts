/**
 * Mail that is never silently lost (OPS-4 in docs/requirements.md). {@link createMailOutbox} wraps
 * a {@link Mailer}: a message that cannot be sent now (SMTP down, the outbox folder's disk full) is
 * kept in the `mail_outbox` table, or in memory when the database cannot take it either, and
 * retried with exponential backoff until it goes out or its link has expired ({@link
 * MAIL_GIVE_UP_MS}).
 *
 * Several servers may share the table: a server claims due messages by setting
 * `claimed_until` (a lease) under `FOR UPDATE SKIP LOCKED`, so each is sent once
 * (mail.repository.ts).
 */
import type { Database } from '@pigostream/db';
import { isConnectionError } from '../../lib/database-unavailable.ts';
import {
  claimDueMail,
  countKeptMail,
  deleteKeptMail,
  insertKeptMail,
  rescheduleKeptMail,
} from './mail.repository.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/** First retry after this long; each further one waits twice as long, in ms. */
export const MAIL_RETRY_FIRST_MS = 5_000;
/** Longest wait between two attempts at one message, in ms. */
export const MAIL_RETRY_MAX_MS = 60_000;
/** A kept message is dropped this long after it was first sent: its link has expired, in ms. */
export const MAIL_GIVE_UP_MS = 60 * 60 * 1000;
/** How often due messages are looked for, in ms. */
const TICK_MS = 2_000;
/** How long a claimed message stays with the server that claimed it, in ms. */
const LEASE_MS = 120_000;
/** Most messages one tick tries. */
const BATCH = 20;
/** After a failed send, new messages count as delayed for this long, in ms. */
const RECENT_FAILURE_MS = 60_000;

/** What the mail part of the readiness check reports. */
export interface MailCheck {
  status: 'up' | 'down';
  kind: Mailer['kind'];
  /** Messages waiting to be sent again (every server's, for the table). */
  pending: number;
  /** Why it is down, in words safe to show anyone. */
  message?: string;
}

/** Identity mail with retries; what identity.auth.ts sends through. */
export interface MailOutbox {
  /**
   * Sends `message` now, or keeps it to retry. Never throws: a failure is logged.
   * @returns 'sent', or 'kept' when it will be retried.
   */
  send(message: MailMessage): Promise<'sent' | 'kept'>;
  /**
   * Whether a message handed over now would probably not go out at once: messages are
   * waiting, a send failed in the last minute, or the outbox's disk is full. Answered from
   * memory: cheap enough for every sign-up.
   */
  isDelayed(): boolean;
  /** Probes the transport and counts waiting messages (readiness). Never throws. */
  check(): Promise<MailCheck>;
  /**
   * Runs one retry pass now. `everything`: also messages whose backoff has not run out (the
   * readiness check saw mail recover, so waiting longer would only delay them).
   */
  retryNow(everything?: boolean): Promise<void>;
  /** Stops the retry timer and waits for a pass under way. */
  close(): Promise<void>;
}

/** Receives the outbox's log lines. */
export interface MailOutboxLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

interface HeldMessage {
  message: MailMessage;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
}

/** Wait before attempt number `attempts + 1`, in ms. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_MS);
}

function describe(error: unknown): string {
  const err = error as { code?: string; message?: string } | undefined;
  return [err?.code, err?.message].filter(Boolean).join(': ') || String(error);
}

/** Words for a failing transport that say what, not where (readiness answers are public). */
function publicReason(kind: Mailer['kind'], error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'ENOSPC') return 'the disk of the mail outbox is full';
  if (kind === 'outbox') return 'the mail outbox folder cannot be written';
  return 'the SMTP server does not accept mail';
}

/**
 * Wraps `mailer` with the outbox table of `db` and starts the retry timer (unref'd).
 * @param options.log the app's logger.
 */
export function createMailOutbox(options: {
  mailer: Mailer;
  db: Database;
  log: MailOutboxLog;
}): MailOutbox {
  const { mailer, db, log } = options;
  /** Messages the database could not take either; lost if the process stops. */
  const held: HeldMessage[] = [];
  let lastFailureAt = 0;
  let knownPending = 0;
  let running: Promise<void> | undefined;

  async function deliver(message: MailMessage): Promise<unknown> {
    try {
      await mailer.send(message);
      return undefined;
    } catch (error) {
      lastFailureAt = Date.now();
      return error ?? new Error('send failed');
    }
  }

  async function keep(message: MailMessage, error: unknown): Promise<void> {
    try {
      await insertKeptMail(db, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        link: message.link,
        attempts: 1,
        lastError: describe(error).slice(0, 500),
        nextAttemptAt: new Date(Date.now() + retryDelayMs(1)),
      });
      knownPending++;
      log.warn(
        { to: message.to, subject: message.subject, err: error },
        'mail could not be sent; kept in the outbox table and retried',
      );
    } catch (dbError) {
      held.push({
        message,
        attempts: 1,
        nextAttemptAt: Date.now() + retryDelayMs(1),
        createdAt: Date.now(),
      });
      log.error(
        { to: message.to, subject: message.subject, err: error, dbError: describe(dbError) },
        'mail could not be sent and the database could not keep it; kept in memory and retried ' +
          '(lost if the server stops before it goes out)',
      );
    }
  }

  async function retryHeld(everything: boolean): Promise<void> {
    const now = Date.now();
    for (const entry of [...held]) {
      if (!everything && entry.nextAttemptAt > now) continue;
      const index = held.indexOf(entry);
      if (now - entry.createdAt > MAIL_GIVE_UP_MS) {
        held.splice(index, 1);
        log.error({ to: entry.message.to }, 'mail given up: its link has expired');
        continue;
      }
      const error = await deliver(entry.message);
      if (error === undefined) {
        held.splice(held.indexOf(entry), 1);
        log.info({ to: entry.message.to, attempts: entry.attempts + 1 }, 'kept mail sent');
      } else {
        entry.attempts++;
        entry.nextAttemptAt = Date.now() + retryDelayMs(entry.attempts);
      }
    }
  }

  async function retryTable(everything: boolean): Promise<void> {
    const claimed = await claimDueMail(db, { everything, leaseMs: LEASE_MS, batch: BATCH });
    for (const row of claimed.sort((a, b) => a.id - b.id)) {
      if (Date.now() - row.createdAt.getTime() > MAIL_GIVE_UP_MS) {
        await deleteKeptMail(db, row.id);
        log.error(
          { to: row.to, attempts: row.attempts, lastError: row.lastError },
          'mail given up: its link has expired',
        );
        continue;
      }
      const error = await deliver(row);
      if (error === undefined) {
        await deleteKeptMail(db, row.id);
        log.info({ to: row.to, attempts: row.attempts }, 'kept mail sent');
      } else {
        await rescheduleKeptMail(db, row.id, {
          lastError: describe(error).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
        });
      }
    }
  }

  async function countPending(): Promise<number> {
    knownPending = await countKeptMail(db);
    return knownPending + held.length;
  }

  function retryNow(everything = false): Promise<void> {
    running ??= (async () => {
      try {
        await retryHeld(everything);
        await retryTable(everything);
        await countPending();
      } catch (error) {
        // A database that cannot be reached is logged once per outage by the readiness
        // checker (ROB-4 of docs/robustness.md), not on every pass.
        if (!isConnectionError(error)) log.warn({ err: error }, 'mail retry pass failed');
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  const timer = setInterval(() => void retryNow(), TICK_MS);
  timer.unref();
  // Messages kept before a restart (or by another server) are picked up from the first tick.
  void countPending().catch(() => undefined);

  return {
    async send(message) {
      const error = await deliver(message);
      if (error === undefined) return 'sent';
      await keep(message, error);
      return 'kept';
    },
    isDelayed: () =>
      held.length > 0 ||
      knownPending > 0 ||
      Date.now() - lastFailureAt < RECENT_FAILURE_MS ||
      !mailer.looksReady(),
    async check() {
      let pending = knownPending + held.length;
      try {
        pending = await countPending();
      } catch {
        // The database part of the readiness check reports the database.
      }
      try {
        await mailer.probe();
        return { status: 'up', kind: mailer.kind, pending };
      } catch (error) {
        return {
          status: 'down',
          kind: mailer.kind,
          pending,
          message: publicReason(mailer.kind, error),
        };
      }
    },
    retryNow,
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
