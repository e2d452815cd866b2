/**
 * `npm run bench`: imports every dump of ../shared/data (or BENCH_DATA_DIR) into a fresh
 * embedded database, twice, and measures server-side search latency on the result, then the
 * recommender on MovieLens (bench/recommender.ts); then, against a real server it starts (a
 * child process on port 3501 with a fresh data directory and a fresh web build), the web weight
 * of each route in Chromium (bench/web.ts), Lighthouse (bench/lighthouse.ts) and the API under
 * load (bench/api-load.ts). Prints each figure as it comes and one table at the end, and writes
 * bench/results.json with the machine it ran on. Figures are printed, never asserted.
 *
 * BENCH_ONLY=web,lighthouse,api (any of import, search, recommender, web, lighthouse, api,
 * home, transfer, scale, footprint, size, playback, together) runs only those parts; `search` without `import` searches the starter catalogue alone.
 * `scale` (bench/scale-out.ts) runs 1, 2 and 4 servers on PostgreSQL and Redis
 * (BENCH_REDIS_URL, default the machine's) behind nginx (Debian's nginx-light).
 *
 * `transfer` (bench/transfer.ts) previews a 10,000-row Letterboxd diary of MovieLens titles
 * against the imported catalogue (the starter catalogue without `import`).
 * `footprint` (bench/footprint.ts) runs `npm start` once per database of BENCH_DATABASES and
 * reports the processes it leaves, their memory at idle and after two rounds of mixed load, and
 * the built server's start, beside a bare Fastify + pg process.
 * `home` (bench/home-answers.ts) measures Home's signed-in answers (My List, Continue Watching,
 * Up Next, New Episodes) one at a time and under load, once per database.
 * `size` (bench/catalogue-size.ts) grows the dumps to BENCH_SIZES times (default 1,10,60) on
 * PostgreSQL and 10 times on the embedded database, and measures the catalogue calls on each.
 * `playback` (bench/playback.ts) plays 60 s library files made with ffmpeg (direct, remux,
 * transcode) in Chromium: time to first frame, from the start and after a seek, the CPU per minute
 * of video, memory during TRANSCODE_MAX transcodes, and the ffmpeg left once viewers leave.
 * `together` (bench/together.ts) holds 200 rooms of 3 WebSocket members on one server and
 * measures a command's fan-out latency (p50, p99) and the server's memory; it needs no dump.
 *
 * The api part's signed-in calls run once per database of BENCH_DATABASES (default
 * `pglite,postgres`): a server on the embedded database on port 3501, then one on a fresh
 * database `pigo_bench_<time>` of the PostgreSQL server at BENCH_POSTGRES_URL (default
 * `postgres://postgres@127.0.0.1:5432/postgres`) on port 3502, dropped at the end. The web,
 * Lighthouse and catalogue load figures come from the first database's server only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '@pigostream/db';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { analyzeAnime, writeAnime } from '../apps/server/src/modules/anime/index.ts';
import {
  analyzeCatalogue,
  importAll,
  readStarterCatalogue,
  writeTitles,
} from '../apps/server/src/modules/catalogue/index.ts';
import { benchApiLoad, benchSignedInLoad } from './api-load.ts';
import { benchCatalogueSize } from './catalogue-size.ts';
import { catalogueCounts, createPostgresDatabase, searchSample } from './bench.repository.ts';
import { benchFootprint } from './footprint.ts';
import { benchHomeAnswers } from './home-answers.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchPlayback } from './playback.ts';
import { benchRecommender } from './recommender.ts';
import { benchScaleOut } from './scale-out.ts';
import { benchTogether } from './together.ts';
import { benchTransfer } from './transfer.ts';
import { figures, machine, percentile, printTable, record } from './report.ts';
import { createVerifiedAccount } from '../tools/server-process.ts';
import { buildWeb, DATABASE_KINDS, startAppServer, type DatabaseKind } from './server.ts';
import { benchWebWeight } from './web.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(here, '../../shared/data'));
const SEARCH_QUERIES = 240;

/**
 * The bench's loopback ports (3500-3599): the app server (3501 for the first database, 3502 for
 * the second) and the bare Fastify route.
 */
const APP_PORT = 3501;
const BARE_PORT = 3590;

const PARTS = [
  'import',
  'search',
  'recommender',
  'transfer',
  'web',
  'lighthouse',
  'api',
  'home',
  'scale',
  'footprint',
  'size',
  'playback',
  'together',
] as const;
const only = new Set(
  (process.env.BENCH_ONLY ?? PARTS.join(','))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean),
);
const unknown = [...only].filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length > 0) {
  console.error(`BENCH_ONLY: unknown part(s) ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`);
  process.exit(2);
}
const databases = [
  ...new Set(
    (process.env.BENCH_DATABASES ?? DATABASE_KINDS.join(','))
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean),
  ),
];
const unknownDatabases = databases.filter(
  (d) => !(DATABASE_KINDS as readonly string[]).includes(d),
);
if (databases.length === 0 || unknownDatabases.length > 0) {
  console.error(
    `BENCH_DATABASES: unknown database(s) ${unknownDatabases.join(', ')}; databases: ${DATABASE_KINDS.join(', ')}`,
  );
  process.exit(2);
}

/** Deterministic pseudo-random numbers (mulberry32) so every run asks the same queries. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Drops one letter of the longest word: a typical typo ("matrx"). */
function typo(title: string, rnd: () => number): string {
  const words = title.split(' ');
  let longest = 0;
  words.forEach((w, i) => {
    if (w.length > (words[longest]?.length ?? 0)) longest = i;
  });
  const word = words[longest] ?? '';
  if (word.length < 5) return title;
  const at = 1 + Math.floor(rnd() * (word.length - 2));
  words[longest] = word.slice(0, at) + word.slice(at + 1);
  return words.join(' ');
}

async function benchImport(db: Database) {
  console.log(`Import of ${dataDir}`);
  for (const run of [1, 2]) {
    const started = performance.now();
    const summaries = await importAll(db, dataDir);
    const seconds = (performance.now() - started) / 1000;
    const added = summaries.reduce(
      (n, s) => n + s.titles.added + s.episodes.added + s.seasons.added + s.anime.added,
      0,
    );
    const skipped = summaries.reduce((n, s) => n + s.skipped, 0);
    record({ name: `import run ${run}: duration`, value: seconds.toFixed(1), unit: 's' });
    record({
      name: `import run ${run}: rows added`,
      value: added,
      unit: 'rows',
      target: run === 2 ? '0' : undefined,
    });
    record({ name: `import run ${run}: records skipped`, value: skipped, unit: 'records' });
  }
  const c = await catalogueCounts(db);
  record({ name: 'catalogue: movies', value: c.movies ?? 0, unit: '', target: '>= 14000' });
  record({ name: 'catalogue: shows', value: c.shows ?? 0, unit: '', target: '>= 956' });
  record({ name: 'catalogue: episodes', value: c.episodes ?? 0, unit: '', target: '>= 79000' });
  record({ name: 'catalogue: anime entries', value: c.anime ?? 0, unit: '', target: '>= 1216' });
}

async function benchSearch(db: Database, database: Awaited<ReturnType<typeof openDatabase>>) {
  // The product's database: the starter catalogue (loaded at first start) plus the dumps.
  const starter = readStarterCatalogue();
  await writeTitles(db, starter.titles);
  await writeAnime(db, starter.anime, starter.relations, starter.links);
  await analyzeCatalogue(db);
  await analyzeAnime(db);
  console.log('Search (server-side, app.inject, starter catalogue + imported dumps)');
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }),
    database,
    logger: false,
  });
  await app.ready();
  const top = async (type: string, query: string) => {
    const res = await app.inject({
      url: `/pigo-stream/index/search/${type}?query=${encodeURIComponent(query)}`,
    });
    const body = res.json<{ results: { title?: string; name?: string }[] }>();
    return body.results[0]?.title ?? body.results[0]?.name ?? '(none)';
  };
  record({
    name: "search 'matrx' (movie): first result",
    value: await top('movie', 'matrx'),
    unit: '',
    target: 'The Matrix',
  });
  record({
    name: "search 'breakng bad' (tv): first result",
    value: await top('tv', 'breakng bad'),
    unit: '',
    target: 'Breaking Bad',
  });

  const rnd = random(42);
  const sample = await searchSample(db, SEARCH_QUERIES);
  const queries = sample.map((s, i) => ({
    type: s.media_type,
    title: s.title,
    query:
      i % 2 === 0
        ? typo(s.title, rnd)
        : s.title.slice(0, Math.max(4, Math.ceil(s.title.length / 2))),
  }));
  for (const q of queries.slice(0, 20)) await top(q.type, q.query); // warm-up
  const times: number[] = [];
  let firstHits = 0;
  for (const q of queries) {
    const started = performance.now();
    const res = await app.inject({
      url: `/pigo-stream/index/search/${q.type}?query=${encodeURIComponent(q.query)}`,
    });
    times.push(performance.now() - started);
    const first = res.json<{ results: { title?: string; name?: string }[] }>().results[0];
    if ((first?.title ?? first?.name) === q.title) firstHits++;
  }
  times.sort((a, b) => a - b);
  record({ name: 'search queries (typos and prefixes)', value: queries.length, unit: 'queries' });
  record({ name: 'search latency p50', value: percentile(times, 50).toFixed(1), unit: 'ms' });
  record({
    name: 'search latency p95',
    value: percentile(times, 95).toFixed(1),
    unit: 'ms',
    target: '< 30 ms',
  });
  record({
    name: 'search: intended title ranked first',
    value: ((100 * firstHits) / queries.length).toFixed(0),
    unit: '%',
  });
  await app.close();
}

/**
 * Web weight, Lighthouse and load against servers of our own, one per database (only the first
 * when the api part is not asked for), each stopped (and its PostgreSQL database dropped) at the
 * end.
 */
async function benchServer(): Promise<void> {
  console.log('Building the web app and starting a server for the web and API figures');
  const webDist = await buildWeb();
  try {
    const everyDatabase = only.has('api') || only.has('home');
    const kinds = (everyDatabase ? databases : databases.slice(0, 1)) as DatabaseKind[];
    const perDatabase = everyDatabase || only.has('web') || only.has('lighthouse');
    for (const [index, kind] of perDatabase ? kinds.entries() : []) {
      const database = kind === 'postgres' ? await createPostgresDatabase() : undefined;
      try {
        if (database) console.log(`PostgreSQL database ${database.name}`);
        const server = await startAppServer(APP_PORT + index, webDist, database?.url);
        try {
          const account = await createVerifiedAccount(server);
          if (index === 0) {
            if (only.has('web')) await benchWebWeight(server, account);
            if (only.has('lighthouse')) await benchLighthouse(server, account);
            if (only.has('api')) await benchApiLoad(server, BARE_PORT);
          }
          if (only.has('api')) await benchSignedInLoad(server, account, kind);
          if (only.has('home'))
            await benchHomeAnswers(server, await createVerifiedAccount(server), kind);
        } finally {
          await server.stop();
        }
      } finally {
        await database?.drop();
      }
    }
    if (only.has('scale')) await benchScaleOut(webDist);
  } finally {
    rmSync(webDist, { recursive: true, force: true });
  }
}

if (['import', 'search', 'recommender', 'transfer'].some((part) => only.has(part))) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pigo-bench-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    if (only.has('import')) await benchImport(database.db);
    if (only.has('search')) await benchSearch(database.db, database);
    if (only.has('recommender')) await benchRecommender(database, dataDir);
    if (only.has('transfer')) await benchTransfer(database, dataDir);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
if (['web', 'lighthouse', 'api', 'home', 'scale'].some((part) => only.has(part))) {
  await benchServer();
}
if (only.has('footprint')) await benchFootprint(databases as DatabaseKind[]);
if (only.has('size')) await benchCatalogueSize(dataDir);
if (only.has('playback')) await benchPlayback();
if (only.has('together')) await benchTogether();

printTable();
const out = path.join(here, 'results.json');
writeFileSync(
  out,
  JSON.stringify({ date: new Date().toISOString(), machine: machine(), figures }, null, 2),
);
console.log(`\nWrote ${out}`);
