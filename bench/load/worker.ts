/**
 * The load generator, run as its own process by bench/api-load.ts so it does not share an event
 * loop with the server it measures: `tsx bench/load/worker.ts '<json options>'` runs autocannon
 * once and prints one JSON line `{ requestsPerSec, p50, p99, non2xx, errors }` (latency in ms,
 * requests per second on average over the run).
 */
import autocannon from 'autocannon';

/** What bench/api-load.ts asks for: a URL, headers, connections and seconds. */
export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  duration: number;
}

/** The figures of one run. */
export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const result = await autocannon({
  url: options.url,
  headers: options.headers ?? {},
  connections: options.connections,
  duration: options.duration,
});
const answer: LoadResult = {
  requestsPerSec: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
};
console.log(JSON.stringify(answer));
