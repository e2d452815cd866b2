/**
 * The upstream answer cache: an in-process LRU, backed by Redis when `REDIS_URL` is set so
 * several servers share answers. Entries keep their fetch time; callers decide freshness, so a
 * stale entry can still be served when the upstream fails.
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export interface CacheEntry {
  value: unknown;
  /** Epoch ms when the value was fetched. */
  fetchedAt: number;
}

export interface SharedCache {
  get(key: string): Promise<CacheEntry | undefined>;
  /** Keeps `entry` for `keepMs` (fresh plus stale window). */
  set(key: string, entry: CacheEntry, keepMs: number): Promise<void>;
  close(): Promise<void>;
}

/** What the in-process tier holds at most by default (UPSTREAM_CACHE_MB), in bytes. */
export const UPSTREAM_CACHE_BYTES = 32 * 1024 * 1024;
const REDIS_PREFIX = 'pigo:upstream:';

/**
 * The memory an entry takes, in bytes, estimated as its JSON text (two bytes a character, as
 * V8 keeps strings at worst) plus its key: parsed objects take about as much as their text.
 */
function entryBytes(entry: CacheEntry, key: string): number {
  return ((JSON.stringify(entry.value) as string | undefined)?.length ?? 16) * 2 + key.length * 2;
}

/**
 * Builds the cache. With a Redis URL, reads fall through LRU -> Redis and writes go to both;
 * a Redis failure degrades to the LRU alone (logged by `onError`), never failing a request.
 * The in-process tier keeps `maxBytes` bytes at most (default {@link UPSTREAM_CACHE_BYTES}),
 * the least recently used going first.
 */
export function createSharedCache(options: {
  redisUrl?: string | undefined;
  onError?: (error: unknown) => void;
  maxBytes?: number;
}): SharedCache {
  const lru = new LRUCache<string, CacheEntry>({
    maxSize: options.maxBytes ?? UPSTREAM_CACHE_BYTES,
    sizeCalculation: (entry, key) => Math.max(1, entryBytes(entry, key)),
  });
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        // Commands queue while connecting; each gives up after 500 ms so a Redis outage
        // costs a request at most that before it falls back to the in-process cache.
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        commandTimeout: 500,
      })
    : undefined;
  redis?.on('error', (error: unknown) => options.onError?.(error));

  return {
    async get(key) {
      const local = lru.get(key);
      if (local || !redis) return local;
      try {
        const raw = await redis.get(REDIS_PREFIX + key);
        if (!raw) return undefined;
        const entry = JSON.parse(raw) as CacheEntry;
        lru.set(key, entry);
        return entry;
      } catch (error) {
        options.onError?.(error);
        return undefined;
      }
    },
    async set(key, entry, keepMs) {
      lru.set(key, entry, { ttl: keepMs });
      if (!redis) return;
      try {
        await redis.set(REDIS_PREFIX + key, JSON.stringify(entry), 'PX', keepMs);
      } catch (error) {
        options.onError?.(error);
      }
    },
    async close() {
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}

/**
 * Serves cached answers: fresh ones straight away; otherwise one upstream call per key at a
 * time (concurrent callers share it); when that call fails, a stale entry if there is one.
 */
export class CachedLoader {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly cache: SharedCache,
    /** How long a stale entry is kept for failures, in ms. */
    private readonly staleMs: number,
    private readonly onStale?: (key: string, error: unknown) => void,
  ) {}

  /**
   * @param freshMs how long an answer counts as fresh, in ms
   * @param load the upstream call
   * @throws what `load` throws when there is no cached entry to fall back on
   */
  async load<T>(key: string, freshMs: number, load: () => Promise<T>): Promise<T> {
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const call = (async () => {
      let entry: CacheEntry | undefined;
      try {
        entry = await this.cache.get(key);
        if (entry && Date.now() - entry.fetchedAt < freshMs) return entry.value as T;
        const value = await load();
        await this.cache.set(key, { value, fetchedAt: Date.now() }, freshMs + this.staleMs);
        return value;
      } catch (error) {
        if (entry) {
          this.onStale?.(key, error);
          return entry.value as T;
        }
        throw error;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, call);
    return call;
  }
}

/** How long a stale upstream answer is kept to serve when the upstream fails, in ms. */
const STALE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The app's upstream answer cache (TMDB, AniList; LIVE-1 in docs/requirements.md): at most
 * `maxBytes` in the process, shared through Redis at `redisUrl` when given, closed with `app`.
 * A stale answer is kept a week and served when the upstream fails. Logs the warnings 'shared
 * cache unavailable; using the in-process cache' (Redis failed) and 'upstream failed; serving a
 * stale cached answer'.
 */
export function createUpstreamLoader(
  app: FastifyInstance,
  options: { redisUrl: string | undefined; maxBytes: number },
): CachedLoader {
  const cache = createSharedCache({
    redisUrl: options.redisUrl,
    maxBytes: options.maxBytes,
    onError: (err) => {
      app.log.warn({ err }, 'shared cache unavailable; using the in-process cache');
    },
  });
  app.addHook('onClose', () => cache.close());
  return new CachedLoader(cache, STALE_KEEP_MS, (key, err) => {
    app.log.warn({ key, err }, 'upstream failed; serving a stale cached answer');
  });
}
