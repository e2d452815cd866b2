/**
 * The load generator, run as its own process by bench/api-load.ts so it does not share an event
 * loop with the server it measures: `tsx bench/load/worker.ts '<json options>'` runs autocannon
 * once and prints one JSON line `{ requestsPerSec, p50, p99, non2xx, errors, timeouts,
 * statusCodes }` (latency in ms, requests per second on average over the run).
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
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const result = await autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  headers: options.headers ?? {},
  ...(options.body === undefined ? {} : { body: options.body }),
  connections: options.connections,
  duration: options.duration,
});
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
};
console.log(JSON.stringify(answer));
