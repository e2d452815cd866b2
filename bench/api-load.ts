/**
 * API under load (issue 9): autocannon in a second process (bench/load/worker.ts), loopback
 * only, 100 connections for 10 s on each catalogue call and on a signed-in `fetch-my-list`,
 * each paired with the same run on a bare Fastify route in a third process
 * (bench/load/bare-server.ts) answering a body of the same size, so each figure reads as a
 * ratio. The pair is run ROUNDS times, alternating (call, bare, call, bare), so a shared
 * machine's drift weighs on both sides alike. Requests per second (mean of the rounds), p50 and
 * p99 latency (the worst round's). Prints, never asserts.
 */
import { spawn } from 'node:child_process';
import { record } from './report.ts';
import type { LoadOptions, LoadResult } from './load/worker.ts';
import { repoRoot, startChild, waitForOk, type BenchAccount, type BenchServer } from './server.ts';

/** Connections and seconds per run (issue 9). */
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? '10');
/** A short unrecorded run first, so caches and JIT are warm. */
const WARM_UP_S = 2;
/** Alternating (call, bare route) pairs per call. */
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? '2');

/** Runs the load generator once in its own process. @throws Error when it fails. */
function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'bench/load/worker.ts', JSON.stringify(options)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), (options.duration + 60) * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as LoadResult);
      else reject(new Error(`load worker failed (${String(code)}): ${err.slice(-500)}`));
    });
  });
}

/** One load run of `url`. */
function loadOnce(url: string, headers: Record<string, string>, duration: number) {
  return runLoad({ url, headers, connections: CONNECTIONS, duration });
}

/** The figures of several runs of one URL: mean requests per second, worst p50 and p99. */
function combine(runs: LoadResult[]): LoadResult {
  return {
    requestsPerSec: runs.reduce((sum, r) => sum + r.requestsPerSec, 0) / runs.length,
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * Measures `url` and the bare route `bareUrl` in alternating rounds, after a warm-up of each.
 */
async function measurePair(
  url: string,
  headers: Record<string, string>,
  bareUrl: string,
): Promise<{ real: LoadResult; base: LoadResult }> {
  await loadOnce(url, headers, WARM_UP_S);
  await loadOnce(bareUrl, {}, WARM_UP_S);
  const real: LoadResult[] = [];
  const base: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    real.push(await loadOnce(url, headers, DURATION_S));
    base.push(await loadOnce(bareUrl, {}, DURATION_S));
  }
  return { real: combine(real), base: combine(base) };
}

/** Body size in bytes of `url`'s answer, as autocannon receives it (no compression asked). */
async function bodySize(url: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  if (!res.ok) throw new Error(`${url} answered ${String(res.status)}`);
  return (await res.arrayBuffer()).byteLength;
}

/** Runs the four calls against `server`, each with its bare counterpart on `barePort`. */
export async function benchApiLoad(
  server: BenchServer,
  account: BenchAccount,
  barePort: number,
): Promise<void> {
  console.log(
    `API under load (autocannon in a second process, ${String(CONNECTIONS)} connections, ${String(DURATION_S)} s each, ${String(ROUNDS)} alternating rounds with the bare route, loopback)`,
  );
  const api = `${server.baseUrl}/pigo-stream`;
  // Something in the list, so the call reads rows and titles.
  for (const [id, type] of [
    [603, 'movie'],
    [550, 'movie'],
    [1396, 'tv'],
  ] as const) {
    await fetch(`${api}/my-list/save-my-list`, {
      method: 'POST',
      headers: { cookie: account.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ userUID: account.uid, id, type }),
    });
  }
  const calls: {
    name: string;
    url: string;
    headers?: Record<string, string>;
    catalogue: boolean;
  }[] = [
    { name: 'trending/movie', url: `${api}/index/trending/movie`, catalogue: true },
    { name: 'search', url: `${api}/index/search/movie?query=matrix`, catalogue: true },
    { name: 'media-info', url: `${api}/playground/media-info?id=603&type=movie`, catalogue: true },
    {
      name: 'fetch-my-list (signed in)',
      url: `${api}/my-list/${account.uid}/fetch-my-list`,
      headers: { cookie: account.cookie },
      catalogue: false,
    },
  ];
  const bare = startChild('npx', ['tsx', 'bench/load/bare-server.ts', String(barePort)], {});
  try {
    await waitForOk(`http://127.0.0.1:${String(barePort)}/health`, 60_000);
    for (const call of calls) {
      const headers = call.headers ?? {};
      const bytes = await bodySize(call.url, headers);
      const bareUrl = `http://127.0.0.1:${String(barePort)}/bare/${String(bytes)}`;
      const { real, base } = await measurePair(call.url, headers, bareUrl);
      const ratio = base.requestsPerSec > 0 ? real.requestsPerSec / base.requestsPerSec : 0;
      const label = `api ${call.name}`;
      record({ name: `${label}: body`, value: bytes, unit: 'bytes' });
      record({ name: `${label}: requests/s`, value: Math.round(real.requestsPerSec), unit: '/s' });
      record({ name: `${label}: p50`, value: real.p50, unit: 'ms' });
      record({
        name: `${label}: p99`,
        value: real.p99,
        unit: 'ms',
        target: call.catalogue ? '< 50 ms' : undefined,
      });
      if (real.non2xx + real.errors > 0) {
        record({ name: `${label}: non-2xx + errors`, value: real.non2xx + real.errors, unit: '' });
      }
      record({
        name: `${label}: bare route requests/s`,
        value: Math.round(base.requestsPerSec),
        unit: '/s',
      });
      record({ name: `${label}: bare route p99`, value: base.p99, unit: 'ms' });
      record({
        name: `${label}: / bare route throughput`,
        value: ratio.toFixed(2),
        unit: 'x',
        target: call.catalogue ? '>= 0.50' : undefined,
      });
    }
  } finally {
    await bare.stop();
  }
}
