/**
 * What a request the database could not carry out answers (ROB-4 of docs/robustness.md, and the
 * disk and read-only cases before it): 503 with a message the app shows, never 500. Its
 * transaction was rolled back, so nothing of the request was kept.
 *
 * A lost connection carries no SQLSTATE on node-postgres (`connect ECONNREFUSED`, `Connection
 * terminated unexpectedly`, the pool's `timeout exceeded when trying to connect`), so it is told
 * by its system error code or message as well; on the embedded database, by PGlite's own words
 * when it was closed under the request.
 */

/** The message of a write refused because the database's disk is full. */
export const DISK_FULL_MESSAGE =
  "The server's disk is full, so this was not saved. Please try again later.";
/** The message of a write the database could not take (unreachable, shutting down, read-only). */
export const WRITE_UNAVAILABLE_MESSAGE =
  'The database cannot take changes right now, so this was not saved. Please try again later.';
/** The message of a read the database could not answer (unreachable, shutting down). */
export const READ_UNAVAILABLE_MESSAGE =
  'The database cannot be reached right now. Please try again later.';

/**
 * System error codes of a connection that could not be opened or was lost: refused, reset,
 * timed out, a name that does not resolve, a network that cannot be reached.
 */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
]);

/**
 * Messages of the drivers' connection errors that carry no code: node-postgres (the server
 * closed the connection, or did not answer within the connect timeout), pg-pool (no connection
 * free or opened within the timeout: the pool is exhausted or the server silent), and PGlite
 * (closed under the request).
 */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^Query read timeout/,
  /the database system is (shutting down|starting up|in recovery mode|not yet accepting connections)/,
  /^PGlite is clos(ed|ing)/,
];

/**
 * SQLSTATEs of a connection the server refused or ended: class 08 (connection exception),
 * 57P01-57P05 (shut down by an administrator, a crash, cannot connect now, database dropped,
 * idle timeout), 53300 (too many connections).
 */
const CONNECTION_STATE = /^(08|57P0[1-5]$|53300$)/;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * Every error `error` carries: itself, its `cause` chain (drizzle wraps the driver's error) and
 * the errors of an AggregateError (a host name with several addresses), at most 20.
 */
function* causes(error: unknown): Generator<ErrorLike> {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 20; seen++) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null) continue;
    const like = e as ErrorLike;
    yield like;
    if (like.cause !== undefined) queue.push(like.cause);
    if (Array.isArray(like.errors)) queue.push(...(like.errors as unknown[]));
  }
}

/** The SQLSTATE of a database error, looking through drizzle's wrapper; undefined for none. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * The innermost cause of `error` in a few words for a log line, e.g. `connect ECONNREFUSED
 * 127.0.0.1:5432` or `terminating connection due to administrator command` (not drizzle's
 * wrapper, which repeats the query and its parameters).
 */
export function rootCauseOf(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (const e of causes(error)) {
    if (typeof e.message === 'string' && e.message !== '') message = e.message;
  }
  return message.split('\n')[0] ?? message;
}

/**
 * Whether `error` says the database cannot be reached (ROB-4): a connection refused, reset or
 * timed out, the pool exhausted, the server shutting down or starting up, the embedded database
 * closed. Such a request may succeed as it is once the database is back.
 */
export function isConnectionError(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string') {
      if (CONNECTION_ERRNOS.has(e.code)) return true;
      if (/^[0-9A-Z]{5}$/.test(e.code) && CONNECTION_STATE.test(e.code)) return true;
    }
    const message = typeof e.message === 'string' ? e.message : '';
    if (CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** Why a request could not be carried out, and what it answers. */
export interface Unavailable {
  /** `connection`: the database cannot be reached (ROB-4); `resources`: it refused the work. */
  cause: 'connection' | 'resources';
  /** The 503 answer's body. */
  body: { error: string };
}

/**
 * The 503 answer to a request the database could not carry out, or undefined for any other
 * error: a full disk (SQLSTATE 53100, ENOSPC) answers {@link DISK_FULL_MESSAGE}; a connection
 * error ({@link isConnectionError}), resources (class 53), shutting down (57P) and read-only
 * (25006) answer {@link WRITE_UNAVAILABLE_MESSAGE} to a write and
 * {@link READ_UNAVAILABLE_MESSAGE} to a read (`GET`, `HEAD`).
 */
export function unavailableAnswer(error: unknown, method: string): Unavailable | undefined {
  const state = sqlStateOf(error);
  const errno = [...causes(error)].some((e) => e.code === 'ENOSPC');
  if (state === '53100' || errno) return { cause: 'resources', body: { error: DISK_FULL_MESSAGE } };
  const read = method === 'GET' || method === 'HEAD';
  const body = { error: read ? READ_UNAVAILABLE_MESSAGE : WRITE_UNAVAILABLE_MESSAGE };
  if (isConnectionError(error)) return { cause: 'connection', body };
  if (state && (/^(53|57P)/.test(state) || state === '25006')) return { cause: 'resources', body };
  return undefined;
}
