/**
 * The `size` part of `npm run bench` (BENCH_ONLY=size): do the catalogue calls stay fast as the
 * catalogue grows towards TMDB's size (about a million titles)?
 *
 * For each size of BENCH_SIZES (default `1,10,60`: times the dumps of ../shared/data, or
 * BENCH_DATA_DIR) it builds a PostgreSQL database (BENCH_POSTGRES_URL's server):
 * - 1x: a fresh database `pigo_size_<time>_1x` with the dumps imported as the import part does
 *   (`importAll`);
 * - Nx: a copy of that import (`create database ... template`, made before anything else is
 *   written to it), grown by N - 1 synthetic copies of every real title and its provider rows,
 *   generated in SQL (catalogue-size.repository.ts `writeCopy`: same-named copies in a quarter,
 *   mixed names otherwise, a fraction of the real popularity, release dates over 1950-2025);
 * - users (100 per 1x, at most 5,000) with about 400 watch events each, popularity-weighted,
 *   over the last 365 days (some in the last 7);
 * then `analyzeCatalogue`. It starts the real server on it as `npm run serve` does (built, with
 * its node flags; port 3560, RESPONSE_CACHE_MB=0 so every answer comes from the database) and measures with the load worker (autocannon in its
 * own process, 20 connections, a 2 s warm-up, then BENCH_SIZE_SECONDS, default 8 s) trending
 * movie and tv, popular movie, a provider row, a cycle of ten searches (five typos) and one
 * title's media-info (after each run, until the server has worked off what the run left queued:
 * a media-info request answering within 1 s): p50/p95/p99 latency in ms and requests per
 * second, and each call's time alone before any load; the first result of
 * each typo; the server process's peak RSS (VmHWM) in MB; and, after adding 50 watch events to a
 * verified account and restarting the server, the wall-clock time of its first recommendations
 * request in ms.
 *
 * Then the same on the embedded database (PGlite) at BENCH_SIZE_EMBEDDED (default 10; `0`
 * skips it), built in a temporary data directory the same way, on port 3561, plus media-info's
 * latency while a second load worker runs trending and search at the same time (also measured on
 * PostgreSQL at that size, for comparison). Every database and directory it made is removed at
 * the end, failed or not (BENCH_SIZE_KEEP=1 keeps the PostgreSQL databases). Prints, never
 * asserts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROVIDERS } from '@pigostream/contracts';
import { runLoad } from './api-load.ts';
import {
  MEDIA_INFO,
  pathOf,
  POPULAR,
  RECOMMENDATIONS,
  SEARCH,
  TRENDING,
  BY_PROVIDER,
} from '@pigostream/contracts/endpoints';
import { openDatabase, type DatabaseHandle } from '@pigostream/db';
import { analyzeCatalogue, importAll } from '../apps/server/src/modules/catalogue/index.ts';
import {
  analyzeActivity,
  busiestProvider,
  createSizeDatabase,
  databaseMb,
  dropSizeDatabase,
  dropWorkTables,
  ID_STRIDE,
  insertSyntheticUsers,
  insertSyntheticWatchEvents,
  insertWatchEventsFor,
  prepareCopies,
  vacuumBuilt,
  prepareWatchSampling,
  sizeCounts,
  writeCopy,
  type SizeCounts,
} from './catalogue-size.repository.ts';
import type { LoadOptions, LoadResult } from './load/worker.ts';
import { record } from './report.ts';
import { buildServer, startAppServer, listeningPid } from './server.ts';
import {
  createVerifiedAccount,
  type RunningServer,
  type VerifiedAccount,
} from '../tools/server-process.ts';

/** Loopback ports of this part's servers (3560-3579): PostgreSQL's, then the embedded one's. */
const POSTGRES_PORT = 3560;
const EMBEDDED_PORT = 3561;
/** Load: connections, seconds measured per call, seconds of unrecorded warm-up before. */
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SIZE_SECONDS ?? '8');
const WARM_UP_S = 2;
/** Synthetic users per 1x of catalogue, at most MAX_USERS; watch events drawn per user. */
const USERS_PER_X = 100;
const MAX_USERS = 5_000;
const EVENTS_PER_USER = 400;
/** Users whose watch events one statement writes (progress is printed per statement). */
const USERS_PER_STATEMENT = 250;
/** Watch events given to the signed-in account before the restart. */
const ACCOUNT_EVENTS = 50;
/** The title media-info asks for (The Matrix, in the dumps). */
const MEDIA_INFO_TITLE = { id: 603, type: 'movie' } as const;
/** The typos whose first result is printed, and ordinary queries; the search load cycles all. */
const TYPO_QUERIES = ['matrx', 'godfater', 'harry poter', 'interstelar', 'spiderman'];
const PLAIN_QUERIES = ['batman', 'star wars', 'toy story', 'titanic', 'love'];
/** Region of the provider row (the provider is the one with most movie rows there). */
const PROVIDER_REGION = 'US';

/** Catalogue sizes: multiples of the dumps (BENCH_SIZES, default 1,10,60). */
function sizesWanted(): number[] {
  const sizes = (process.env.BENCH_SIZES ?? '1,10,60')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
  if (sizes.some((n) => !Number.isInteger(n) || n > 200)) {
    throw new Error(`BENCH_SIZES: whole multiples from 1 to 200, not ${String(sizes)}`);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/** The embedded database's size (BENCH_SIZE_EMBEDDED, default 10; 0 for none). */
function embeddedSize(): number {
  const n = Number(process.env.BENCH_SIZE_EMBEDDED ?? '10');
  if (!Number.isInteger(n) || n < 0 || n > 200) {
    throw new Error(`BENCH_SIZE_EMBEDDED: a whole multiple from 0 to 200, not ${String(n)}`);
  }
  return n;
}

/** When the part began (performance.now()). */
let started = performance.now();
/** Prints a progress line with the minutes and seconds since the part began. */
function progress(line: string): void {
  const s = Math.round((performance.now() - started) / 1000);
  console.log(`  [${String(Math.floor(s / 60))}:${String(s % 60).padStart(2, '0')}] ${line}`);
}

/** Seconds since `since` (a performance.now()), to one decimal. */
const secondsSince = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** One catalogue call under load: a URL, or a cycle of paths on its host. */
interface Call {
  name: string;
  url: string;
  requests?: { path: string }[];
}

/** The calls measured at every size, on `server`; `provider` is the provider row's id. */
function catalogueCalls(server: RunningServer, provider: number): Call[] {
  const api = `${server.baseUrl}/pigo-stream`;
  const search = [...TYPO_QUERIES, ...PLAIN_QUERIES].map((query) => ({
    path: `/pigo-stream${pathOf(SEARCH, { type: 'movie' }, { query })}`,
  }));
  return [
    { name: 'trending movie', url: `${api}${pathOf(TRENDING, { type: 'movie' }, { page: 1 })}` },
    { name: 'trending tv', url: `${api}${pathOf(TRENDING, { type: 'tv' }, { page: 1 })}` },
    { name: 'popular movie', url: `${api}${pathOf(POPULAR, { type: 'movie' }, { page: 1 })}` },
    {
      name: `provider ${String(provider)} movie ${PROVIDER_REGION}`,
      url: `${api}${pathOf(BY_PROVIDER, { type: 'movie' }, { provider, region: PROVIDER_REGION, page: 1 })}`,
    },
    {
      name: 'search (10 queries cycled)',
      url: `${server.baseUrl}${search[0]?.path ?? ''}`,
      requests: search,
    },
    {
      name: `media-info ${String(MEDIA_INFO_TITLE.id)}`,
      url: `${api}${pathOf(MEDIA_INFO, {}, MEDIA_INFO_TITLE)}`,
    },
  ];
}

/**
 * Each URL of `call` once, one after another, before any load (so cold): whether all answered
 * 2xx (else the first failure), and each one's wall-clock time in ms.
 */
async function checkCall(call: Call): Promise<{ ok: boolean; detail: string; times: number[] }> {
  const base = new URL(call.url).origin;
  const urls = call.requests ? call.requests.map((r) => `${base}${r.path}`) : [call.url];
  const times: number[] = [];
  for (const url of urls) {
    const since = performance.now();
    const res = await fetch(url, { signal: AbortSignal.timeout(120_000) });
    const text = await res.text();
    times.push(performance.now() - since);
    if (!res.ok) {
      return {
        ok: false,
        detail: `${url} answered ${String(res.status)}: ${text.slice(0, 200)}`,
        times,
      };
    }
  }
  return { ok: true, detail: '', times };
}

/** A probe answering within this many ms means the server has worked off a load's backlog. */
const SETTLED_MS = 1_000;
/** Longest wait for the server to settle after a load, in ms. */
const SETTLE_LIMIT_MS = 120_000;

/**
 * Waits until the server has worked off what a load left queued (requests the load generator
 * gave up on still run, holding the database): until one request of `probe` (a cheap call)
 * answers within {@link SETTLED_MS} ms, for at most {@link SETTLE_LIMIT_MS} ms; prints how long
 * it took when that was more than a probe.
 */
async function settle(probe: string, after: string): Promise<void> {
  const since = performance.now();
  while (performance.now() - since < SETTLE_LIMIT_MS) {
    const sent = performance.now();
    try {
      const res = await fetch(probe, { signal: AbortSignal.timeout(SETTLE_LIMIT_MS) });
      await res.arrayBuffer();
      if (res.ok && performance.now() - sent < SETTLED_MS) break;
    } catch {
      // Refused or timed out: still busy.
    }
  }
  const waited = performance.now() - since;
  if (waited > SETTLED_MS) {
    console.log(`    the server was busy for ${(waited / 1000).toFixed(1)} s after ${after}`);
  }
}

/**
 * A warm-up run of `call`, then the measured one, each followed by {@link settle} on `probe`
 * (when given) so that neither inherits the other's (or the previous call's) backlog.
 */
async function measureCall(
  call: Call,
  probe: string | undefined,
  duration = SECONDS,
): Promise<LoadResult> {
  const options: LoadOptions = {
    url: call.url,
    connections: CONNECTIONS,
    duration: WARM_UP_S,
    ...(call.requests ? { requests: call.requests } : {}),
  };
  await runLoad(options);
  if (probe) await settle(probe, `${call.name}'s warm-up`);
  const result = await runLoad({ ...options, duration });
  if (probe) await settle(probe, `${call.name}'s load`);
  return result;
}

/** How many answers a run received (any status). */
function answered(r: LoadResult): number {
  return Object.values(r.statusCodes).reduce((n, c) => n + c, 0);
}

/**
 * p50/p95/p99 of a result in ms: the worker's exact ones, else autocannon's (no p95); none
 * when no request was answered within the run.
 */
function latencies(r: LoadResult): {
  p50: number | undefined;
  p95: number | undefined;
  p99: number | undefined;
} {
  if (answered(r) === 0) return { p50: undefined, p95: undefined, p99: undefined };
  return r.latency
    ? { p50: r.latency.p50, p95: r.latency.p95, p99: r.latency.p99 }
    : { p50: r.p50, p95: undefined, p99: r.p99 };
}

const ms = (v: number | undefined) => (v === undefined ? 'n/a' : v.toFixed(1));

/** What one size measured, for the summary table. */
interface SizeResult {
  label: string;
  counts?: SizeCounts;
  buildS?: string;
  calls: Map<string, LoadResult | string>;
  /** Each call's cold time, alone, in ms (before the load). */
  alone: Map<string, string>;
  rssMb?: number;
  firstRecommendationMs?: number;
  mediaInfoUnderLoad?: LoadResult;
  /** One media-info request's wall time in ms during that load. */
  mediaInfoOneUnderLoad?: string;
}

/** Records the figures of `r` (the call `name` at `label`). */
function recordLoad(label: string, name: string, r: LoadResult): void {
  const l = latencies(r);
  const prefix = `size ${label} ${name}`;
  const unit = (v: number | undefined) => (v === undefined ? '' : 'ms');
  record({ name: `${prefix}: p50`, value: ms(l.p50), unit: unit(l.p50) });
  record({ name: `${prefix}: p95`, value: ms(l.p95), unit: unit(l.p95) });
  record({ name: `${prefix}: p99`, value: ms(l.p99), unit: unit(l.p99) });
  record({ name: `${prefix}: requests/s`, value: Math.round(r.requestsPerSec), unit: '/s' });
  const count = answered(r);
  if (count < 100) {
    // Too few for the percentiles to mean much; none when every request outlasted the run.
    record({ name: `${prefix}: answers within the run`, value: count, unit: '' });
  }
  const failed = r.non2xx + r.errors + r.timeouts;
  if (failed > 0) {
    record({
      name: `${prefix}: non-2xx + errors + timeouts`,
      value: `${String(r.non2xx)} + ${String(r.errors)} + ${String(r.timeouts)}`,
      unit: '',
      target: '0 + 0 + 0',
    });
    console.log(`    answers by status ${JSON.stringify(r.statusCodes)}`);
  }
}

/**
 * Peak resident memory (VmHWM) in MB of the server listening on `port`: the node process
 * running apps/server/src/main.ts under `npx tsx` (not npx nor tsx's own process), found by its
 * listening socket, else as the largest process whose environment has PORT=<port>.
 */
function serverPeakRssMb(port: number): number | undefined {
  const hwm = (pid: number) => {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024;
  };
  const pid = listeningPid(port);
  if (pid !== undefined) return hwm(pid);
  let best: number | undefined;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      if (!environ.includes(`PORT=${String(port)}`)) continue;
      const mb = hwm(Number(name));
      if (best === undefined || mb > best) best = mb;
    } catch {
      // Another user's process, or gone meanwhile.
    }
  }
  return best;
}

/** The first result's title of each typo query (a search for type movie). */
async function typoFirstResults(server: RunningServer): Promise<[string, string][]> {
  const answers: [string, string][] = [];
  for (const query of TYPO_QUERIES) {
    const res = await fetch(
      `${server.baseUrl}/pigo-stream${pathOf(SEARCH, { type: 'movie' }, { query })}`,
      { signal: AbortSignal.timeout(120_000) },
    );
    const body = res.ok ? ((await res.json()) as { results?: { title?: string }[] }) : {};
    answers.push([
      query,
      res.ok ? (body.results?.[0]?.title ?? '(none)') : `HTTP ${String(res.status)}`,
    ]);
  }
  return answers;
}

/** How to open the database of one size, and how the server runs on it. */
interface Target {
  label: string;
  factor: number;
  port: number;
  open(): Promise<DatabaseHandle>;
  /** PostgreSQL's URL (DATABASE_URL), or the embedded database's DATA_DIR. */
  databaseUrl?: string;
  dataDir?: string;
}

/** What a built size hands its measurement. */
interface Built {
  /** The total popularity the watch-event draws are scaled to. */
  total: number;
  /** The provider of the provider row. */
  provider: number;
}

/**
 * Grows the catalogue of `db` (the dumps' import) to `factor` times by synthetic copies, adds
 * the synthetic users and their watch events, and runs analyzeCatalogue; prints and records
 * the time of each step in s, and picks the provider row's provider. Leaves the sampling table
 * for {@link addAccountEvents}.
 */
async function growCatalogue(
  db: DatabaseHandle,
  target: Target,
  result: SizeResult,
): Promise<Built> {
  const prefix = `size ${target.label} build`;
  let step = performance.now();
  const counts = await prepareCopies(db.db);
  for (let k = 1; k < target.factor; k++) {
    const written = await writeCopy(db.db, k, counts);
    if (k === 1 || k % 10 === 0 || k === target.factor - 1) {
      progress(
        `${target.label}: copy ${String(k)}/${String(target.factor - 1)} written (${String(written.titles)} titles, ${String(written.providers)} provider rows each), ${secondsSince(step)} s so far`,
      );
    }
  }
  if (target.factor > 1)
    record({ name: `${prefix}: synthetic titles`, value: secondsSince(step), unit: 's' });
  step = performance.now();
  const total = await prepareWatchSampling(db.db);
  const users = Math.min(MAX_USERS, USERS_PER_X * target.factor);
  await insertSyntheticUsers(db.db, 1, users);
  for (let first = 1; first <= users; first += USERS_PER_STATEMENT) {
    const last = Math.min(users, first + USERS_PER_STATEMENT - 1);
    await insertSyntheticWatchEvents(db.db, first, last, EVENTS_PER_USER, total);
    if (last === users || (last / USERS_PER_STATEMENT) % 4 === 0) {
      progress(`${target.label}: watch events of ${String(last)}/${String(users)} users written`);
    }
  }
  await analyzeActivity(db.db);
  record({ name: `${prefix}: users and watch events`, value: secondsSince(step), unit: 's' });
  step = performance.now();
  await analyzeCatalogue(db.db);
  record({ name: `${prefix}: analyzeCatalogue`, value: secondsSince(step), unit: 's' });
  step = performance.now();
  await vacuumBuilt(db.db);
  record({ name: `${prefix}: vacuum`, value: secondsSince(step), unit: 's' });
  const c = await sizeCounts(db.db);
  result.counts = c;
  record({
    name: `size ${target.label}: titles (movies + shows)`,
    value: c.movies + c.shows,
    unit: '',
  });
  record({ name: `size ${target.label}: provider rows`, value: c.providerRows, unit: '' });
  record({ name: `size ${target.label}: users`, value: c.users, unit: '' });
  record({
    name: `size ${target.label}: watch events (first in the last 7 days)`,
    value: `${String(c.watchEvents)} (${String(c.recentWatchEvents)})`,
    unit: '',
  });
  if (db.kind === 'postgres') {
    record({
      name: `size ${target.label}: database size`,
      value: Math.round(await databaseMb(db.db)),
      unit: 'MB',
    });
  }
  const ids = [...new Set(PROVIDERS.map((p) => p.id))];
  const busiest = await busiestProvider(db.db, ids, PROVIDER_REGION);
  const provider = busiest?.id ?? PROVIDERS[0]?.id ?? 8;
  progress(
    `${target.label}: provider row: provider ${String(provider)} (${String(busiest?.rows ?? 0)} movie rows in ${PROVIDER_REGION})`,
  );
  return { total, provider };
}

/** Adds {@link ACCOUNT_EVENTS} watch events for `account` (server stopped), then drops work tables. */
async function addAccountEvents(
  target: Target,
  account: VerifiedAccount,
  total: number,
): Promise<void> {
  const db = await target.open();
  try {
    await insertWatchEventsFor(db.db, account.uid, ACCOUNT_EVENTS, total);
    await dropWorkTables(db.db);
    await analyzeActivity(db.db);
  } finally {
    await db.close();
  }
}

/** The server run of this part: the one running now, so a signal can stop it. */
let running: RunningServer | undefined;

/** Starts the server on `target` (RESPONSE_CACHE_MB=0, a fixed AUTH_SECRET); records start in s. */
async function startServer(
  target: Target,
  webDist: string,
  secret: string,
  what: string,
): Promise<RunningServer> {
  const since = performance.now();
  const server = await startAppServer(
    target.port,
    webDist,
    target.databaseUrl,
    { RESPONSE_CACHE_MB: '0', AUTH_SECRET: secret },
    { ...(target.dataDir ? { dataDir: target.dataDir } : {}), built: true },
  );
  running = server;
  record({
    name: `size ${target.label}: ${what} start to healthy`,
    value: secondsSince(since),
    unit: 's',
  });
  return server;
}

/** CPU seconds (user + system) the process `pid` has used, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields =
    readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
}

/**
 * Waits until the server on `port` is quiet (under 0.1 CPU s in 2 s, at most `limitMs`): its
 * start-up work in the background (the recommender's model loading, the rankings' check) would
 * otherwise be measured with the first calls. Records how long it took, in s.
 */
async function waitForQuiet(label: string, port: number, limitMs = 120_000): Promise<void> {
  const pid = listeningPid(port);
  if (pid === undefined) return;
  const since = performance.now();
  let before = cpuSeconds(pid);
  while (performance.now() - since < limitMs) {
    await sleep(2000);
    const now = cpuSeconds(pid);
    if (now - before < 0.1) break;
    before = now;
  }
  record({
    name: `size ${label}: server quiet after start`,
    value: secondsSince(since),
    unit: 's',
  });
}

/** Stops `server`. */
async function stopServer(server: RunningServer): Promise<void> {
  await server.stop();
  if (running === server) running = undefined;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * media-info under load from a second worker (what a single-connection embedded database
 * serialises): a worker cycling the trending and search calls of `calls` at {@link CONNECTIONS}
 * connections starts, then media-info is measured as alone (warm-up, then {@link SECONDS} s),
 * and one more media-info request is timed 4 s into the measured run. Records its p50/p95/p99
 * (ms) and requests/s, p95 under load / alone, the single request's wall time (ms) and the
 * background's requests/s.
 */
async function measureUnderLoad(
  label: string,
  server: RunningServer,
  calls: Call[],
  mediaInfo: Call,
  result: SizeResult,
): Promise<void> {
  const paths = calls
    .filter((c) => c.name.startsWith('trending') || c.name.startsWith('search'))
    .flatMap((c) => c.requests ?? [{ path: new URL(c.url).pathname + new URL(c.url).search }]);
  progress(`${label}: media-info while trending and search load runs in a second worker`);
  // Long enough to outlast the media-info runs, their workers' start included.
  const load = runLoad({
    url: `${server.baseUrl}${paths[0]?.path ?? ''}`,
    requests: paths,
    connections: CONNECTIONS,
    duration: SECONDS + WARM_UP_S + 8,
  });
  await sleep(1_000);
  const single = (async () => {
    await sleep((WARM_UP_S + 4) * 1000);
    const since = performance.now();
    const res = await fetch(mediaInfo.url, { signal: AbortSignal.timeout(120_000) });
    await res.arrayBuffer();
    return res.ok ? ms(performance.now() - since) : `HTTP ${String(res.status)}`;
  })();
  // No settling between its runs: the other worker's load is meant to go on meanwhile.
  const under = await measureCall(mediaInfo, undefined);
  const [side, one] = await Promise.all([load, single]);
  await settle(mediaInfo.url, 'the concurrent load');
  result.mediaInfoUnderLoad = under;
  result.mediaInfoOneUnderLoad = one;
  recordLoad(label, `${mediaInfo.name} during trending+search load`, under);
  record({
    name: `size ${label} ${mediaInfo.name}: one request sent during that load`,
    value: one,
    unit: 'ms',
  });
  record({
    name: `size ${label} trending+search load beside it: requests/s`,
    value: Math.round(side.requestsPerSec),
    unit: '/s',
  });
  const alone = result.calls.get(mediaInfo.name);
  const p95Alone = typeof alone === 'object' ? latencies(alone).p95 : undefined;
  const p95Under = latencies(under).p95;
  record({
    name: `size ${label} ${mediaInfo.name}: p95 under load / alone`,
    value:
      p95Under === undefined
        ? `none answered within ${String(SECONDS)} s`
        : p95Alone === undefined
          ? 'n/a'
          : (p95Under / Math.max(0.001, p95Alone)).toFixed(1),
    unit: p95Under !== undefined && p95Alone !== undefined ? 'x' : '',
  });
}

/**
 * Measures `target` (built as `built` says): the calls
 * under load, the server's peak RSS, media-info under concurrent load when `concurrent`, and
 * the first recommendations request after a restart.
 */
async function measureTarget(
  target: Target,
  built: Built,
  webDist: string,
  result: SizeResult,
  concurrent: boolean,
): Promise<void> {
  const label = target.label;
  const secret = randomBytes(24).toString('hex');
  const server = await startServer(target, webDist, secret, 'server');
  let account: VerifiedAccount;
  try {
    await waitForQuiet(label, target.port);
    account = await createVerifiedAccount(server);
    for (const [query, title] of await typoFirstResults(server)) {
      record({ name: `size ${label} search '${query}': first result`, value: title, unit: '' });
    }
    const calls = catalogueCalls(server, built.provider);
    // media-info: a cheap call, which answers fast once the server has caught up.
    const probe = calls.at(-1)?.url;
    for (const call of calls) {
      const check = await checkCall(call);
      const alone = [...check.times].sort((a, b) => a - b);
      const aloneMs =
        alone.length === 1
          ? ms(alone[0])
          : `${ms(alone[Math.floor((alone.length - 1) / 2)])} median, ${ms(alone.at(-1))} slowest`;
      record({
        name: `size ${label} ${call.name}: one request alone, cold`,
        value: aloneMs,
        unit: 'ms',
      });
      result.alone.set(call.name, aloneMs);
      if (!check.ok) {
        console.log(`    ${call.name}: ${check.detail}`);
        record({ name: `size ${label} ${call.name}`, value: 'failed', unit: '', target: '200' });
        result.calls.set(call.name, 'failed');
        continue;
      }
      progress(
        `${label}: ${call.name} under load (${String(CONNECTIONS)} connections, ${String(SECONDS)} s)`,
      );
      const r = await measureCall(call, probe);
      recordLoad(label, call.name, r);
      result.calls.set(call.name, r);
    }
    const mediaInfo = calls.at(-1);
    if (concurrent && mediaInfo) await measureUnderLoad(label, server, calls, mediaInfo, result);
    const rss = serverPeakRssMb(target.port);
    if (rss !== undefined) {
      result.rssMb = rss;
      record({
        name: `size ${label}: server RSS peak (VmHWM)`,
        value: Math.round(rss),
        unit: 'MB',
      });
    } else {
      record({ name: `size ${label}: server RSS peak (VmHWM)`, value: 'not found', unit: '' });
    }
  } finally {
    await stopServer(server);
  }
  try {
    await firstRecommendation(target, built, account, webDist, secret, result);
  } catch (error) {
    console.error(`  ${label}: first recommendations after restart failed:`, error);
    record({
      name: `size ${label}: first recommendations after restart`,
      value: 'failed',
      unit: '',
    });
  }
}

/**
 * Adds {@link ACCOUNT_EVENTS} watch events to `account` with its server stopped, starts the
 * server again and records the wall-clock time of its first recommendations request, in ms.
 */
async function firstRecommendation(
  target: Target,
  built: Built,
  account: VerifiedAccount,
  webDist: string,
  secret: string,
  result: SizeResult,
): Promise<void> {
  await addAccountEvents(target, account, built.total);
  const server = await startServer(target, webDist, secret, 'restart');
  try {
    const since = performance.now();
    const res = await fetch(
      `${server.baseUrl}/pigo-stream${pathOf(RECOMMENDATIONS, {}, { user_id: account.uid })}`,
      { headers: { cookie: account.cookie }, signal: AbortSignal.timeout(300_000) },
    );
    const body = await res.text();
    const wall = performance.now() - since;
    if (!res.ok) {
      console.log(`    recommendations answered ${String(res.status)}: ${body.slice(0, 200)}`);
    }
    const count = res.ok ? (JSON.parse(body) as unknown[]).length : 0;
    if (res.ok) result.firstRecommendationMs = wall;
    record({
      name: `size ${target.label}: first recommendations after restart (${String(count)} titles)`,
      value: res.ok ? wall.toFixed(0) : `HTTP ${String(res.status)}`,
      unit: res.ok ? 'ms' : '',
    });
  } finally {
    await stopServer(server);
  }
}

/** Prints one Markdown table: a row per call, a column per size (p50/p95/p99 ms, requests/s). */
function printSummary(results: SizeResult[]): void {
  if (results.length === 0) return;
  const names = [...new Set(results.flatMap((r) => [...r.calls.keys()]))];
  const header = `| call | ${results.map((r) => r.label).join(' | ')} |`;
  console.log(
    `\nCatalogue size: p50 / p95 / p99 ms, requests/s (${String(CONNECTIONS)} connections, ${String(SECONDS)} s)\n`,
  );
  console.log(header);
  console.log(`| --- | ${results.map(() => '---:').join(' | ')} |`);
  const cell = (r: LoadResult | string | undefined, alone?: string) => {
    if (r === undefined) return '';
    if (typeof r === 'string') return r;
    const l = latencies(r);
    if (l.p50 === undefined) {
      return `none answered within ${String(SECONDS)} s${alone ? ` (one alone: ${alone} ms)` : ''}`;
    }
    return `${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)}, ${String(Math.round(r.requestsPerSec))}/s`;
  };
  for (const name of names) {
    console.log(
      `| ${name} | ${results.map((r) => cell(r.calls.get(name), r.alone.get(name))).join(' | ')} |`,
    );
  }
  const row = (title: string, f: (r: SizeResult) => string) => {
    console.log(`| ${title} | ${results.map(f).join(' | ')} |`);
  };
  row('media-info during trending+search load', (r) => cell(r.mediaInfoUnderLoad));
  row('media-info: one request during that load (ms)', (r) => r.mediaInfoOneUnderLoad ?? '');
  row('titles (movies + shows)', (r) => (r.counts ? String(r.counts.movies + r.counts.shows) : ''));
  row('provider rows', (r) => (r.counts ? String(r.counts.providerRows) : ''));
  row('users / watch events', (r) =>
    r.counts ? `${String(r.counts.users)} / ${String(r.counts.watchEvents)}` : '',
  );
  row('build, import included (s)', (r) => r.buildS ?? '');
  row('server RSS peak (MB)', (r) => (r.rssMb === undefined ? '' : String(Math.round(r.rssMb))));
  row('first recommendations after restart (ms)', (r) =>
    r.firstRecommendationMs === undefined ? '' : r.firstRecommendationMs.toFixed(0),
  );
}

/** Imports the dumps of `dumps` into `db`; records the time in s under `label`. */
async function importDumps(db: DatabaseHandle, dumps: string, label: string): Promise<string> {
  const since = performance.now();
  await importAll(db.db, dumps);
  const seconds = secondsSince(since);
  record({ name: `size ${label} build: import of the dumps`, value: seconds, unit: 's' });
  return seconds;
}

/**
 * The `size` part (see the module comment): builds each catalogue size of BENCH_SIZES on
 * PostgreSQL and BENCH_SIZE_EMBEDDED on the embedded database from the dumps in `dumps`,
 * measures the catalogue calls on each (latency in ms, requests/s, server peak RSS in MB, first
 * recommendations after a restart in ms), records every figure and prints a summary table.
 * Drops its databases and directories at the end, also when it fails.
 */
export async function benchCatalogueSize(dumps: string): Promise<void> {
  started = performance.now();
  const sizes = sizesWanted();
  const embedded = embeddedSize();
  const stamp = String(Date.now());
  const nameOf = (factor: number) => `pigo_size_${stamp}_${String(factor)}x`;
  const databases: string[] = [];
  const dirs: string[] = [];
  const webDist = mkdtempSync(path.join(tmpdir(), 'pigo-size-web-'));
  dirs.push(webDist);
  const results: SizeResult[] = [];
  /** BENCH_SIZE_KEEP=1 keeps the PostgreSQL databases (to study a size's queries afterwards). */
  const keep = process.env.BENCH_SIZE_KEEP === '1';
  const cleanUp = async () => {
    if (running) await running.stop().catch(() => undefined);
    for (const name of databases) {
      if (keep) {
        console.log(`  BENCH_SIZE_KEEP: kept database ${name}`);
        continue;
      }
      await dropSizeDatabase(name).catch((e: unknown) => {
        console.error(e);
      });
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: removing the size part's databases and directories`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  console.log(
    `Catalogue size (sizes ${sizes.map((s) => `${String(s)}x`).join(', ')} on PostgreSQL${embedded ? `, ${String(embedded)}x embedded` : ''}; dumps of ${dumps})`,
  );
  console.log(
    "  Notes: synthetic copies get ids + k * 10,000,000 and copy titles and provider rows only: no credits, seasons, episodes or anime links (a copy's media-info has no cast, a copied show no seasons). Nx on PostgreSQL starts from a copy (create database ... template) of the 1x import. The server runs with RESPONSE_CACHE_MB=0; its RSS is the server process alone (PostgreSQL's own memory is not in it; the embedded database's is). Load generators share the 2 cores with the server.",
  );
  try {
    // The server as users run it (`npm run serve`: built, with its node flags).
    progress('building the server (npm run build -w @pigostream/server)');
    await buildServer();
    // The dumps' import, once; the larger PostgreSQL sizes start from copies of it.
    const base = nameOf(1);
    const baseDb = await createSizeDatabase(base);
    databases.push(base);
    const importHandle = await openDatabase({ url: baseDb.url, dataDir: 'memory://' });
    let importS: string;
    try {
      progress(`1x: importing the dumps into ${base}`);
      importS = await importDumps(importHandle, dumps, '1x postgres');
    } finally {
      await importHandle.close();
    }
    const targets: (Target & { copyS?: string })[] = [];
    for (const factor of sizes) {
      let url = baseDb.url;
      let copyS: string | undefined;
      if (factor > 1) {
        const since = performance.now();
        const copy = await createSizeDatabase(nameOf(factor), base);
        databases.push(copy.name);
        copyS = secondsSince(since);
        url = copy.url;
      }
      targets.push({
        label: `${String(factor)}x postgres`,
        factor,
        port: POSTGRES_PORT,
        databaseUrl: url,
        open: () => openDatabase({ url, dataDir: 'memory://' }),
        ...(copyS ? { copyS } : {}),
      });
    }
    for (const target of targets) {
      const result: SizeResult = { label: target.label, calls: new Map(), alone: new Map() };
      results.push(result);
      try {
        const since = performance.now();
        if (target.copyS) {
          record({
            name: `size ${target.label} build: copy of the 1x import`,
            value: target.copyS,
            unit: 's',
          });
        }
        progress(`${target.label}: building`);
        const db = await target.open();
        let built: Built;
        try {
          built = await growCatalogue(db, target, result);
        } finally {
          await db.close();
        }
        const build = (
          Number(importS) +
          Number(target.copyS ?? 0) +
          (performance.now() - since) / 1000
        ).toFixed(1);
        result.buildS = build;
        record({
          name: `size ${target.label} build: total (import included)`,
          value: build,
          unit: 's',
        });
        await measureTarget(target, built, webDist, result, target.factor === embedded);
        if (target.factor > 1 && !keep) {
          // Its disk back before the next size is built.
          await dropSizeDatabase(nameOf(target.factor));
        }
      } catch (error) {
        console.error(`  ${target.label} failed:`, error);
        record({ name: `size ${target.label}`, value: 'failed', unit: '', target: 'measured' });
      }
    }
    if (embedded > 0) {
      const dir = mkdtempSync(path.join(tmpdir(), 'pigo-size-embedded-'));
      dirs.push(dir);
      const target: Target = {
        label: `${String(embedded)}x embedded`,
        factor: embedded,
        port: EMBEDDED_PORT,
        dataDir: dir,
        open: () => openDatabase({ dataDir: path.join(dir, 'pglite') }),
      };
      const result: SizeResult = { label: target.label, calls: new Map(), alone: new Map() };
      results.push(result);
      try {
        const since = performance.now();
        progress(`${target.label}: importing the dumps into ${dir}`);
        // Larger buffers for the build only; the server opens it with its own setting.
        const db = await openDatabase({ dataDir: path.join(dir, 'pglite'), sharedBuffersMb: 128 });
        let built: Built;
        try {
          await importDumps(db, dumps, target.label);
          progress(`${target.label}: building`);
          built = await growCatalogue(db, target, result);
        } finally {
          await db.close();
        }
        result.buildS = secondsSince(since);
        record({
          name: `size ${target.label} build: total (import included)`,
          value: result.buildS,
          unit: 's',
        });
        await measureTarget(target, built, webDist, result, true);
      } catch (error) {
        console.error(`  ${target.label} failed:`, error);
        record({ name: `size ${target.label}`, value: 'failed', unit: '', target: 'measured' });
      }
    }
  } finally {
    await cleanUp();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  printSummary(results);
  progress(`done; ids of synthetic titles start at ${String(ID_STRIDE)}`);
}
