/**
 * A short-lived in-process cache of whole catalogue answers (issue 9: catalogue calls under load
 * at least half a bare Fastify route's throughput, p99 under 50 ms). The catalogue is the same
 * for every user, so a GET's 200 answer is kept, already serialized, by its URL for `ttlMs` ms
 * and sent again without touching the database or the response schema. It is kept as UTF-8
 * bytes: titles in other scripts (`original_title` in Japanese, Korean) make the JSON a two-byte
 * string, and encoding 12 kB of it again on every send cost as much as the rest of the request.
 * The hooks take callbacks, not promises, for the same reason. Any successful write
 * call (POST, PUT, PATCH, DELETE) through the app clears it, so this process never answers
 * older data than it wrote (trending and '#1 Most Watched' blend watch events); other server
 * processes may answer up to `ttlMs` ms older data.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** How long an answer is reused, in ms. */
export const RESPONSE_CACHE_TTL_MS = 2_000;

/** Answers kept at most, and the largest answer kept, in bytes. */
const MAX_ENTRIES = 2_000;
const MAX_ANSWER_BYTES = 512_000;

const JSON_TYPE = 'application/json; charset=utf-8';

/** Keeps the 200 answer `payload` under `key`, serialized as the route's own serializer does. */
function keepAnswer(
  answers: LRUCache<string, Buffer>,
  key: string,
  reply: FastifyReply,
  payload: unknown,
): void {
  const text = reply.serialize(payload);
  if (typeof text !== 'string') return;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.byteLength <= MAX_ANSWER_BYTES) answers.set(key, bytes);
}

/** Sends a kept answer. */
function sendKept(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.code(200).type(JSON_TYPE).header('x-response-cache', 'hit').send(bytes);
}

/** The cache behind {@link cacheResponses}; {@link ResponseCache.clear} empties it. */
export interface ResponseCache {
  clear(): void;
}

/**
 * Caches the 200 answers of the GET routes registered in `scope` (after this call) for `ttlMs`
 * ms, keyed by URL (path and query); returns the cache so write routes can clear it.
 */
export function cacheResponses(
  scope: FastifyInstance,
  ttlMs = RESPONSE_CACHE_TTL_MS,
): ResponseCache {
  const answers = new LRUCache<string, Buffer>({ max: MAX_ENTRIES, ttl: ttlMs });

  scope.addHook('onRequest', (req, reply, done) => {
    const cached = req.method === 'GET' ? answers.get(req.url) : undefined;
    if (cached === undefined) {
      done();
      return;
    }
    sendKept(reply, cached);
  });

  scope.addHook('preSerialization', (req, reply, payload, done) => {
    if (req.method === 'GET' && reply.statusCode === 200 && !answers.has(req.url)) {
      // The route's own serializer: the same checked, stripped JSON a miss sends.
      keepAnswer(answers, req.url, reply, payload);
    }
    done(null, payload);
  });

  return {
    clear: () => {
      answers.clear();
    },
  };
}

/** Clears `cache` after every successful write call answered in `scope`. */
export function clearOnWrites(scope: FastifyInstance, cache: ResponseCache): void {
  scope.addHook('onResponse', (req, reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) cache.clear();
    done();
  });
}

/** How long a user's own answer is reused, in ms. */
export const USER_ANSWER_TTL_MS = 2_000;
/** Users whose latest write this process remembers (well past {@link USER_ANSWER_TTL_MS}). */
const WRITERS_KEPT = 100_000;
const WRITERS_TTL_MS = 60_000;

/** The user a request acts for: their uid, or undefined when it has no verified session. */
export type RequestUser = (req: FastifyRequest) => Promise<string | undefined>;

/**
 * Caches the 200 answers of the GET routes registered in `scope` (after this call) per user
 * (issue 14: signed-in reads cost about what a catalogue answer costs): keyed by the session's
 * uid, the user's write generation and the URL, for `ttlMs` ms, so an answer is only ever sent
 * again to the user it was made for, for the same URL. Any successful write call by a user in
 * `scope` (POST, PUT, PATCH, DELETE) starts a new generation for them, so this process never
 * answers a user older data than they wrote. Another server process sharing the database may
 * answer up to `ttlMs` ms older data (issue 16 shares the invalidation).
 * Requests without a verified session pass through untouched (the routes answer 401).
 */
export function cacheUserAnswers(
  scope: FastifyInstance,
  userOf: RequestUser,
  ttlMs = USER_ANSWER_TTL_MS,
): void {
  const answers = new LRUCache<string, Buffer>({ max: MAX_ENTRIES * 10, ttl: ttlMs });
  // Per uid, the generation of their latest write; new entries are keyed with it.
  const generations = new LRUCache<string, number>({ max: WRITERS_KEPT, ttl: WRITERS_TTL_MS });
  let lastGeneration = 0;
  const keys = new WeakMap<FastifyRequest, string>();

  scope.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return;
    const uid = await userOf(req);
    if (uid === undefined) return;
    const key = `${uid}#${String(generations.get(uid) ?? 0)} ${req.url}`;
    const cached = answers.get(key);
    if (cached === undefined) {
      keys.set(req, key);
      return;
    }
    await sendKept(reply, cached);
  });

  scope.addHook('preSerialization', (req, reply, payload, done) => {
    const key = keys.get(req);
    if (key !== undefined && reply.statusCode === 200) keepAnswer(answers, key, reply, payload);
    done(null, payload);
  });

  scope.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400) return;
    const uid = await userOf(req).catch(() => undefined);
    if (uid !== undefined) {
      lastGeneration += 1;
      generations.set(uid, lastGeneration);
    }
  });
}
