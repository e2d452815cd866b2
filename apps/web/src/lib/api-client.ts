/**
 * The one way the app reads the product server (spec 7): every call goes to `/pigo-stream`,
 * data GETs make up to 3 attempts 1000 ms apart (decisions.md: 3 attempts in all), and every
 * answer is checked against its `@pigostream/contracts` schema before the app sees it.
 */
import { errorSchema } from '@pigostream/contracts';

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

/** Reads the server's `{ error }` text from a failed answer, if it sent one. */
async function readErrorDetail(response: Response): Promise<string | undefined> {
  try {
    const parsed = errorSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
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
 */
export async function apiGet<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  const { signal } = options;
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt >= FETCH_ATTEMPTS;
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        headers: { accept: 'application/json' },
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      if (last) throw new ApiError(API_MESSAGES.noResponse, { cause });
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
