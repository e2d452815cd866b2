/**
 * TMDB v3 HTTP client: Bearer token (v4 read access token) or `api_key`, a request-rate limit
 * under TMDB's, one overall deadline per call (per-attempt timeouts inside it), bounded retries
 * with exponential backoff for network errors and 5xx, and 429 `Retry-After` honoured
 * (lib/upstream-retry.ts, shared with the AniList client).
 */
import pThrottle from 'p-throttle';
import { RetryableError, withUpstreamRetries } from '../../../lib/upstream-retry.ts';
import { NotFoundError } from '../catalogue.source.ts';
import { UpstreamError } from '../upstream-error.ts';

export interface TmdbClientOptions {
  baseUrl: string;
  token?: string | undefined;
  apiKey?: string | undefined;
  /** Overall deadline per call, retries included, in ms. */
  timeoutMs: number;
  /** Requests per second sent at most (default 35; TMDB allows about 50). */
  requestsPerSecond?: number;
  /** Retries after the first attempt for network errors, 5xx and 429. */
  retries?: number;
  /** First backoff in ms; doubles per retry. */
  backoffMs?: number;
  log?: (message: string, details: Record<string, unknown>) => void;
}

export type TmdbGet = (path: string, params?: Record<string, string | number>) => Promise<unknown>;

/** Seconds (or an HTTP date) of a Retry-After header, in ms; undefined when absent or invalid. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * Builds `get(path, params)`, which answers TMDB's parsed JSON.
 * @throws NotFoundError on TMDB 404; UpstreamError (502) on 401/403, exhausted retries or the
 *   deadline, (503) when TMDB keeps answering 429 past the deadline.
 */
export function createTmdbClient(options: TmdbClientOptions): TmdbGet {
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 200;
  // Strict: a sliding one-second window, so no burst at window edges passes the limit.
  const throttle = pThrottle({
    limit: options.requestsPerSecond ?? 35,
    interval: 1000,
    strict: true,
  });
  const send = throttle((url: string, signal: AbortSignal) =>
    fetch(url, {
      signal,
      headers: {
        accept: 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
    }),
  );

  return async (path, params = {}) => {
    const url = new URL(`${options.baseUrl}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
    if (!options.token && options.apiKey) url.searchParams.set('api_key', options.apiKey);
    const started = Date.now();
    const once = async (left: number, attempt: number): Promise<unknown> => {
      let response: Response;
      try {
        response = await send(url.toString(), AbortSignal.timeout(left));
      } catch (error) {
        const problem =
          error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network error';
        options.log?.('tmdb request failed', { path, attempt: attempt - 1, problem });
        throw new RetryableError(problem);
      }
      if (response.ok) {
        try {
          return await response.json();
        } catch {
          throw new UpstreamError('The catalogue service sent an unreadable answer.');
        }
      }
      await response.body?.cancel();
      if (response.status === 404) throw new NotFoundError(`TMDB has no ${path}`);
      if (response.status === 401 || response.status === 403) {
        throw new UpstreamError('The catalogue service refused our credentials (TMDB_API_TOKEN).');
      }
      options.log?.('tmdb answered an error', {
        path,
        attempt: attempt - 1,
        status: response.status,
      });
      if (response.status === 429) {
        throw new RetryableError(
          `status ${response.status}`,
          retryAfterMs(response.headers.get('retry-after')),
          'busy',
        );
      }
      if (response.status < 500) {
        throw new UpstreamError(`The catalogue service rejected the request (${response.status}).`);
      }
      throw new RetryableError(`status ${response.status}`);
    };
    const late = () => new UpstreamError('The catalogue service did not answer in time.');
    try {
      return await withUpstreamRetries(once, {
        timeoutMs: options.timeoutMs,
        retries,
        backoffMs,
        tooLong: (error) =>
          error.detail === 'busy'
            ? new UpstreamError('The catalogue service is busy. Please try again shortly.', 503)
            : late(),
      });
    } catch (error) {
      if (!(error instanceof RetryableError)) throw error;
      if (error.message === 'timeout' || Date.now() - started >= options.timeoutMs) throw late();
      throw new UpstreamError(`The catalogue service is not answering (${error.message}).`);
    }
  };
}
