/**
 * The load generator, run as its own process by bench/api-load.ts so it does not share an event
 * loop with the server it measures: `tsx bench/load/worker.ts '<json options>'` runs autocannon
 * once and prints one JSON line `{ requestsPerSec, p50, p99, non2xx, errors, timeouts,
 * statusCodes, latency }` (latency in ms, requests per second on average over the run). With
 * `requests`, each connection cycles through those paths (autocannon's `requests`) instead of
 * sending `url`'s again and again.
 */
import autocannon from 'autocannon';

/** What bench/api-load.ts asks for: a URL, method, headers, body, connections and seconds. */
export interface LoadOptions {
  url: string;
  /** GET unless given. */
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The same body on every request (for POST). */
  body?: string;
  connections: number;
  duration: number;
  /**
   * Requests each connection sends in turn, over and over (autocannon's `requests`): a path
   * (with its query) on `url`'s host, and optionally a method, headers and body of its own.
   * Without it every request is `url`'s.
   */
  requests?: LoadCycleRequest[];
}

/** One request of {@link LoadOptions.requests}. */
export interface LoadCycleRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** The figures of one run. */
export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx. */
  non2xx: number;
  /** Connection errors other than timeouts. */
  errors: number;
  /** Requests with no answer within autocannon's 10 s. */
  timeouts: number;
  /** Answers per status code, e.g. `{ "200": 9000, "429": 3 }`. */
  statusCodes: Record<string, number>;
  /**
   * Percentiles of every answer's latency in ms, exact (from each answer's time, where p50 and
   * p99 above are autocannon's, rounded to whole ms).
   */
  latency?: { p50: number; p95: number; p99: number; max: number };
}

/** The `p`-th percentile (0 to 100) of ascending `sorted` values; 0 when empty. */
function percentileOf(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const times: number[] = [];
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: options.url,
      method: options.method ?? 'GET',
      headers: options.headers ?? {},
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.requests ? { requests: options.requests } : {}),
      connections: options.connections,
      duration: options.duration,
    },
    (error: unknown, answer: autocannon.Result) => {
      if (error) reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
      else resolve(answer);
    },
  );
  instance.on('response', (_client, _statusCode, _resBytes, responseTime) => {
    times.push(responseTime);
  });
});
times.sort((a, b) => a - b);
const statusCodes: Record<string, number> = {};
for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
  statusCodes[code] = stats.count ?? 0;
}
const answer: LoadResult = {
  requestsPerSec: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  // autocannon's `errors` counts timeouts too.
  errors: Math.max(0, result.errors - result.timeouts),
  timeouts: result.timeouts,
  statusCodes,
  latency: {
    p50: percentileOf(times, 50),
    p95: percentileOf(times, 95),
    p99: percentileOf(times, 99),
    max: times.at(-1) ?? 0,
  },
};
console.log(JSON.stringify(answer));
