/**
 * Attempt limits on every identity call that takes a secret or sends mail (agreed identity API;
 * SEC-2 in docs/requirements.md), counted by @fastify/rate-limit in one-minute windows, per IP and
 * per subject (the e-mail address, the reset token, the signed-in user). Every attempt counts,
 * successful or not. The counters live where every server and every restart sees them: the
 * database's `rate_limit` table ({@link DatabaseLimitStore}), or Redis (the plugin's own store)
 * when REDIS_URL is set.
 */
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Database } from '@pigostream/db';
import { countAttempt, deleteEndedLimitWindows } from './identity.repository.ts';
import type { RuleFailure } from './identity.rules.ts';

/** What a call's second counter is keyed by; `ip`: nothing, the call is counted per IP only. */
export type LimitSubject = 'address' | 'token' | 'user' | 'new-address' | 'ip';

/** Attempts allowed per subject and per IP within {@link WINDOW_MS}. */
export interface IdentityLimit {
  subject: LimitSubject;
  perSubject: number;
  perIp: number;
}

/** Limits per call (a path under the identity base, lower case). */
export const IDENTITY_LIMITS: Readonly<Record<string, IdentityLimit>> = {
  'sign-in/email': { subject: 'address', perSubject: 10, perIp: 30 },
  'sign-up/email': { subject: 'address', perSubject: 5, perIp: 20 },
  'send-verification-email': { subject: 'address', perSubject: 5, perIp: 20 },
  'request-password-reset': { subject: 'address', perSubject: 5, perIp: 20 },
  'reset-password': { subject: 'token', perSubject: 5, perIp: 20 },
  'change-password': { subject: 'user', perSubject: 10, perIp: 30 },
  'change-email': { subject: 'new-address', perSubject: 5, perIp: 20 },
  // A profile's PIN (PROFILE-8 in docs/requirements.md): limited like sign-in, per account.
  'profile-pin': { subject: 'user', perSubject: 10, perIp: 30 },
  // A wrong addon token (STREMIO-8): counted per IP only, as a guess names no account.
  'stremio-token': { subject: 'ip', perSubject: 30, perIp: 30 },
};

/** Length of a counting window, in ms. */
export const WINDOW_MS = 60_000;

/** The 429 answer of the agreed identity API. */
export const RATE_LIMITED = {
  code: 'RATE_LIMITED',
  message: 'Too many attempts. Please wait a minute and try again.',
} as const;

/** A 429 refusal with the wait the client should honour. */
export interface RateLimitRefusal extends RuleFailure {
  /** Seconds until the window that refused ends (for `Retry-After`). */
  retryAfterSeconds: number;
}

/** The counters one attempt moves. */
export interface LimitKeys {
  limit: IdentityLimit;
  /** `<call>|ip|<ip>` */
  ip: string;
  /** `<call>|<subject>|<value>`, absent when the request names no subject. */
  subject: string | undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The counters an attempt at `call` moves: per IP always, per subject when the request names
 * one (`email`, `token`, the session's user, `newEmail`; never for a call counted per IP only). Addresses are trimmed and
 * lower-cased, so spellings of one address share a counter. Null for calls without limits.
 */
export function limitKeys(
  call: string,
  ip: string,
  body: Record<string, unknown> | undefined,
  userId: string | undefined,
): LimitKeys | null {
  const limit = IDENTITY_LIMITS[call];
  if (!limit) return null;
  const value = {
    address: text(body?.email)?.toLowerCase(),
    token: text(body?.token),
    user: userId,
    'new-address': text(body?.newEmail)?.toLowerCase(),
    ip: undefined,
  }[limit.subject];
  return {
    limit,
    ip: `${call}|ip|${normalizeIP(ip)}`,
    subject: value === undefined ? undefined : `${call}|${limit.subject}|${value}`,
  };
}

/** How often ended windows are deleted from the table, in ms. */
const PRUNE_EVERY_MS = 5 * 60_000;

/**
 * @fastify/rate-limit's store interface over the `rate_limit` table: one atomic upsert per
 * attempt (a fixed window that starts with the key's first attempt), on both databases.
 */
export class DatabaseLimitStore implements FastifyRateLimitStore {
  private nextPrune = 0;

  constructor(private readonly db: Database) {}

  /** Counts one attempt at `key`; calls back with the count and the ms left in the window. */
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.count(key, timeWindow).then(
      (result) => {
        callback(null, result);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  /** Keys already name their call: one store serves every limiter. */
  child(): FastifyRateLimitStore {
    return this;
  }

  private async count(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const row = await countAttempt(this.db, key, windowMs);
    if (Date.now() >= this.nextPrune) {
      // Off the attempt's path: ended windows are dropped in the background.
      this.nextPrune = Date.now() + PRUNE_EVERY_MS;
      deleteEndedLimitWindows(this.db).catch(() => {
        this.nextPrune = 0;
      });
    }
    return { current: row?.count ?? 1, ttl: row?.ttl ?? windowMs };
  }
}

/** Counts attempts and answers whether one may go ahead. */
export interface IdentityLimiter {
  /**
   * Records one attempt moving `keys`.
   * @returns null to proceed, or the 429 refusal.
   * @throws when the counters' store (database or Redis) fails.
   */
  hit(req: FastifyRequest, keys: LimitKeys): Promise<RateLimitRefusal | null>;
}

/** Where the counters live. */
export interface IdentityLimiterOptions {
  db: Database;
  /** REDIS_URL: count in Redis, falling back to the database while Redis does not answer. */
  redisUrl: string | undefined;
  /** Reports a Redis error, once per outage (attempts are then counted in the database). */
  onRedisError: (error: unknown) => void;
}

type CheckLimit = ReturnType<FastifyInstance['createRateLimit']>;

/** The per-IP and per-subject checks of one counter store, built in their own plugin scope. */
async function limitChecks(
  scope: FastifyInstance,
  register: (child: FastifyInstance) => Promise<void>,
  keysOf: (req: FastifyRequest) => LimitKeys,
): Promise<{ byIp: CheckLimit; bySubject: CheckLimit }> {
  let checks: { byIp: CheckLimit; bySubject: CheckLimit } | undefined;
  await scope.register(async (child) => {
    await register(child);
    checks = {
      byIp: child.createRateLimit({
        timeWindow: WINDOW_MS,
        max: (req) => keysOf(req).limit.perIp,
        keyGenerator: (req) => keysOf(req).ip,
      }),
      bySubject: child.createRateLimit({
        timeWindow: WINDOW_MS,
        max: (req) => keysOf(req).limit.perSubject,
        keyGenerator: (req) => keysOf(req).subject ?? keysOf(req).ip,
      }),
    };
  });
  if (!checks) throw new Error('identity limiter scope did not register');
  return checks;
}

/**
 * Registers @fastify/rate-limit on `scope` (no route limited by itself) and returns the limiter
 * the identity proxy calls before forwarding a limited call. With REDIS_URL the counters live
 * in Redis (every server shares them, SCALE-1); while Redis does not answer they live in the
 * database's `rate_limit` table, which every server shares too.
 */
export async function createIdentityLimiter(
  scope: FastifyInstance,
  options: IdentityLimiterOptions,
): Promise<IdentityLimiter> {
  // The keys of the attempt under way; the limiters' key and max read them from the request.
  const pending = new WeakMap<FastifyRequest, LimitKeys>();
  const keysOf = (req: FastifyRequest): LimitKeys => {
    const keys = pending.get(req);
    if (!keys) throw new Error('identity limiter called without keys');
    return keys;
  };
  const { db } = options;
  const inDatabase = await limitChecks(
    scope,
    async (child) => {
      await child.register(rateLimit, {
        global: false,
        // The plugin builds its store itself; this one counts in `db`.
        store: class extends DatabaseLimitStore {
          constructor() {
            super(db);
          }
        },
      });
    },
    keysOf,
  );
  let inRedis: typeof inDatabase | undefined;
  let redisDown = false;
  if (options.redisUrl) {
    const redis = new Redis(options.redisUrl, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: 1000,
    });
    const failed = (error: unknown) => {
      if (redisDown) return;
      redisDown = true;
      options.onRedisError(error);
    };
    redis.on('error', failed);
    redis.on('ready', () => {
      redisDown = false;
    });
    scope.addHook('onClose', async () => {
      redis.removeAllListeners('error');
      redis.on('error', () => undefined);
      await redis.quit().catch(() => {
        redis.disconnect();
      });
    });
    inRedis = await limitChecks(
      scope,
      async (child) => {
        await child.register(rateLimit, {
          global: false,
          redis,
          nameSpace: 'pigo:identity-limit:',
        });
      },
      keysOf,
    );
  }

  const run = async (checks: typeof inDatabase, req: FastifyRequest, keys: LimitKeys) =>
    Promise.all([checks.byIp(req), keys.subject ? checks.bySubject(req) : null]);

  return {
    async hit(req, keys) {
      pending.set(req, keys);
      let results: Awaited<ReturnType<typeof run>>;
      if (inRedis && !redisDown) {
        try {
          results = await run(inRedis, req, keys);
        } catch (error) {
          redisDown = true;
          options.onRedisError(error);
          results = await run(inDatabase, req, keys);
        }
      } else {
        results = await run(inDatabase, req, keys);
      }
      let waitSeconds = 0;
      for (const result of results) {
        if (result && !result.isAllowed && result.isExceeded) {
          waitSeconds = Math.max(waitSeconds, result.ttlInSeconds);
        }
      }
      if (waitSeconds === 0) return null;
      return { status: 429, ...RATE_LIMITED, retryAfterSeconds: Math.max(1, waitSeconds) };
    },
  };
}
