/**
 * Tables the server keeps for running itself rather than for users (issue 15): mail waiting to
 * be sent again, and the row the readiness check writes to prove the database takes writes.
 */
import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Identity mail that could not be sent (SMTP down, outbox folder full), retried with backoff
 * until sent (then deleted) or until its link has expired.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The action link the message carries (verification, reset). */
    link: text('link').notNull(),
    /** Delivery attempts so far, the first (failed) one included. */
    attempts: integer('attempts').notNull().default(1),
    lastError: text('last_error'),
    /** When the next attempt is due (exponential backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a server is sending it (a lease), so two servers never send it twice. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_next_attempt_at_idx').on(t.nextAttemptAt)],
);

/** One row (id 1) the readiness check updates: a write the database must take. */
export const readinessProbe = pgTable('readiness_probe', {
  id: smallint('id').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
