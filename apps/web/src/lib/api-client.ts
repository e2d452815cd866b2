/**
 * The one way the app reads the product server (spec 7): every call goes to `/pigo-stream`,
 * data GETs make up to 3 attempts 1000 ms apart (decisions.md: 3 attempts in all), and every
 * answer is checked against its `@pigostream/contracts` schema before the app sees it. This file
 * itself imports no schema library, so screens that only read small answers (sign-in) stay lean.
 */
/** Path prefix of every product call (spec 7). */
export const API_BASE = '/pigo-stream';

/** Attempts a data GET makes in all (spec 9: fetch retries 3). */
export const FETCH_ATTEMPTS = 3;

/** Pause between two attempts, in ms (spec 9: delay 1000 ms). */
export const RETRY_DELAY_MS = 1000;

/** Error messages of spec section 8. */
export const API_MESSAGES = {
  notOk: 'Unable to fetch data. Please try again later.',
  noResponse: 'Failed to fetch data. Server is not responding.',
  timedOut: 'Request timed out.',
} as const;

/** Anything that checks an unknown answer and returns it typed (a zod schema). */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * A failed call. `message` is one of {@link API_MESSAGES}; `status` is the HTTP status when the
 * server answered; `detail` is the server's own `{ error }` text, for logs and debugging.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | undefined;
  readonly detail: string | undefined;

  constructor(message: string, options: { status?: number; detail?: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.detail = options.detail;
  }
}

/** Statuses worth another attempt: timeouts, rate limits and server-side failures. */
function isRetryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Gateway statuses that mean the product server itself did not answer. */
function isNoResponse(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** Waits `ms` milliseconds; rejects with the abort reason if `signal` aborts first. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
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

/** `signal` combined with a per-attempt timeout of `timeoutMs` ms, when one is given. */
function attemptSignal(
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): AbortSignal | undefined {
  if (timeoutMs === undefined) return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * GETs `API_BASE + path` and returns the answer parsed by `schema`.
 *
 * Network failures and retryable statuses (408, 429, 5xx) are tried again, up to
 * {@link FETCH_ATTEMPTS} attempts {@link RETRY_DELAY_MS} ms apart; other statuses fail at once.
 * @throws ApiError 'Failed to fetch data. Server is not responding.' when the last attempt got
 *   no answer (network failure, 502, 503, 504); 'Unable to fetch data. Please try again later.'
 *   for any other status that is not ok, or an answer that does not match `schema`.
 * @throws the abort reason when `signal` aborts (TanStack Query cancels this way).
 * `timeoutMs` bounds each attempt; an attempt that times out counts as no answer. When the last
 * attempt timed out and `timeoutMessage` is given, that is the error's message instead (spec 8:
 * search after 10 s, 'Request timed out.').
 */
export async function apiGet<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: { signal?: AbortSignal; timeoutMs?: number; timeoutMessage?: string } = {},
): Promise<T> {
  const { signal, timeoutMs, timeoutMessage } = options;
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt >= FETCH_ATTEMPTS;
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        headers: { accept: 'application/json' },
        signal: attemptSignal(signal, timeoutMs),
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      if (last) {
        const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
        const message = timedOut && timeoutMessage ? timeoutMessage : API_MESSAGES.noResponse;
        throw new ApiError(message, { cause });
      }
      await wait(RETRY_DELAY_MS, signal);
      continue;
    }

    if (response.ok) {
      try {
        return schema.parse(await response.json());
      } catch (cause) {
        if (signal?.aborted) throw cause;
        throw new ApiError(API_MESSAGES.notOk, { status: response.status, cause });
      }
    }

    const status = response.status;
    if (!last && isRetryable(status)) {
      await wait(RETRY_DELAY_MS, signal);
      continue;
    }
    const message = isNoResponse(status) ? API_MESSAGES.noResponse : API_MESSAGES.notOk;
    throw new ApiError(message, { status, detail: await readErrorDetail(response) });
  }
}

/**
 * Sends one `method` call with the JSON `body` (none when undefined) to `API_BASE + path` and
 * returns the answer parsed by `schema` (spec 7: only data GETs are retried, so this makes a
 * single attempt).
 * @throws ApiError 'Failed to fetch data. Server is not responding.' on a network failure or a
 *   502/503/504; 'Unable to fetch data. Please try again later.' for any other status that is
 *   not ok (its `status` and the server's `detail` attached) or an answer `schema` rejects.
 */
export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema: ResponseSchema<T>,
): Promise<T> {
  let response: Response;
  try {
    // A call without a body sends no content type: the server refuses an empty JSON body.
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError(API_MESSAGES.noResponse, { cause });
  }
  const { status } = response;
  if (!response.ok) {
    const message = isNoResponse(status) ? API_MESSAGES.noResponse : API_MESSAGES.notOk;
    throw new ApiError(message, { status, detail: await readErrorDetail(response) });
  }
  try {
    return schema.parse(await response.json());
  } catch (cause) {
    throw new ApiError(API_MESSAGES.notOk, { status, cause });
  }
}
