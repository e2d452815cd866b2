/**
 * Whether the server can do its work, not just answer (OPS-3 in docs/requirements.md): the database
 * takes a write (and, for the embedded database, its disk has room) and the mail transport takes a
 * message; with REDIS_URL, Redis answers (SCALE-5, SCALE-6; servers fall back to their own caches
 * without it). Checked on demand (`/pigo-stream/health/ready`; calls that arrive while a check runs
 * share it), every {@link CHECK_EVERY_MS} in the background, and at once after a request failed for
 * lack of space; the log says what changed, once per change of state.
 *
 * A request that failed because the database could not be reached (ROB-4 of
 * docs/robustness.md) is reported with {@link Readiness.connectionLost}: the outage is logged
 * once, with its cause, however many requests it fails; the database is then checked every
 * {@link OUTAGE_CHECK_EVERY_MS} until it takes a write again, which is logged once too, with how
 * long it lasted and how many requests were answered 503.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '@pigostream/db';
import { freeBytes, LOW_SPACE_BYTES } from '../../data-dir.ts';
import type { ClusterBus, RedisCheck } from '../../lib/cluster-bus.ts';
import { isConnectionError, rootCauseOf, sqlStateOf } from '../../lib/database-unavailable.ts';
import type { MailCheck, MailOutbox } from '../mail/index.ts';
import { writeReadinessProbe } from './health.repository.ts';

/** Background check interval, in ms. */
const CHECK_EVERY_MS = 15_000;
/** Longest a database write may take before it counts as failed, in ms. */
const WRITE_TIMEOUT_MS = 5_000;
/** Check interval while the database cannot be reached (ROB-4), in ms. */
const OUTAGE_CHECK_EVERY_MS = 1_000;

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
  error(details: Record<string, unknown>, message: string): void;
}

/** The readiness checker the health routes and the error handler use. */
export interface Readiness {
  /** A fresh report (shared with a check already running). Never throws. */
  check(): Promise<ReadinessReport>;
  /** Re-checks soon (a request just failed for lack of space, say). */
  nudge(): void;
  /**
   * A request failed because the database could not be reached (ROB-4): logs the outage the
   * first time (with `error`, the cause), counts the request otherwise, and checks the database
   * every second until it takes a write again.
   */
  connectionLost(error: unknown): void;
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
  /** The outage under way (ROB-4): when it began, requests it failed, its re-check timer. */
  let outage: { since: number; requests: number; timer: NodeJS.Timeout } | undefined;

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
      await withTimeout(writeReadinessProbe(database.db), WRITE_TIMEOUT_MS);
      return { status: 'up', kind };
    } catch (error) {
      const state = sqlStateOf(error);
      const message =
        state === '53100'
          ? 'the disk of the database is full'
          : state === '25006'
            ? 'the database is read-only'
            : isConnectionError(error)
              ? 'the database cannot be reached'
              : 'the database does not take writes';
      return { status: 'down', kind, message };
    }
  }

  /** Ends the outage under way, if any, once the database took a write again. */
  function outageOver(): void {
    if (!outage) return;
    clearInterval(outage.timer);
    const seconds = Math.round((Date.now() - outage.since) / 100) / 10;
    log.info(
      { outageSeconds: seconds, requestsRefused: outage.requests },
      `database reachable again after ${String(seconds)} s; ${String(outage.requests)} requests were answered 503 meanwhile`,
    );
    outage = undefined;
  }

  async function run(): Promise<ReadinessReport> {
    const startedAt = Date.now();
    const [db, mailCheck, redisCheck] = await Promise.all([
      checkDatabase(),
      mail.check(),
      redis.check(),
    ]);
    // Only a write begun after the outage began ends it (not one that was already under way).
    if (db.status === 'up' && outage && startedAt >= outage.since) outageOver();
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
    connectionLost(error) {
      if (outage) {
        outage.requests += 1;
        return;
      }
      log.error(
        { err: error },
        `database unreachable (${rootCauseOf(error)}): requests answer 503 until it is back`,
      );
      const recheck = setInterval(() => void check(), OUTAGE_CHECK_EVERY_MS);
      recheck.unref();
      outage = { since: Date.now(), requests: 1, timer: recheck };
    },
    close() {
      clearInterval(timer);
      clearTimeout(nudged);
      if (outage) clearInterval(outage.timer);
    },
  };
}

/**
 * Starts {@link createReadiness}'s checker for `app`, logging to the app's log and closed with
 * it. `dataDir` is DATA_DIR: its free space is checked when it holds the embedded database (not
 * `memory://`, not with PostgreSQL). Hand the result to the errors plugin for ROB-4's outages.
 */
export function startReadiness(
  app: FastifyInstance,
  options: {
    database: DatabaseHandle;
    mail: Pick<MailOutbox, 'check' | 'retryNow'>;
    redis: Pick<ClusterBus, 'check'>;
    dataDir: string;
  },
): Readiness {
  const { database, dataDir } = options;
  const embedded = database.kind === 'pglite' && !dataDir.startsWith('memory://');
  const readiness = createReadiness({
    ...options,
    dataDir: embedded ? dataDir : undefined,
    log: app.log,
  });
  app.addHook('onClose', () => {
    readiness.close();
  });
  return readiness;
}
