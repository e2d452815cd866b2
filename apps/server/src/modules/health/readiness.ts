/**
 * Whether the server can do its work, not just answer (issue 15): the database takes a write
 * (and, for the embedded database, its disk has room) and the mail transport takes a message;
 * with REDIS_URL, Redis answers (issue 16; servers fall back to their own caches without it).
 * Checked on demand (`/pigo-stream/health/ready`; calls that arrive while a check runs share
 * it), every {@link CHECK_EVERY_MS} in the background, and at once after a request failed for lack of
 * space; the log says what changed, once per change of state.
 */
import { sql } from 'drizzle-orm';
import { readinessProbe, type DatabaseHandle } from '@pigostream/db';
import { freeBytes, LOW_SPACE_BYTES } from '../../data-dir.ts';
import type { ClusterBus, RedisCheck } from '../../lib/cluster-bus.ts';
import type { MailCheck, MailOutbox } from '../mail/mail-outbox.ts';

/** Background check interval, in ms. */
const CHECK_EVERY_MS = 15_000;
/** Longest a database write may take before it counts as failed, in ms. */
const WRITE_TIMEOUT_MS = 5_000;

/** The database part of the report. */
export interface DatabaseCheck {
  status: 'up' | 'down';
  kind: DatabaseHandle['kind'];
  /** Why it is down, in words safe to show anyone. */
  message?: string;
}

/** `/pigo-stream/health/ready`'s answer. */
export interface ReadinessReport {
  status: 'ready' | 'unavailable';
  /** The parts that are down, e.g. `['database']`; empty when ready. */
  failing: ('database' | 'mail')[];
  database: DatabaseCheck;
  mail: MailCheck;
  /** Present when REDIS_URL is set. */
  redis?: RedisCheck;
}

/** Receives the readiness log lines. */
export interface ReadinessLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

/** The readiness checker the health routes and the error handler use. */
export interface Readiness {
  /** A fresh report (shared with a check already running). Never throws. */
  check(): Promise<ReadinessReport>;
  /** Re-checks soon (a request just failed for lack of space, say). */
  nudge(): void;
  close(): void;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${String(ms)} ms`));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

/** The SQLSTATE of a database error, looking through drizzle's wrapper. */
export function sqlStateOf(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * Starts the readiness checker.
 * @param options.dataDir DATA_DIR when it holds the embedded database (its free space is
 *   checked); undefined otherwise.
 */
export function createReadiness(options: {
  database: DatabaseHandle;
  mail: Pick<MailOutbox, 'check' | 'retryNow'>;
  /** The cluster bus, whose Redis (when configured) is checked. */
  redis: Pick<ClusterBus, 'check'>;
  dataDir: string | undefined;
  log: ReadinessLog;
}): Readiness {
  const { database, mail, redis, dataDir, log } = options;
  let running: Promise<ReadinessReport> | undefined;
  let lastState: string | undefined;

  async function checkDatabase(): Promise<DatabaseCheck> {
    const kind = database.kind;
    if (dataDir) {
      try {
        if (freeBytes(dataDir) < LOW_SPACE_BYTES) {
          return { status: 'down', kind, message: 'the disk of the database is full' };
        }
      } catch {
        return { status: 'down', kind, message: 'the data directory cannot be read' };
      }
    }
    try {
      await withTimeout(
        database.db
          .insert(readinessProbe)
          .values({ id: 1, checkedAt: new Date() })
          .onConflictDoUpdate({ target: readinessProbe.id, set: { checkedAt: sql`now()` } }),
        WRITE_TIMEOUT_MS,
      );
      return { status: 'up', kind };
    } catch (error) {
      const state = sqlStateOf(error);
      const message =
        state === '53100'
          ? 'the disk of the database is full'
          : state === '25006'
            ? 'the database is read-only'
            : 'the database does not take writes';
      return { status: 'down', kind, message };
    }
  }

  async function run(): Promise<ReadinessReport> {
    const [db, mailCheck, redisCheck] = await Promise.all([
      checkDatabase(),
      mail.check(),
      redis.check(),
    ]);
    const failing: ReadinessReport['failing'] = [];
    if (db.status === 'down') failing.push('database');
    if (mailCheck.status === 'down') failing.push('mail');
    // Redis down is reported, not failing: every server goes on with its own caches and
    // limits (cluster-bus.ts), so taking them all out of a load balancer would help no one.
    const report: ReadinessReport = {
      status: failing.length === 0 ? 'ready' : 'unavailable',
      failing,
      database: db,
      mail: mailCheck,
      ...(redisCheck ? { redis: redisCheck } : {}),
    };
    const parts = { database: db, mail: mailCheck };
    const state = JSON.stringify([
      db.status,
      db.message,
      mailCheck.status,
      mailCheck.message,
      redisCheck?.status,
    ]);
    if (state !== lastState) {
      const wasKnown = lastState !== undefined;
      lastState = state;
      if (failing.length > 0) {
        log.warn(
          { database: db, mail: mailCheck },
          `not ready: ${failing.map((part) => `${part}: ${parts[part].message ?? 'down'}`).join('; ')}`,
        );
      } else if (wasKnown) {
        log.info({ database: db, mail: mailCheck }, 'ready again');
        // Mail kept while the transport was down goes out now rather than at its next retry.
        if (mailCheck.pending > 0) void mail.retryNow(true);
      }
    }
    return report;
  }

  function check(): Promise<ReadinessReport> {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();
  let nudged: NodeJS.Timeout | undefined;

  return {
    check,
    nudge() {
      if (nudged) return;
      nudged = setTimeout(() => {
        nudged = undefined;
        void check();
      }, 100);
      nudged.unref();
    },
    close() {
      clearInterval(timer);
      clearTimeout(nudged);
    },
  };
}
