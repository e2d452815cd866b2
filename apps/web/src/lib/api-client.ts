/**
 * The one way the app reads the product server (API-GEN-1 in docs/requirements.md): every call goes
 * to `/pigo-stream`, every answer is checked against its `@pigostream/contracts` schema before the
 * app sees it, and every failure is an {@link ApiError} carrying the message the app shows (ERR-1).
 * Each call here makes one attempt; data GETs are retried by {@link shouldRetryGet} (TanStack
 * Query's `retry`, lib/query-client.ts). This file imports no schema library: a schema comes with
 * each call, so screens that only read small answers (sign-in) stay lean.
 */
import { takeFirstAnswer } from './first-answers.ts';

/** Path prefix of every product call (API-GEN-1). */
export const API_BASE = '/pigo-stream';

/** Attempts a data GET makes in all (LIMIT-6: fetch retries 3). */
export const FETCH_ATTEMPTS = 3;

/** Pause between two attempts, in ms (LIMIT-6: delay 1000 ms). */
export const RETRY_DELAY_MS = 1000;

/** Error messages of ERR-1. */
export const API_MESSAGES = {
  notOk: 'Unable to fetch data. Please try again later.',
  noResponse: 'Failed to fetch data. Server is not responding.',
  timedOut: 'Request timed out.',
} as const;

/** Anything that checks an unknown answer and returns it typed (a contracts schema). */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * A schema loaded only when an answer needs checking (a dynamic `import()` of the contracts):
 * a route that must stay lean pays for the schema library only when it has an answer to read.
 */
export interface LazySchema<T> {
  load(): Promise<ResponseSchema<T>>;
}

/**
 * A failed call, of the product server or the identity server. `message` is what the app shows:
 * one of {@link API_MESSAGES}, or the identity server's own text (ERR-10: "Provider's message in
 * the bottom alert"). `status` is the HTTP status when the server answered (undefined: no
 * answer); `code` is the identity server's machine-readable code (e.g. 'EMAIL_NOT_VERIFIED',
 * 'RATE_LIMITED'); `detail` is the product server's own `{ error }` text, for logs.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly detail: string | undefined;

  constructor(
    message: string,
    options: { status?: number; code?: string; detail?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.detail = options.detail;
  }
}

/** Gateway statuses that mean the product server itself did not answer. */
function isNoResponse(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** The ERR-1 message of a status that is not ok: no answer (502-504), else not ok. */
export function statusMessage(status: number): string {
  return isNoResponse(status) ? API_MESSAGES.noResponse : API_MESSAGES.notOk;
}

/**
 * Whether a failed data GET is worth another attempt: no answer at all (network failure or
 * timeout), or a status that may pass (408, 429, 5xx). Other statuses and answers of the wrong
 * shape (status 2xx) fail at once; so does anything that is not an {@link ApiError} (a
 * cancelled call).
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return status === undefined || status === 408 || status === 429 || status >= 500;
}

/**
 * The retry policy of every data GET (API-GEN-2, LIMIT-6: 3 attempts in all, {@link RETRY_DELAY_MS}
 * ms apart), as TanStack Query's `retry` reads it: `failureCount` is the number of failures
 * before this one (0 after the first attempt); true while another attempt stays within
 * {@link FETCH_ATTEMPTS} and the error {@link isRetryable}.
 */
export function shouldRetryGet(failureCount: number, error: unknown): boolean {
  return failureCount + 1 < FETCH_ATTEMPTS && isRetryable(error);
}

/** Reads the server's `{ error }` text (contracts' `errorSchema`) from a failed answer, if any. */
async function readErrorDetail(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body) {
      return typeof body.error === 'string' ? body.error : undefined;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** `signal` combined with a timeout of `timeoutMs` ms, when one is given. */
function callSignal(
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): AbortSignal | undefined {
  if (timeoutMs === undefined) return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** What {@link apiCall} sends and how long it waits. */
interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body; none when undefined. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Longest the call may take, in ms; none when undefined. */
  timeoutMs?: number | undefined;
  /** The error's message when the call timed out (ERR-4: 'Request timed out.'). */
  timeoutMessage?: string | undefined;
  /** Let the request outlive the page (a save sent as the page is left). */
  keepalive?: boolean;
}

/**
 * `answer` checked by `schema`, loaded first when lazy (an answer the page carried, or a
 * signed-in user: features/auth/api/get-me.ts).
 * @throws ApiError 'Unable to fetch data. Please try again later.' when `schema` rejects it.
 */
export async function checkAnswer<T>(
  answer: unknown,
  schema: ResponseSchema<T> | LazySchema<T>,
): Promise<T> {
  try {
    const check = 'load' in schema ? await schema.load() : schema;
    return check.parse(answer);
  } catch (cause) {
    throw new ApiError(API_MESSAGES.notOk, { status: 200, cause });
  }
}

/**
 * Sends one call to `API_BASE + path` and returns the answer checked by `schema` (loaded first
 * when lazy). One attempt. A GET the page already carries the answer of (first-answers.ts) is
 * not sent: that answer is checked and returned.
 * @throws ApiError 'Failed to fetch data. Server is not responding.' on a network failure or
 *   timeout (`timeoutMessage` instead when given and the call timed out) or a 502/503/504;
 *   'Unable to fetch data. Please try again later.' for any other status that is not ok (its
 *   `status` and the server's `detail` attached) or an answer `schema` rejects.
 * @throws the abort reason when `signal` aborts (TanStack Query cancels this way).
 */
export async function apiCall<T>(
  path: string,
  schema: ResponseSchema<T> | LazySchema<T>,
  { method = 'GET', body, signal, timeoutMs, timeoutMessage, keepalive }: CallOptions = {},
): Promise<T> {
  const first = method === 'GET' ? takeFirstAnswer(path) : undefined;
  if (first) return checkAnswer(first.answer, schema);
  // The task that asked ends before the call is sent, where the browser can (`scheduler.yield`:
  // Chromium 129+, Firefox 142+): the calls a screen starts as it mounts are each sent in a
  // task of their own, not all in the one that mounts it (PERF-6: `fetch` itself costs
  // Chromium 3 to 12 ms a call at phone speed, and a show's play page starts 8 calls as it
  // mounts, which would otherwise make one long task). Elsewhere it goes on at once, and so
  // does a `keepalive` call: one sent as the page goes away must leave before the page does.
  if (!keepalive)
    await (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.();
  let response: Response;
  try {
    // A call without a body sends no content type: the server refuses an empty JSON body.
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? body : JSON.stringify(body),
      signal: callSignal(signal, timeoutMs),
      keepalive,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
    throw new ApiError(timedOut && timeoutMessage ? timeoutMessage : API_MESSAGES.noResponse, {
      cause,
    });
  }
  const { status } = response;
  if (!response.ok) {
    throw new ApiError(statusMessage(status), { status, detail: await readErrorDetail(response) });
  }
  try {
    const check = 'load' in schema ? await schema.load() : schema;
    return check.parse(await response.json());
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(API_MESSAGES.notOk, { status, cause });
  }
}

/**
 * GETs `API_BASE + path` once and returns the answer checked by `schema`; retries are the
 * caller's (TanStack Query's `retry` with {@link shouldRetryGet}). `timeoutMs` bounds the
 * attempt; when it times out and `timeoutMessage` is given, that is the error's message (ERR-4:
 * search after 10 s, 'Request timed out.').
 * @throws ApiError and the abort reason as {@link apiCall}.
 */
// apiCall itself (a wrapper would cost the entry script bytes of its 100 kB budget, QUAL-1).
export const apiGet: <T>(
  path: string,
  schema: ResponseSchema<T> | LazySchema<T>,
  options?: { signal?: AbortSignal; timeoutMs?: number; timeoutMessage?: string },
) => Promise<T> = apiCall;

/**
 * Sends one `method` call with the JSON `body` (none when undefined) to `API_BASE + path` and
 * returns the answer checked by `schema` (API-GEN-2: only data GETs are retried, so this makes a
 * single attempt).
 * @throws ApiError as {@link apiCall}.
 */
export function apiSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema: ResponseSchema<T> | LazySchema<T>,
): Promise<T> {
  return apiCall(path, schema, { method, body });
}

/** Waits `ms` milliseconds; rejects with the abort reason if `signal` aborts first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/**
 * Runs the data GET `call` under the app's one retry policy ({@link shouldRetryGet}, pauses of
 * {@link RETRY_DELAY_MS} ms), for the two readers that load before TanStack Query does: the
 * sign-in state and the identity settings on the sign-in route (QUAL-1: 100 kB for `/`).
 * Everything else is retried by TanStack Query with the same policy.
 * @throws the last attempt's error; the abort reason when `signal` aborts.
 */
export async function retryingGet<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let failureCount = 0; ; failureCount += 1) {
    try {
      return await call();
    } catch (error) {
      if (signal?.aborted || !shouldRetryGet(failureCount, error)) throw error;
      await pause(RETRY_DELAY_MS, signal);
    }
  }
}
