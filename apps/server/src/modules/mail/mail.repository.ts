/**
 * SQL of the mail module: the `mail_outbox` table, where messages that could not be sent wait
 * to be retried (mail-outbox.ts). Several servers may share the table: a server claims due
 * messages by setting `claimed_until` (a lease) under `FOR UPDATE SKIP LOCKED`, so each is sent
 * once. Every function throws the database's errors.
 */
import { eq, sql } from 'drizzle-orm';
import { mailOutbox, type Database } from '@pigostream/db';

/** A kept message as the table holds it. */
export type KeptMailRow = typeof mailOutbox.$inferSelect;

/** A message to keep, after its first failed attempt. */
export interface NewKeptMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
  /** Attempts made so far. */
  attempts: number;
  /** Why the last attempt failed (at most 500 characters). */
  lastError: string;
  nextAttemptAt: Date;
}

/** Keeps `message` in the outbox table. */
export async function insertKeptMail(db: Database, message: NewKeptMail): Promise<void> {
  await db.insert(mailOutbox).values(message);
}

/**
 * Claims up to `batch` messages nobody holds a lease on for `leaseMs` ms and counts an attempt
 * at each (one statement; rows other servers are claiming now are skipped).
 * @param everything also messages whose next attempt is not due yet.
 * @returns the claimed rows, as updated.
 */
export function claimDueMail(
  db: Database,
  options: { everything: boolean; leaseMs: number; batch: number },
): Promise<KeptMailRow[]> {
  const due = options.everything ? sql`true` : sql`${mailOutbox.nextAttemptAt} <= now()`;
  return db
    .update(mailOutbox)
    .set({
      claimedUntil: sql`now() + ${`${String(options.leaseMs)} milliseconds`}::interval`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(
      sql`${mailOutbox.id} in (select ${mailOutbox.id} from ${mailOutbox}
          where ${due} and (${mailOutbox.claimedUntil} is null or ${mailOutbox.claimedUntil} < now())
          order by ${mailOutbox.id} limit ${options.batch} for update skip locked)`,
    )
    .returning();
}

/** Deletes the kept message `id` (sent, or given up). */
export async function deleteKeptMail(db: Database, id: number): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
}

/** Releases the claim on message `id` after a failed attempt and sets when to try again. */
export async function rescheduleKeptMail(
  db: Database,
  id: number,
  retry: { lastError: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: retry.lastError, nextAttemptAt: retry.nextAttemptAt, claimedUntil: null })
    .where(eq(mailOutbox.id, id));
}

/** How many messages the table keeps (every server's). */
export async function countKeptMail(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
  return row?.n ?? 0;
}
