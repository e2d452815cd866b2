/**
 * API under load (QUAL-3, PERF-7 in docs/requirements.md): autocannon in a second process
 * (bench/load/worker.ts), loopback only, 100 connections for 10 s per run, in two kinds of pairs.
 * Each run of a pair is repeated ROUNDS times, alternating (a, b, a, b), so a shared machine's
 * drift weighs on both sides alike; requests per second are the mean of the rounds, p50 and p99 the
 * worst round's. Prints, never asserts.
 *
 * - {@link benchApiLoad}: each catalogue call against a bare Fastify route in a third process
 *   (bench/load/bare-server.ts) answering a body of the same size.
 * - {@link benchSignedInLoad}: each signed-in call (My List, watch history, a save to My List)
 *   against the signed-out trending call on the same server, once per database.
 */
import { spawn } from 'node:child_process';
import { record } from './report.ts';
import type { LoadOptions, LoadResult } from './load/worker.ts';
import {
  repoRoot,
  startChild,
  waitForOk,
  type RunningServer,
  type VerifiedAccount,
} from '../tools/server-process.ts';
import type { DatabaseKind } from './server.ts';

/** Connections and seconds per run (QUAL-3). */
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? '10');
/** A short unrecorded run first, so caches and JIT are warm. */
const WARM_UP_S = 2;
/** Alternating pairs per call. */
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? '2');

/** One request, sent again and again by the load generator. */
export type LoadRequest = Pick<LoadOptions, 'url' | 'method' | 'headers' | 'body'>;

/** Runs the load generator once in its own process. @throws Error when it fails. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
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

/** One load run of `request`. */
function loadOnce(request: LoadRequest, duration: number) {
  return runLoad({ ...request, connections: CONNECTIONS, duration });
}

/** The figures of several runs of one request: mean requests per second, worst p50 and p99. */
function combine(runs: LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number) => runs.reduce((n, r) => n + f(r), 0);
  const statusCodes: Record<string, number> = {};
  for (const run of runs) {
    for (const [code, count] of Object.entries(run.statusCodes)) {
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
    }
  }
  return {
    requestsPerSec: sum((r) => r.requestsPerSec) / runs.length,
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    statusCodes,
  };
}

/** Measures `a` and `b` in alternating rounds (a, b, a, b), after a warm-up of each. */
async function measurePair(
  a: LoadRequest,
  b: LoadRequest,
): Promise<{ a: LoadResult; b: LoadResult }> {
  await loadOnce(a, WARM_UP_S);
  await loadOnce(b, WARM_UP_S);
  const runsA: LoadResult[] = [];
  const runsB: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    runsA.push(await loadOnce(a, DURATION_S));
    runsB.push(await loadOnce(b, DURATION_S));
  }
  return { a: combine(runsA), b: combine(runsB) };
}

/**
 * Body size in bytes of `request`'s answer, as autocannon receives it (no compression asked).
 * @throws Error when it does not answer 2xx.
 */
async function bodySize(request: LoadRequest): Promise<number> {
  const res = await fetch(request.url, {
    method: request.method ?? 'GET',
    headers: { ...request.headers, 'accept-encoding': 'identity' },
    body: request.body,
  });
  if (!res.ok) {
    throw new Error(`${request.url} answered ${String(res.status)}: ${await res.text()}`);
  }
  return (await res.arrayBuffer()).byteLength;
}

/** Answers outside 2xx, connection errors and timeouts, as `non-2xx + errors + timeouts`. */
function failures(r: LoadResult): string {
  return `${String(r.non2xx)} + ${String(r.errors)} + ${String(r.timeouts)}`;
}

/** Prints the status codes of a result that had answers outside 2xx. */
function noteStatusCodes(label: string, r: LoadResult): void {
  if (r.non2xx > 0) console.log(`    ${label}: answers by status ${JSON.stringify(r.statusCodes)}`);
}

/**
 * Measures one request alone: a warm-up, then {@link ROUNDS} runs of {@link DURATION_S} s at
 * {@link CONNECTIONS} connections; mean requests per second, worst p50 and p99.
 */
export async function measureLoad(request: LoadRequest): Promise<LoadResult> {
  await loadOnce(request, WARM_UP_S);
  const runs: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await loadOnce(request, DURATION_S));
  return combine(runs);
}

/** Seconds each measured run lasts (BENCH_LOAD_SECONDS). */
export const LOAD_SECONDS = DURATION_S;

/**
 * Runs the three catalogue calls against `server`, each paired with the bare route on `barePort`.
 */
export async function benchApiLoad(server: RunningServer, barePort: number): Promise<void> {
  console.log(
    `API under load (autocannon in a second process, ${String(CONNECTIONS)} connections, ${String(DURATION_S)} s each, ${String(ROUNDS)} alternating rounds with the bare route, loopback)`,
  );
  const api = `${server.baseUrl}/pigo-stream`;
  const calls = [
    { name: 'trending/movie', url: `${api}/index/trending/movie` },
    { name: 'search', url: `${api}/index/search/movie?query=matrix` },
    { name: 'media-info', url: `${api}/playground/media-info?id=603&type=movie` },
  ];
  const bare = startChild('npx', ['tsx', 'bench/load/bare-server.ts', String(barePort)], {});
  try {
    await waitForOk(`http://127.0.0.1:${String(barePort)}/health`, 60_000);
    for (const call of calls) {
      const bytes = await bodySize(call);
      const bareUrl = `http://127.0.0.1:${String(barePort)}/bare/${String(bytes)}`;
      const { a: real, b: base } = await measurePair(call, { url: bareUrl });
      const ratio = base.requestsPerSec > 0 ? real.requestsPerSec / base.requestsPerSec : 0;
      const label = `api ${call.name}`;
      record({ name: `${label}: body`, value: bytes, unit: 'bytes' });
      record({ name: `${label}: requests/s`, value: Math.round(real.requestsPerSec), unit: '/s' });
      record({ name: `${label}: p50`, value: real.p50, unit: 'ms' });
      record({ name: `${label}: p99`, value: real.p99, unit: 'ms', target: '< 50 ms' });
      if (real.non2xx + real.errors + real.timeouts > 0) {
        record({ name: `${label}: non-2xx + errors + timeouts`, value: failures(real), unit: '' });
        noteStatusCodes(label, real);
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
        target: '>= 0.50',
      });
    }
  } finally {
    await bare.stop();
  }
}

/** Titles put in the account's My List and watch history before the load, so calls read rows. */
const SEED_TITLES = [
  [603, 'movie'],
  [550, 'movie'],
  [1396, 'tv'],
] as const;

/**
 * Fills `account`'s My List and watch history through the API, as the browser would (same
 * Origin). @throws Error when a save is refused.
 */
async function seedAccount(server: RunningServer, account: VerifiedAccount): Promise<void> {
  const api = `${server.baseUrl}/pigo-stream`;
  for (const list of ['my-list/save-my-list', 'watch-history/save-watch-history']) {
    for (const [id, type] of SEED_TITLES) {
      const res = await fetch(`${api}/${list}`, {
        method: 'POST',
        headers: {
          cookie: account.cookie,
          origin: server.baseUrl,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ userUID: account.uid, id, type }),
      });
      if (!res.ok) throw new Error(`${list} answered ${String(res.status)}: ${await res.text()}`);
    }
  }
}

/**
 * The signed-in calls of PERF-7 against `server` (on the `database` named), each paired with
 * the signed-out trending call in alternating rounds: My List and watch history reads (targets:
 * at least half the trending call's throughput, p99 under 100 ms) and a save to My List (the
 * same title each time, which is idempotent; sent with the server's Origin like a browser).
 * None of them may fail or time out.
 */
export async function benchSignedInLoad(
  server: RunningServer,
  account: VerifiedAccount,
  database: DatabaseKind,
): Promise<void> {
  console.log(
    `Signed-in API under load on ${database} (${String(CONNECTIONS)} connections, ${String(DURATION_S)} s each, ${String(ROUNDS)} alternating rounds with signed-out trending/movie)`,
  );
  await seedAccount(server, account);
  const api = `${server.baseUrl}/pigo-stream`;
  const catalogue: LoadRequest = { url: `${api}/index/trending/movie` };
  const calls: { name: string; read: boolean; request: LoadRequest }[] = [
    {
      name: 'fetch-my-list',
      read: true,
      request: {
        url: `${api}/my-list/${account.uid}/fetch-my-list`,
        headers: { cookie: account.cookie },
      },
    },
    {
      name: 'fetch-watch-history',
      read: true,
      request: {
        url: `${api}/watch-history/${account.uid}/fetch-watch-history`,
        headers: { cookie: account.cookie },
      },
    },
    {
      name: 'save-my-list',
      read: false,
      request: {
        url: `${api}/my-list/save-my-list`,
        method: 'POST',
        headers: {
          cookie: account.cookie,
          origin: server.baseUrl,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ userUID: account.uid, id: SEED_TITLES[0][0], type: 'movie' }),
      },
    },
  ];
  for (const call of calls) {
    await measureSignedInPair(
      `api ${database} ${call.name} (signed in)`,
      call.request,
      catalogue,
      call.read ? { p99: '< 100 ms', ratio: '>= 0.50' } : {},
    );
  }
  await benchKidsProfile(server, account, database, catalogue);
}

/** Titles within a kids' profile's default limit (G, PG, TV-PG in the starter catalogue). */
const KIDS_TITLES = [
  [862, 'movie'],
  [12, 'movie'],
  [85271, 'tv'],
] as const;

/**
 * The same session switched to a kids' profile (PROFILE-7: the limit travels with the session,
 * so it should cost no query of its own): its My List read, and the trending call as the kid
 * (filtered, kept apart in the answer cache), each beside the signed-out trending call.
 * @throws Error when the profile cannot be made or switched to, or a save is refused.
 */
async function benchKidsProfile(
  server: RunningServer,
  account: VerifiedAccount,
  database: DatabaseKind,
  catalogue: LoadRequest,
): Promise<void> {
  const api = `${server.baseUrl}/pigo-stream`;
  const post = async (call: string, body: unknown) => {
    const res = await fetch(`${api}/${call}`, {
      method: 'POST',
      headers: {
        cookie: account.cookie,
        origin: server.baseUrl,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${call} answered ${String(res.status)}: ${await res.text()}`);
    return (await res.json()) as { id?: string };
  };
  const kid = await post('profiles/create', {
    name: 'Bench kid',
    avatar: 'avatar-4',
    kind: 'kids',
  });
  await post('profiles/switch', { id: kid.id });
  for (const [id, type] of KIDS_TITLES) {
    await post('my-list/save-my-list', { userUID: account.uid, id, type });
  }
  const headers = { cookie: account.cookie };
  await measureSignedInPair(
    `api ${database} fetch-my-list (kids' profile)`,
    { url: `${api}/my-list/${account.uid}/fetch-my-list`, headers },
    catalogue,
    { p99: '< 50 ms', ratio: '>= 0.90' },
  );
  await measureSignedInPair(
    `api ${database} trending/movie (kids' profile)`,
    { url: `${api}/index/trending/movie`, headers },
    catalogue,
    { p99: '< 50 ms', ratio: '>= 0.90' },
  );
  await post('profiles/switch', { id: account.uid });
}

/**
 * Measures the signed-in `request` against the signed-out `reference` (a catalogue call) in
 * alternating rounds and records, under `label`: body bytes, requests/s, p50, p99, failures
 * (target none), the reference's requests/s and p99, and the throughput ratio. `targets` are
 * printed beside p99 and the ratio.
 */
export async function measureSignedInPair(
  label: string,
  request: LoadRequest,
  reference: LoadRequest,
  targets: { p99?: string; ratio?: string },
): Promise<void> {
  const refName = new URL(reference.url).pathname.split('/').slice(-2).join('/');
  const bytes = await bodySize(request);
  await bodySize(reference);
  const { a: user, b: cat } = await measurePair(request, reference);
  const ratio = cat.requestsPerSec > 0 ? user.requestsPerSec / cat.requestsPerSec : 0;
  record({ name: `${label}: body`, value: bytes, unit: 'bytes' });
  record({ name: `${label}: requests/s`, value: Math.round(user.requestsPerSec), unit: '/s' });
  record({ name: `${label}: p50`, value: user.p50, unit: 'ms' });
  record({ name: `${label}: p99`, value: user.p99, unit: 'ms', target: targets.p99 });
  record({
    name: `${label}: non-2xx + errors + timeouts`,
    value: failures(user),
    unit: '',
    target: '0 + 0 + 0',
  });
  noteStatusCodes(label, user);
  record({
    name: `${label}: ${refName} requests/s`,
    value: Math.round(cat.requestsPerSec),
    unit: '/s',
  });
  record({ name: `${label}: ${refName} p99`, value: cat.p99, unit: 'ms' });
  if (cat.non2xx + cat.errors + cat.timeouts > 0) {
    record({
      name: `${label}: ${refName} non-2xx + errors + timeouts`,
      value: failures(cat),
      unit: '',
    });
    noteStatusCodes(`${label}: ${refName}`, cat);
  }
  record({
    name: `${label}: / ${refName} throughput`,
    value: ratio.toFixed(2),
    unit: 'x',
    target: targets.ratio,
  });
}
