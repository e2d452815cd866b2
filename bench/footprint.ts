/**
 * The footprint part of `npm run bench` (LEAN-4, LEAN-6 in docs/requirements.md: a lean server for
 * small machines), once per database: `npm start` as a self-hoster runs it (fresh DATA_DIR, or a
 * fresh PostgreSQL database), then
 * - the processes it leaves running and the RSS of each (from /proc), at idle 10 s after healthy;
 * - the process group's RSS after 60 s of mixed load (catalogue pages, search, a signed-in
 *   user's My List read and saved), and after a second 60 s (the leak check: growth in %), each
 *   the lowest of ten readings over the 10 s after the load;
 * - start to healthy of the built server again on the same, existing DATA_DIR (median of 5);
 * beside a bare Fastify + `pg` process answering one query (bench/load/bare-pg.ts), idle and
 * after the same 60 s of load on its route, measured in the same run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { percentile, record } from './report.ts';
import {
  createVerifiedAccount,
  repoRoot,
  startChild,
  waitForOk,
  type Child,
} from '../tools/server-process.ts';
import { createPostgresDatabase } from './bench.repository.ts';
import type { DatabaseKind } from './server.ts';

const PORT = 3560;
const BARE_PORT = 3561;
const LOAD_S = Number(process.env.BENCH_FOOTPRINT_LOAD_S ?? 60);
const CONNECTIONS = 10;
const IDLE_WAIT_MS = 10_000;
/** Starts of the built server measured on existing data; the median is reported. */
const START_RUNS = 5;

/** One running process: its pid, parent, RSS in kB and command line. */
interface ProcessRow {
  pid: number;
  ppid: number;
  rssKb: number;
  command: string;
}

/** Every process of the machine, read from /proc. */
function processTable(): ProcessRow[] {
  const rows: ProcessRow[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      rows.push({ pid: Number(name), ppid, rssKb, command });
    } catch {
      // Gone meanwhile.
    }
  }
  return rows;
}

/** `root` and all its descendants. */
function processTree(root: number): ProcessRow[] {
  const table = processTable();
  const tree: ProcessRow[] = [];
  const pids = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of table) {
      if (!pids.has(row.pid) && pids.has(row.ppid)) {
        pids.add(row.pid);
        grew = true;
      }
    }
  }
  for (const row of table) if (pids.has(row.pid)) tree.push(row);
  return tree;
}

const mb = (kb: number) => Math.round(kb / 102.4) / 10;
const sumKb = (rows: readonly ProcessRow[]) => rows.reduce((sum, row) => sum + row.rssKb, 0);

/** A short name for a process's command line (`npm start`, `node .../main.js`). */
function shortCommand(command: string): string {
  const words = command.split(' ').map((word) => word.replace(repoRoot + '/', ''));
  return words.slice(0, 3).join(' ').slice(0, 60);
}

/**
 * The process group's RSS once the load has stopped, in kB: the lowest of 10 readings 1 s
 * apart, so a young generation not yet collected at one instant is not read as growth.
 */
async function settledKb(root: number): Promise<number> {
  let lowest = Number.POSITIVE_INFINITY;
  for (let reading = 0; reading < 10; reading++) {
    await pause(1_000);
    lowest = Math.min(lowest, sumKb(processTree(root)));
  }
  return lowest;
}

/** Runs `requests` round-robin on `CONNECTIONS` connections for `LOAD_S` s; the requests/s. */
async function load(baseUrl: string, requests: autocannon.Request[]): Promise<number> {
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: LOAD_S,
    requests,
  });
  return Math.round(result.requests.average);
}

/** Waits `ms` ms. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Titles the signed-in load saves to My List, and the searches it makes. */
const SAVED_IDS = [603, 155, 27205, 10378, 550, 13, 680, 157336];
const QUERIES = ['matrix', 'dark', 'inception', 'bunny', 'naruto', 'breaking', 'strangr'];

/** The mixed load's requests: catalogue, search, a user's read and a user's write. */
function mixedRequests(uid: string, cookie: string, origin: string): autocannon.Request[] {
  let n = 0;
  const next = () => (n += 1);
  const api = '/pigo-stream';
  return [
    {
      method: 'GET',
      setupRequest: (req) => ({
        ...req,
        path: `${api}/index/trending/${next() % 2 ? 'movie' : 'tv'}?page=${String((n % 5) + 1)}`,
      }),
    },
    {
      method: 'GET',
      setupRequest: (req) => ({
        ...req,
        path: `${api}/index/search/movie?query=${QUERIES[next() % QUERIES.length] ?? 'matrix'}`,
      }),
    },
    {
      method: 'GET',
      path: `${api}/my-list/${uid}/fetch-my-list`,
      headers: { cookie },
    },
    {
      method: 'POST',
      path: `${api}/my-list/save-my-list`,
      headers: { cookie, origin, 'content-type': 'application/json' },
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          userUID: uid,
          id: SAVED_IDS[next() % SAVED_IDS.length],
          type: 'movie',
        }),
      }),
    },
  ];
}

/** Compiles the bare reference to plain JavaScript inside the repository (for its imports). */
function compileBare(): string {
  const outDir = path.join(repoRoot, 'node_modules/.cache/pigo-bench');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, 'bare-pg.mjs');
  execFileSync(
    path.join(repoRoot, 'node_modules/.bin/esbuild'),
    [
      'bench/load/bare-pg.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--packages=external',
      `--outfile=${outfile}`,
      '--log-level=warning',
    ],
    { cwd: repoRoot },
  );
  return outfile;
}

/** The bare Fastify + pg reference: RSS idle and after the load, and its requests/s. */
async function benchBare(databaseUrl: string): Promise<{ idleKb: number; loadedKb: number }> {
  const bare = startChild('node', [compileBare(), String(BARE_PORT), databaseUrl], {});
  try {
    const baseUrl = `http://127.0.0.1:${String(BARE_PORT)}`;
    await waitForOk(`${baseUrl}/health`, 30_000);
    const pid = bare.process.pid ?? 0;
    await pause(IDLE_WAIT_MS);
    const idleKb = sumKb(processTree(pid));
    const rps = await load(baseUrl, [{ method: 'GET', path: '/query' }]);
    const loadedKb = await settledKb(pid);
    record({ name: 'footprint: bare Fastify + pg, RSS idle', value: mb(idleKb), unit: 'MB' });
    record({
      name: 'footprint: bare Fastify + pg, RSS after load',
      value: mb(loadedKb),
      unit: 'MB',
    });
    record({ name: 'footprint: bare Fastify + pg, requests/s', value: rps, unit: 'req/s' });
    return { idleKb, loadedKb };
  } finally {
    await bare.stop();
  }
}

/**
 * Starts `npm start` on `kind` and measures its processes and memory, then the built server's
 * start on the existing data. Records every figure under `footprint (<kind>)`.
 */
async function benchFootprintOn(kind: DatabaseKind, bareIdleKb: number): Promise<void> {
  const label = `footprint (${kind})`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pigo-bench-footprint-'));
  const database = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const baseUrl = `http://127.0.0.1:${String(PORT)}`;
  const env = {
    ...(database ? { DATABASE_URL: database.url } : {}),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseUrl,
    SMTP_URL: '',
  };
  let server: Child | undefined;
  try {
    server = startChild('npm', ['start'], env);
    await waitForOk(`${baseUrl}/pigo-stream/health`, 300_000);
    const root = server.process.pid ?? 0;
    const account = await createVerifiedAccount({ baseUrl, dataDir, stop: async () => {} });
    await pause(IDLE_WAIT_MS);
    const idle = processTree(root);
    console.log(`${label}: processes under npm start`);
    for (const row of idle) {
      console.log(
        `  ${String(row.pid).padStart(7)} ${String(mb(row.rssKb)).padStart(7)} MB  ${shortCommand(row.command)}`,
      );
    }
    const nodes = idle.filter((row) => /(^|\/)node\b/.test(row.command.split(' ')[0] ?? ''));
    record({ name: `${label}: processes under npm start`, value: idle.length, unit: 'processes' });
    record({
      name: `${label}: node processes under npm start`,
      value: nodes.length,
      unit: 'processes',
    });
    record({ name: `${label}: RSS at idle, whole group`, value: mb(sumKb(idle)), unit: 'MB' });
    record({
      name: `${label}: RSS at idle, against the bare Fastify + pg process`,
      value: Math.round((sumKb(idle) / bareIdleKb) * 10) / 10,
      unit: 'x',
    });

    const requests = mixedRequests(account.uid, account.cookie, baseUrl);
    const rounds: number[] = [];
    for (const round of [1, 2]) {
      const rps = await load(baseUrl, requests);
      const kb = await settledKb(root);
      rounds.push(kb);
      record({ name: `${label}: mixed load round ${String(round)}`, value: rps, unit: 'req/s' });
      record({ name: `${label}: RSS after round ${String(round)}`, value: mb(kb), unit: 'MB' });
    }
    const [first = 1, second = 1] = rounds;
    record({
      name: `${label}: RSS growth in round 2`,
      value: Math.round(((second - first) / first) * 1000) / 10,
      unit: '%',
    });
    await server.stop();
    server = undefined;

    // Again on the same data, the built tree as it is (no build): start to healthy, the median
    // of START_RUNS starts (one start alone can vary by a second).
    const starts: number[] = [];
    for (let run = 0; run < START_RUNS; run++) {
      const started = performance.now();
      server = startChild('npm', ['run', 'serve'], env);
      await waitForOk(`${baseUrl}/pigo-stream/health`, 120_000);
      starts.push(Math.round(performance.now() - started));
      await server.stop();
      server = undefined;
    }
    record({
      name: `${label}: start to healthy, existing data, built tree (median of ${starts.join(', ')})`,
      value: percentile(
        [...starts].sort((a, b) => a - b),
        50,
      ),
      unit: 'ms',
    });
  } finally {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The footprint part: the bare reference, then `npm start` on each of `kinds`. */
export async function benchFootprint(kinds: readonly DatabaseKind[]): Promise<void> {
  console.log(
    `\nFootprint (npm start, idle ${String(IDLE_WAIT_MS / 1000)} s after healthy, then 2 x ${String(LOAD_S)} s of mixed load on ${String(CONNECTIONS)} connections)`,
  );
  const reference = await createPostgresDatabase();
  let bare: { idleKb: number };
  try {
    bare = await benchBare(reference.url);
  } finally {
    await reference.drop();
  }
  for (const kind of kinds) await benchFootprintOn(kind, bare.idleKb);
}
