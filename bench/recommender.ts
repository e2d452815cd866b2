/**
 * Recommender benchmark on MovieLens (`ratings/ml-latest-small` under the data directory: read
 * here, never copied into the repository). Every rating is a watch event of a movie (links.csv
 * maps MovieLens ids to TMDB ids). Prints, never asserts:
 *
 * - accuracy, leave-last-out: each user's latest rating (by timestamp) is held out and the rest
 *   loaded; hit rate@10 and NDCG@10 of the recommender against a most-watched baseline;
 * - latency: on a fresh service, the first `recommend` while its model loads in the background
 *   and the load itself; then, with every rating loaded, one `recommend` per user (the service
 *   call behind `GET /recommender/user_recommendations`, database reads included), p50/p95 in ms.
 *
 * Called by bench/run.ts on its database; `tsx bench/recommender.ts` runs it alone on a fresh
 * embedded database with the starter catalogue.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openDatabase, type Database, type DatabaseHandle } from '@pigostream/db';
import { createLocalSource, seedIfEmpty } from '../apps/server/src/modules/catalogue/index.ts';
import { RecommenderService } from '../apps/server/src/modules/recommender/index.ts';
import { insertUsers, insertWatchEvents, titleSample } from './bench.repository.ts';
import { percentile, record } from './report.ts';

/** Users with few events, and new users, whose latency is measured apart. */
const FEW_USERS = 100;

interface Rating {
  user: string;
  movie: number;
  time: number;
}

/** Ratings by user id (`ml-<userId>`), each user's oldest first, one per TMDB movie. */
function readRatings(dir: string): Map<string, Rating[]> {
  const lines = (file: string) => readFileSync(path.join(dir, file), 'utf8').split('\n').slice(1);
  const tmdb = new Map<string, number>();
  for (const line of lines('links.csv')) {
    const [movieId, , tmdbId] = line.trim().split(',');
    if (movieId && tmdbId) tmdb.set(movieId, Number(tmdbId));
  }
  const byUser = new Map<string, Rating[]>();
  for (const line of lines('ratings.csv')) {
    const [userId, movieId, , timestamp] = line.trim().split(',');
    const movie = tmdb.get(movieId ?? '');
    if (!userId || !movie) continue;
    const user = `ml-${userId}`;
    const list = byUser.get(user) ?? [];
    list.push({ user, movie, time: Number(timestamp) });
    byUser.set(user, list);
  }
  for (const [user, list] of byUser) {
    const seen = new Set<number>();
    // Stable sort: ratings with one timestamp keep the file's order.
    const ordered = list
      .sort((a, b) => a.time - b.time)
      .filter((r) => !seen.has(r.movie) && seen.add(r.movie));
    byUser.set(user, ordered);
  }
  return byUser;
}

/** Adds the users (verified) and their ratings as watch events at the ratings' times. */
async function load(db: Database, byUser: Map<string, Rating[]>, ratings: Rating[]) {
  await insertUsers(db, [...byUser.keys()]);
  for (let at = 0; at < ratings.length; at += 10_000) {
    await insertWatchEvents(db, ratings.slice(at, at + 10_000), at);
  }
}

/** Hit rate@10 and NDCG@10 of `rank` (0-based position of the held-out title, -1 if absent). */
function score(ranks: number[]) {
  const hits = ranks.filter((r) => r >= 0 && r < 10);
  return {
    hitRate: hits.length / ranks.length,
    ndcg: hits.reduce((sum, r) => sum + 1 / Math.log2(r + 2), 0) / ranks.length,
  };
}

/** Runs the benchmark on `database` (its catalogue feeds the catalogue-similarity fallback). */
export async function benchRecommender(database: DatabaseHandle, dataDir: string): Promise<void> {
  const db = database.db;
  const byUser = readRatings(path.join(dataDir, 'ratings/ml-latest-small'));
  const train = [...byUser.values()].flatMap((list) => list.slice(0, -1));
  const held = new Map([...byUser].map(([user, list]) => [user, list.at(-1)?.movie ?? 0]));
  console.log(
    `Recommender (MovieLens: ${byUser.size} users, ${train.length + held.size} ratings of movies with a TMDB id)`,
  );
  await load(db, byUser, train);

  // Baseline: the most watched movies of the training ratings the user has not watched.
  const counts = new Map<number, number>();
  for (const r of train) counts.set(r.movie, (counts.get(r.movie) ?? 0) + 1);
  const popular = [...counts].sort((a, b) => b[1] - a[1]).map(([movie]) => movie);

  const catalogue = createLocalSource(db);
  const service = new RecommenderService(db, catalogue, { refreshMs: 0 });
  await service.whenLoaded();
  const ranks: number[] = [];
  const baseline: number[] = [];
  for (const [user, list] of byUser) {
    const target = held.get(user);
    const recs = await service.recommend(user);
    ranks.push(recs.slice(0, 10).findIndex((r) => r.type === 'movie' && r.id === target));
    const watched = new Set(list.slice(0, -1).map((r) => r.movie));
    baseline.push(
      popular
        .filter((m) => !watched.has(m))
        .slice(0, 10)
        .indexOf(target ?? 0),
    );
  }
  await service.close();
  const ours = score(ranks);
  const base = score(baseline);
  record({
    name: 'recommender hit rate@10 (leave-last-out)',
    value: ours.hitRate.toFixed(4),
    unit: '',
  });
  record({ name: 'popularity baseline hit rate@10', value: base.hitRate.toFixed(4), unit: '' });
  record({
    name: 'recommender / baseline hit rate',
    value: (ours.hitRate / base.hitRate).toFixed(2),
    unit: 'x',
    target: '>= 1.5x',
  });
  record({ name: 'recommender NDCG@10', value: ours.ndcg.toFixed(4), unit: '' });
  record({ name: 'popularity baseline NDCG@10', value: base.ndcg.toFixed(4), unit: '' });

  // A fresh service, as after a restart: its first answer comes while the model loads in the
  // background; then latency with every rating loaded.
  await load(
    db,
    byUser,
    [...byUser.values()].flatMap((list) => list.slice(-1)),
  );
  const fresh = new RecommenderService(db, catalogue, { refreshMs: 0 });
  const loadStarted = performance.now();
  fresh.warm();
  await fresh.recommend('ml-1');
  record({
    name: 'recommender first answer, model loading',
    value: (performance.now() - loadStarted).toFixed(0),
    unit: 'ms',
  });
  await fresh.whenLoaded();
  record({
    name: 'recommender model load (all events)',
    value: (performance.now() - loadStarted).toFixed(0),
    unit: 'ms',
  });
  const times = await timed([...byUser.keys()], (user) => fresh.recommend(user));
  record({ name: 'recommender latency p50', value: percentile(times, 50).toFixed(1), unit: 'ms' });
  record({
    name: 'recommender latency p95',
    value: percentile(times, 95).toFixed(1),
    unit: 'ms',
    target: '< 30 ms',
  });
  record({ name: 'recommender latency max', value: (times.at(-1) ?? 0).toFixed(1), unit: 'ms' });

  // Users with few events (co-watch, then catalogue similarity) and new users (popularity).
  const sample = await titleSample(db, 2 * FEW_USERS);
  const few = Array.from({ length: FEW_USERS }, (_, i) => `bench-few-${i}`);
  await load(db, new Map(few.map((u) => [u, []])), []);
  for (const [i, user] of few.entries()) {
    for (const title of sample.slice(2 * i, 2 * i + 2))
      await fresh.insert(user, title.type, title.id);
  }
  const fewTimes = await timed(few, (user) => fresh.recommend(user));
  record({
    name: 'latency p95, users with 2 events',
    value: percentile(fewTimes, 95).toFixed(1),
    unit: 'ms',
  });
  const newTimes = await timed(
    Array.from({ length: FEW_USERS }, (_, i) => `bench-new-${i}`),
    (user) => fresh.recommend(user),
  );
  record({
    name: 'latency p95, new users',
    value: percentile(newTimes, 95).toFixed(1),
    unit: 'ms',
  });
  await fresh.close();
}

/** Sorted durations in ms of `run` for each user, one after another. */
async function timed(users: string[], run: (user: string) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const user of users) {
    const started = performance.now();
    await run(user);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(here, '../../shared/data'));
  const dir = mkdtempSync(path.join(tmpdir(), 'pigo-bench-rec-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await seedIfEmpty(database.db);
    await benchRecommender(database, dataDir);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
