/**
 * What several server processes must agree on (SCALE-1 in docs/requirements.md), shared through
 * Redis when `REDIS_URL` is set, and kept in this process otherwise (one server behaves exactly as
 * before):
 * - **Invalidation messages** on one pub/sub channel: the catalogue answers changed (a write, an
 *   import), or sessions changed (a sign-out, a password change). Every server, the sender
 *   included, drops what it kept.
 * - **Per-user write generations** (`INCR pigo:gen:<uid>`): a user's write bumps theirs before
 *   its answer is sent, and every server keys that user's kept answers by it, so a user never
 *   reads, on any server, an answer kept from before their own write (read-your-writes).
 *
 * When Redis stops answering, each server falls back to its own generations and invalidation
 * (as without REDIS_URL), logs it once, and logs once more when Redis is back.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** A change every server must hear of. */
export type ClusterMessage = { kind: 'catalogue' } | { kind: 'sessions' };

/** The readiness check's view of Redis. */
export interface RedisCheck {
  status: 'up' | 'down';
  message?: string;
}

/** The bus the app's caches and the identity module use. */
export interface ClusterBus {
  /** Whether Redis is configured (several servers may share the database). */
  readonly shared: boolean;
  /** Sends `message` to every server; this one's handlers run at once. Never throws. */
  publish(message: ClusterMessage): void;
  /** Runs `handler` for every message, from this server or another. */
  subscribe(handler: (message: ClusterMessage) => void): void;
  /**
   * Starts a new write generation for `uid` (before the write's answer is sent).
   * @returns the new generation.
   */
  bumpUser(uid: string): Promise<number>;
  /**
   * The current write generation of `uid` (0 when it never wrote); undefined while Redis cannot
   * be asked (another server's writes cannot be seen then: keep nothing of the user's).
   */
  userGeneration(uid: string): Promise<number | undefined>;
  /** Redis's part of the readiness report; undefined without REDIS_URL. */
  check(): Promise<RedisCheck | undefined>;
  close(): Promise<void>;
}

/** Receives the bus's log lines (the app's logger). */
export interface ClusterBusLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

const CHANNEL = 'pigo:invalidate';
const GENERATION_PREFIX = 'pigo:gen:';
/** A user's generation is kept this long after their last write, in s (well past any TTL). */
const GENERATION_TTL_S = 24 * 60 * 60;
/** Users whose latest write this process remembers, and for how long (well past any TTL), ms. */
const LOCAL_WRITERS_KEPT = 100_000;
const LOCAL_WRITERS_TTL_MS = 60_000;
/** Longest a Redis command may take before the bus falls back, in ms. */
const COMMAND_TIMEOUT_MS = 500;
/** While Redis is taken as lost, how often it is tried again (a PING), in ms. */
const RETRY_MS = 1_000;

/**
 * Tells every server listening on `redisUrl` that `message` happened, from a process that runs
 * no bus of its own (the `pigo` CLI after an import): one connection, one PUBLISH.
 * @throws when Redis cannot be reached.
 */
export async function announce(redisUrl: string, message: ClusterMessage): Promise<void> {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  redis.on('error', () => undefined);
  try {
    await redis.publish(CHANNEL, JSON.stringify({ from: 'pigo', message }));
  } finally {
    redis.disconnect();
  }
}

/**
 * Creates the bus: shared through Redis at `redisUrl`, or in this process only.
 */
export function createClusterBus(options: {
  redisUrl: string | undefined;
  log: ClusterBusLog;
}): ClusterBus {
  const { redisUrl, log } = options;
  const handlers: ((message: ClusterMessage) => void)[] = [];
  const localGenerations = new LRUCache<string, number>({
    max: LOCAL_WRITERS_KEPT,
    ttl: LOCAL_WRITERS_TTL_MS,
  });
  let localCounter = 0;
  const deliver = (message: ClusterMessage) => {
    for (const handler of handlers) handler(message);
  };
  const bumpLocal = (uid: string) => {
    localCounter += 1;
    localGenerations.set(uid, localCounter);
    return localCounter;
  };

  if (!redisUrl) {
    return {
      shared: false,
      publish: deliver,
      subscribe: (handler) => void handlers.push(handler),
      bumpUser: (uid) => Promise.resolve(bumpLocal(uid)),
      userGeneration: (uid) => Promise.resolve(localGenerations.get(uid) ?? 0),
      check: () => Promise.resolve(undefined),
      close: () => Promise.resolve(),
    };
  }

  const sender = randomUUID();
  const redisOptions = {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: COMMAND_TIMEOUT_MS,
  };
  // Commands wait for the first connection; once Redis has been lost they are not sent at all
  // (`down`) until it is back, so an outage costs requests nothing.
  const commands = new Redis(redisUrl, redisOptions);
  const listener = new Redis(redisUrl, redisOptions);
  let down = false;
  let closing = false;
  /** When Redis is next tried while `down`. */
  let retryAt = 0;
  const failed = (error: unknown) => {
    retryAt = Date.now() + RETRY_MS;
    if (down || closing) return;
    down = true;
    log.warn(
      { err: error },
      'Redis unavailable: this server falls back to its own caches and invalidation until it returns',
    );
  };
  const recovered = () => {
    if (!down) return;
    down = false;
    log.info({}, 'Redis is back: caches and invalidation are shared again');
    // Whatever was missed while apart is dropped.
    deliver({ kind: 'catalogue' });
    deliver({ kind: 'sessions' });
  };
  /**
   * Whether Redis may be used now. While lost it is tried again every {@link RETRY_MS} ms: a
   * command that timed out under load leaves the connection up, so no reconnection would tell.
   */
  const usable = () => {
    if (!down) return true;
    if (!closing && Date.now() >= retryAt) {
      retryAt = Date.now() + RETRY_MS;
      commands.ping().then(recovered, failed);
    }
    return false;
  };
  commands.on('error', failed);
  listener.on('error', failed);
  commands.on('close', () => {
    failed(new Error('connection to Redis closed'));
  });
  commands.on('ready', recovered);
  void listener.subscribe(CHANNEL).catch(failed);
  listener.on('message', (_channel: string, raw: string) => {
    try {
      const { from, message } = JSON.parse(raw) as { from: string; message: ClusterMessage };
      if (from !== sender) deliver(message);
    } catch {
      // Not ours: ignored.
    }
  });

  return {
    shared: true,
    publish(message) {
      deliver(message);
      if (!usable()) return;
      commands.publish(CHANNEL, JSON.stringify({ from: sender, message })).catch(failed);
    },
    subscribe: (handler) => void handlers.push(handler),
    async bumpUser(uid) {
      const local = bumpLocal(uid);
      if (!usable()) return local;
      try {
        const [[, generation]] = (await commands
          .multi()
          .incr(GENERATION_PREFIX + uid)
          .expire(GENERATION_PREFIX + uid, GENERATION_TTL_S)
          .exec()) as [[Error | null, number], [Error | null, number]];
        recovered();
        return generation;
      } catch (error) {
        failed(error);
        return local;
      }
    },
    async userGeneration(uid) {
      if (!usable()) return undefined;
      try {
        const value = await commands.get(GENERATION_PREFIX + uid);
        recovered();
        return value === null ? 0 : Number(value);
      } catch (error) {
        failed(error);
        return undefined;
      }
    },
    async check() {
      try {
        await commands.ping();
        recovered();
        return { status: 'up' };
      } catch {
        return { status: 'down', message: 'Redis does not answer' };
      }
    },
    close() {
      closing = true;
      commands.disconnect();
      listener.disconnect();
      return Promise.resolve();
    },
  };
}
