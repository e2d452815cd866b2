/**
 * Retries of upstream calls (TMDB, AniList) inside one overall deadline (UPSTREAM_TIMEOUT_MS),
 * on p-retry: an attempt that fails with a {@link RetryableError} is tried again after an
 * exponential backoff (or the wait the upstream asked for, e.g. a 429's Retry-After), as long
 * as retries are left and the wait ends before the deadline; any other error ends the call at
 * once. Each attempt gets the time left until the deadline as its own timeout.
 */
import pRetry from 'p-retry';

/** A failed attempt that another attempt may cure (network error, 5xx, 429). */
export class RetryableError extends Error {
  override readonly name = 'RetryableError';
  /**
   * @param retryAfterMs the wait the upstream asked for (Retry-After), instead of the backoff.
   * @param detail what the caller needs to answer when no retry cures it.
   */
  constructor(
    message: string,
    readonly retryAfterMs?: number,
    readonly detail?: unknown,
  ) {
    super(message);
  }
}

export interface UpstreamRetryOptions {
  /** Longest the whole call may take, attempts and waits included, in ms. */
  timeoutMs: number;
  /** Attempts after the first. */
  retries: number;
  /** Wait before the first retry, in ms; it doubles for each later one. */
  backoffMs: number;
  /**
   * Called with a failure whose wait would reach the deadline; what it answers is thrown
   * instead of that failure (default: the failure itself).
   */
  tooLong?: (error: RetryableError) => Error;
  /** Told of every failed attempt (1 = the first), e.g. to log it. */
  onFailure?: (error: RetryableError, attempt: number) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt(timeLeftMs, attemptNumber)` until it resolves, with retries as the module
 * comment says.
 * @returns what the first successful attempt resolves to.
 * @throws the last {@link RetryableError} when retries or time run out (or what `tooLong`
 *   makes of it); any other error of an attempt as it is, at once.
 */
export async function withUpstreamRetries<T>(
  attempt: (timeLeftMs: number, attemptNumber: number) => Promise<T>,
  options: UpstreamRetryOptions,
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  return pRetry(
    (attemptNumber) => {
      const left = deadline - Date.now();
      if (left <= 0) throw new RetryableError('deadline passed');
      return attempt(left, attemptNumber);
    },
    {
      retries: options.retries,
      // The waits are made in onFailedAttempt, where the Retry-After and the deadline are known.
      minTimeout: 0,
      shouldRetry: ({ error }) => error instanceof RetryableError,
      onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
        if (!(error instanceof RetryableError)) return;
        options.onFailure?.(error, attemptNumber);
        if (retriesLeft <= 0) return;
        const wait = error.retryAfterMs ?? options.backoffMs * 2 ** (attemptNumber - 1);
        if (Date.now() + wait >= deadline) throw options.tooLong?.(error) ?? error;
        await sleep(wait);
      },
    },
  );
}
