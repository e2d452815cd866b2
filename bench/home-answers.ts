/**
 * Home's signed-in answers (PROG-5 in docs/requirements.md): the calls Home makes for a signed-in
 * user besides the catalogue rows (My List, Continue Watching, Up Next, New Episodes), for an
 * account with 20 shows in My List, each with its first episode watched, and 5 movies started.
 * Measured two ways against signed-out `trending/tv` in the same run:
 *
 * - one at a time, uncached: rounds of one request per call, 2.1 s apart (past the 2 s answer
 *   caches), median and p90 of {@link ROUNDS} rounds;
 * - under load: each call at 100 connections paired with trending (bench/api-load.ts), against
 *   QUAL-3, QUAL-7's targets (p99 under 50 ms, at least half the reference's throughput).
 *
 * Prints, never asserts.
 */
import { measureSignedInPair, type LoadRequest } from './api-load.ts';
import { percentile, record } from './report.ts';
import type { RunningServer, VerifiedAccount } from '../tools/server-process.ts';
import type { DatabaseKind } from './server.ts';

const ROUNDS = Number(process.env.BENCH_HOME_ROUNDS ?? '12');
const SHOWS = 20;
const MOVIES = 5;

/** POSTs `body` to `call` as `account`, as the browser would. @throws Error when refused. */
async function post(server: RunningServer, account: VerifiedAccount, call: string, body: unknown) {
  const res = await fetch(`${server.baseUrl}/pigo-stream/${call}`, {
    method: 'POST',
    headers: { cookie: account.cookie, origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${call} answered ${String(res.status)}: ${await res.text()}`);
}

/** Ids of the catalogue's most popular titles of `type`, at least `count`. */
async function popularIds(server: RunningServer, type: 'movie' | 'tv', count: number) {
  const ids: number[] = [];
  for (let page = 1; ids.length < count; page++) {
    const res = await fetch(
      `${server.baseUrl}/pigo-stream/index/popular/${type}?page=${String(page)}`,
    );
    const { results } = (await res.json()) as { results: { id: number }[] };
    if (results.length === 0)
      throw new Error(`the catalogue has fewer than ${String(count)} ${type}s`);
    ids.push(...results.map((r) => r.id));
  }
  return ids.slice(0, count);
}

/** Fills `account` with {@link SHOWS} shows (My List, S1 E1 watched) and {@link MOVIES} movies started. */
async function seed(server: RunningServer, account: VerifiedAccount) {
  const userUID = account.uid;
  for (const id of await popularIds(server, 'tv', SHOWS)) {
    await post(server, account, 'my-list/save-my-list', { userUID, id, type: 'tv' });
    await post(server, account, 'progress/save-progress', {
      ...{ userUID, id, type: 'tv', season: 1, episode: 1 },
      ...{ position: 1500, duration: 1500 },
    });
  }
  for (const id of await popularIds(server, 'movie', MOVIES)) {
    await post(server, account, 'progress/save-progress', {
      ...{ userUID, id, type: 'movie' },
      ...{ position: 1200, duration: 6000 },
    });
  }
}

/** Items in an answer: an array's length, a page's results, or My List's movies and shows. */
function itemCount(body: unknown): number {
  if (Array.isArray(body)) return body.length;
  const { results, moviesList, showsList } = body as Record<string, unknown[] | undefined>;
  return (results?.length ?? 0) + (moviesList?.length ?? 0) + (showsList?.length ?? 0);
}

/** Runs Home's signed-in answers against `server` (on `database`) for a new `account`. */
export async function benchHomeAnswers(
  server: RunningServer,
  account: VerifiedAccount,
  database: DatabaseKind,
): Promise<void> {
  await seed(server, account);
  const api = `${server.baseUrl}/pigo-stream`;
  const user = (call: string): LoadRequest => ({
    url: `${api}/${call}`,
    headers: { cookie: account.cookie },
  });
  const reference: { name: string; request: LoadRequest } = {
    name: 'trending/tv',
    request: { url: `${api}/index/trending/tv` },
  };
  const calls = [
    { name: 'fetch-my-list', request: user(`my-list/${account.uid}/fetch-my-list`) },
    { name: 'continue-watching', request: user(`progress/${account.uid}/continue-watching`) },
    { name: 'up-next', request: user(`progress/${account.uid}/up-next`) },
    { name: 'new-episodes', request: user(`progress/${account.uid}/new-episodes`) },
  ];

  console.log(
    `Home's signed-in answers on ${database}, one at a time past the caches (${String(ROUNDS)} rounds 2.1 s apart; ${String(SHOWS)} shows, ${String(MOVIES)} movies started)`,
  );
  const times = new Map<string, number[]>();
  const items = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const { name, request } of [reference, ...calls]) {
      const started = performance.now();
      const res = await fetch(request.url, { headers: request.headers });
      const body: unknown = await res.json();
      const ms = performance.now() - started;
      if (!res.ok) throw new Error(`${name} answered ${String(res.status)}`);
      times.set(name, [...(times.get(name) ?? []), ms]);
      items.set(name, itemCount(body));
    }
    await new Promise((resolve) => setTimeout(resolve, 2100));
  }
  const median = (name: string) =>
    percentile(
      [...(times.get(name) ?? [])].sort((a, b) => a - b),
      50,
    );
  for (const { name } of [reference, ...calls]) {
    const sorted = [...(times.get(name) ?? [])].sort((a, b) => a - b);
    const label = `home ${database} ${name} (uncached)`;
    record({ name: `${label}: items`, value: items.get(name) ?? 0, unit: '' });
    record({ name: `${label}: median`, value: percentile(sorted, 50).toFixed(1), unit: 'ms' });
    record({ name: `${label}: p90`, value: percentile(sorted, 90).toFixed(1), unit: 'ms' });
    if (name !== reference.name) {
      record({
        name: `${label}: / trending/tv median`,
        value: (median(name) / median(reference.name)).toFixed(1),
        unit: 'x',
      });
    }
  }

  for (const call of calls.filter((c) => c.name !== 'fetch-my-list')) {
    await measureSignedInPair(`home ${database} ${call.name}`, call.request, reference.request, {
      p99: '< 50 ms',
      ratio: '>= 0.50',
    });
  }
}
