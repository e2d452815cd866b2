/**
 * Tables the server keeps for running itself rather than for users (OPS-3 in docs/requirements.md):
 * mail waiting to be sent again, and the row the readiness check writes to prove the database takes
 * writes.
 */
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

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

/**
 * The local media library as the last scan found it, shared by the servers of one PostgreSQL
 * database (SCALE-1, SCALE-4): one server walks MEDIA_DIR, the others read this. With each file,
 * what ffprobe found in it (PLAYBACK-1), kept while its size and modification time stay the same,
 * so a rescan or a restart probes only the files that changed (on the embedded database too).
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    /** Opaque id in media URLs (a hash of the path inside MEDIA_DIR). */
    id: text('id').primaryKey(),
    path: text('path').notNull(),
    /** `movie:{id}` or `tv:{id}:{season}:{episode}`. */
    key: text('key').notNull(),
    /** Size in bytes when scanned; null in rows written before probes were kept. */
    size: bigint('size', { mode: 'number' }),
    /** Modification time when scanned, in ms since 1970 (fractional). */
    mtimeMs: doublePrecision('mtime_ms'),
    /**
     * What ffprobe found (the server's `MediaProbe`: container, duration, streams, keyframes),
     * or null until probed.
     */
    probe: jsonb('probe'),
  },
  (t) => [index('media_files_key_idx').on(t.key)],
);

/** When the shared media library was last scanned (one row, id 1). */
export const mediaScans = pgTable('media_scans', {
  id: smallint('id').primaryKey(),
  scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
  files: integer('files').notNull(),
});
