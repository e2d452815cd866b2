/**
 * A short-lived in-process cache of whole catalogue answers (QUAL-3 in docs/requirements.md:
 * catalogue calls under load at least half a bare Fastify route's throughput, p99 under 50 ms). The
 * catalogue is the same for every user, so a GET's 200 answer is kept, already serialized, by its
 * URL for `ttlMs` ms and sent again without touching the database or the response schema. It is
 * kept as UTF-8 bytes: titles in other scripts (`original_title` in Japanese, Korean) make the JSON
 * a two-byte string, and encoding it again on every send would cost about as much as the rest of
 * the request (docs/benchmarks.md). The hooks take callbacks, not promises, for the same reason.
 * Any successful write call (POST, PUT, PATCH, DELETE) through the app that can change a catalogue
 * answer (not a user's own lists, searches, progress or imports) clears it, on this server at once
 * and on every other one through the cluster bus (cluster-bus.ts: Redis pub/sub, well within 1 s),
 * so no server answers much older data than was written (trending and '#1 Most Watched' blend watch
 * events). A kids' profile sees only titles within its rating limit (PROFILE-7), so its answers
 * are kept apart, under the limit as well as the URL ({@link answerKeyPrefix}).
 */
import type { RatingCeiling } from '@pigostream/contracts';
import { ENDPOINTS } from '@pigostream/contracts/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ClusterBus } from './cluster-bus.ts';
import { singleFlight } from './single-flight.ts';

/** How long an answer is reused, in ms. */
export const RESPONSE_CACHE_TTL_MS = 2_000;

/** The bytes of answers kept at most by default (RESPONSE_CACHE_MB), and the largest answer kept. */
export const RESPONSE_CACHE_BYTES = 16 * 1024 * 1024;
const MAX_ANSWER_BYTES = 512_000;

/**
 * What an entry costs beyond its bytes and key, in bytes: the Buffer object and the LRU's slots
 * for it (counted so that many small answers, a user's, stay within the cache's bytes too).
 */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * A cache of answers by key for `ttlMs` ms, `maxBytes` bytes at most counting keys and
 * {@link ENTRY_OVERHEAD_BYTES}. Expired answers are dropped every `ttlMs` ms until `scope`
 * closes, not only when asked for again: a user's answers are keyed by their write generation,
 * so after each write the old ones are never asked for again (LEAN-3: without this, the leak
 * check's rounds of reads and writes grow the server; docs/benchmarks.md).
 */
function answerCache(
  scope: FastifyInstance,
  ttlMs: number,
  maxBytes: number,
): LRUCache<string, Buffer> {
  const answers = new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    // The key (the URL) is kept too, as a two-byte-per-character string at worst.
    sizeCalculation: (bytes, key) => bytes.byteLength + key.length * 2 + ENTRY_OVERHEAD_BYTES,
    ttl: ttlMs,
  });
  const purge = setInterval(() => answers.purgeStale(), ttlMs);
  purge.unref();
  scope.addHook('onClose', (_instance, done) => {
    clearInterval(purge);
    done();
  });
  return answers;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Keeps the 200 answer `payload` under `key`, serialized as the route's own serializer does;
 * returns the bytes kept, or undefined when the answer is not kept (not JSON text, or larger
 * than {@link MAX_ANSWER_BYTES}).
 */
function keepAnswer(
  answers: LRUCache<string, Buffer>,
  key: string,
  reply: FastifyReply,
  payload: unknown,
): Buffer | undefined {
  const text = reply.serialize(payload);
  if (typeof text !== 'string') return undefined;
  const length = Buffer.byteLength(text, 'utf8');
  if (length > MAX_ANSWER_BYTES) return undefined;
  // A memory of its own: Buffer.from would cut a small answer out of Node's shared 8 kB pool,
  // and the one slice kept would hold the whole 8 kB.
  const bytes = Buffer.allocUnsafeSlow(length);
  bytes.write(text, 'utf8');
  answers.set(key, bytes);
  return bytes;
}

/**
 * Sends a kept answer, marked `x-response-cache: hit`, or `stale` for an expired one sent while
 * a newer one is being made.
 */
function sendKept(reply: FastifyReply, bytes: Buffer, kind: 'hit' | 'stale' = 'hit'): FastifyReply {
  return reply.code(200).type(JSON_TYPE).header('x-response-cache', kind).send(bytes);
}

/** The cache behind {@link cacheResponses} or {@link cacheUserAnswers}. */
export interface ResponseCache {
  /** Empties it. */
  clear(): void;
  /** How many answers it holds (expired ones included until the next purge). */
  size(): number;
}

/**
 * The rating limit of a request's active profile (PROFILE-7 in docs/requirements.md), undefined
 * for none (signed out, an adult profile); rejects when it cannot be learnt (the database failed).
 */
export type RequestCeiling = (req: FastifyRequest) => Promise<RatingCeiling | undefined>;

/**
 * What the key of an answer made under `ceiling` starts with, before its URL: `k{maxAge}u|`
 * (unrated titles shown) or `k{maxAge}n|`, e.g. `k10n|`; '' without a limit, the answers every
 * signed-out visitor and adult profile share. A URL starts with '/', so no prefixed key is a URL.
 */
export function answerKeyPrefix(ceiling: RatingCeiling | undefined): string {
  return ceiling ? `k${String(ceiling.maxAge)}${ceiling.unrated ? 'u' : 'n'}|` : '';
}

/**
 * Caches the 200 answers of the GET routes registered in `scope` (after this call) for `ttlMs`
 * ms, keyed by URL (path and query), `maxBytes` bytes of answers at most (the least recently
 * used go first; 0 keeps none); returns the cache so write routes can clear it. A request for an
 * answer another request is making waits for it (single flight), so an expiring entry is
 * computed once however many requests ask for it meanwhile; when the expired answer is at most
 * `ttlMs` past its time, they get it at once instead (stale while the newer one is made). A
 * write's clear drops every answer, expired ones too (SCALE-8 in docs/requirements.md).
 *
 * With `ceilingOf`, the answers are kept per rating limit too (PROFILE-7): a request carrying a
 * cookie is asked its limit (the session lookup it makes anyway; one more promise per request),
 * and its answer is keyed by {@link answerKeyPrefix} and the URL, so an answer made for a kids'
 * profile is only ever sent to a profile with the same limit, and one made for everyone never to
 * a kids' profile. Requests without a cookie are keyed by the URL alone, as before, and never
 * asked. When the limit cannot be learnt the request fails with that error (never an answer
 * kept for another limit).
 */
export function cacheResponses(
  scope: FastifyInstance,
  ttlMs = RESPONSE_CACHE_TTL_MS,
  maxBytes = RESPONSE_CACHE_BYTES,
  ceilingOf?: RequestCeiling,
): ResponseCache {
  if (maxBytes <= 0) return { clear: () => undefined, size: () => 0 };
  // Answers are kept twice their time: the second half only for requests arriving while
  // another request makes the newer answer.
  const answers = answerCache(scope, 2 * ttlMs, maxBytes);
  const fresh = (key: string) => answers.getRemainingTTL(key) > ttlMs;
  const flights = singleFlight();
  // The keys of requests answered under a rating limit; every other request's key is its URL.
  const limited = new WeakMap<FastifyRequest, string>();
  const keyOf = (req: FastifyRequest) => limited.get(req) ?? req.url;

  /** Sends the answer kept under `key`, or waits for the one being made, or lets the route run. */
  const answerFromCache = (
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    done: (error?: Error) => void,
  ) => {
    const cached = answers.get(key);
    if (cached !== undefined && fresh(key)) {
      sendKept(reply, cached);
      return;
    }
    const inFlight = flights.start(req, key);
    if (inFlight === undefined) {
      done();
      return;
    }
    // Another request is making the newer answer: the expired one, if still kept, now.
    if (cached !== undefined) {
      sendKept(reply, cached, 'stale');
      return;
    }
    void inFlight.then((bytes) => {
      if (bytes === undefined) done();
      else sendKept(reply, bytes);
    });
  };

  scope.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET') {
      done();
      return;
    }
    if (ceilingOf === undefined || req.headers.cookie === undefined) {
      answerFromCache(req, reply, req.url, done);
      return;
    }
    ceilingOf(req).then(
      (ceiling) => {
        const prefix = answerKeyPrefix(ceiling);
        if (prefix !== '') limited.set(req, `${prefix}${req.url}`);
        answerFromCache(req, reply, keyOf(req), done);
      },
      (error: unknown) => {
        done(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

  scope.addHook('preSerialization', (req, reply, payload, done) => {
    const key = keyOf(req);
    if (req.method === 'GET' && reply.statusCode === 200 && !fresh(key)) {
      // The route's own serializer: the same checked, stripped JSON a miss sends.
      // Its waiters get the bytes (for a request that waited in vain and answers alone, a no-op).
      flights.settle(req, keepAnswer(answers, key, reply, payload));
    }
    done(null, payload);
  });

  // Whatever became of the answer (sent, refused, failed, abandoned), nobody waits on it longer.
  scope.addHook('onResponse', (req, _reply, done) => {
    flights.settle(req, undefined);
    done();
  });
  scope.addHook('onRequestAbort', (req, done) => {
    flights.settle(req, undefined);
    done();
  });

  return {
    clear: () => {
      answers.clear();
      flights.forget();
    },
    size: () => answers.size,
  };
}

/**
 * Write routes that change no catalogue answer, by their route pattern under the API prefix
 * (what the router matched, whatever the request spelled): the endpoints whose success
 * invalidates only the user's own answers (contracts' endpoints.ts, `invalidates: 'user'`: a
 * user's own lists, search history, watch progress and imports). Catalogue answers read the
 * catalogue and the watch events (`recommender/insert`: trending, '#1 Most Watched'), which
 * none of these write; a user's own answers have their own cache, cleared per user
 * (cacheUserAnswers).
 */
const USER_ONLY_WRITES: ReadonlySet<string> = new Set(
  // `invalidates` is only ever 'user': a write that says nothing may change the catalogue.
  Object.values(ENDPOINTS).flatMap((endpoint) =>
    'invalidates' in endpoint ? [endpoint.path] : [],
  ),
);

/** Whether the route `pattern` (e.g. `/pigo-stream/my-list/save-my-list`) is a user-only write. */
function userOnlyWrite(pattern: string | undefined, prefix: string): boolean {
  if (pattern === undefined || !pattern.startsWith(`${prefix}/`)) return false;
  return USER_ONLY_WRITES.has(pattern.slice(prefix.length));
}

/**
 * Clears `cache` after every successful write call answered in `scope` that can change a
 * catalogue answer (all but {@link USER_ONLY_WRITES}, matched under `prefix`), and tells every
 * other server through `bus` to clear theirs; clears it too when `bus` says the catalogue
 * changed elsewhere (a write on another server, an import).
 */
export function clearOnWrites(
  scope: FastifyInstance,
  cache: ResponseCache,
  bus: ClusterBus,
  prefix = '/pigo-stream',
): void {
  bus.subscribe((message) => {
    if (message.kind === 'catalogue') cache.clear();
  });
  scope.addHook('onResponse', (req, reply, done) => {
    if (
      req.method !== 'GET' &&
      req.method !== 'HEAD' &&
      reply.statusCode < 400 &&
      !userOnlyWrite(req.routeOptions.url, prefix)
    ) {
      bus.publish({ kind: 'catalogue' });
    }
    done();
  });
}

/** How long a user's own answer is reused, in ms. */
export const USER_ANSWER_TTL_MS = 2_000;

/**
 * Whose personal data a request reads: the session's active profile (PROFILE-4 in
 * docs/requirements.md; the account's uid for its default profile), or undefined when it has no
 * verified session.
 */
export type RequestUser = (req: FastifyRequest) => Promise<string | undefined>;

/**
 * Caches the 200 answers of the GET routes registered in `scope` (after this call) per user
 * (PERF-7: signed-in reads cost about what a catalogue answer costs): keyed by the session's
 * active profile (PROFILE-4), its write generation and the URL, for `ttlMs` ms, so an answer is only ever sent
 * again to the user it was made for, for the same URL. Any successful write call by a user in
 * `scope` (POST, PUT, PATCH, DELETE) starts a new generation for them before its answer is
 * sent (`bus`: in Redis when several servers share the database, one round trip per signed-in
 * GET), so no server answers a user older data than they wrote (read-your-writes, SCALE-2).
 * While Redis cannot be asked, the user's reads pass through to the routes (SCALE-6).
 * Requests for a key whose answer is being made wait for it rather than each asking the
 * database. Requests without a verified session pass through untouched (the routes answer 401).
 * Keeps `maxBytes` bytes of answers at most (least recently used first out; 0 keeps none).
 * @returns the cache (its size, for tests).
 */
export function cacheUserAnswers(
  scope: FastifyInstance,
  userOf: RequestUser,
  bus: ClusterBus,
  ttlMs = USER_ANSWER_TTL_MS,
  maxBytes = RESPONSE_CACHE_BYTES,
): ResponseCache {
  if (maxBytes <= 0) return { clear: () => undefined, size: () => 0 };
  const answers = answerCache(scope, ttlMs, maxBytes);
  const keys = new WeakMap<FastifyRequest, string>();
  const flights = singleFlight();

  scope.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return;
    const uid = await userOf(req);
    if (uid === undefined) return;
    const generation = await bus.userGeneration(uid);
    // Redis lost: another server's writes cannot be seen, so the database answers each read.
    if (generation === undefined) return;
    const key = `${uid}#${String(generation)} ${req.url}`;
    const kept = answers.get(key);
    // No await between the look-up and `start`: the next request must see this one's flight.
    const inFlight = kept === undefined ? flights.start(req, key) : undefined;
    const cached = kept ?? (inFlight && (await inFlight));
    if (cached !== undefined) {
      await sendKept(reply, cached);
      return;
    }
    // Making the answer (or the one it waited for was not kept: it answers alone).
    keys.set(req, key);
  });

  scope.addHook('preSerialization', (req, reply, payload, done) => {
    const key = keys.get(req);
    if (key !== undefined && reply.statusCode === 200) {
      flights.settle(req, keepAnswer(answers, key, reply, payload));
    }
    done(null, payload);
  });

  // Whatever became of the answer (sent, refused, failed, abandoned), nobody waits on it longer.
  scope.addHook('onResponse', (req, _reply, done) => {
    flights.settle(req, undefined);
    done();
  });
  scope.addHook('onRequestAbort', (req, done) => {
    flights.settle(req, undefined);
    done();
  });

  // Before the answer leaves: the user's next read, on any server, sees the new generation.
  scope.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400) return payload;
    const uid = await userOf(req).catch(() => undefined);
    if (uid !== undefined) await bus.bumpUser(uid);
    return payload;
  });

  return {
    clear: () => {
      answers.clear();
    },
    size: () => answers.size,
  };
}
