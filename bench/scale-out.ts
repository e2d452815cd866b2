/**
 * Scale-out (SCALE-7 in docs/requirements.md): 1, 2 and 4 server processes on one PostgreSQL
 * database and one Redis, behind Debian's nginx running deploy/nginx/pigostream.conf
 * (docs/deploy.md), on this machine. For each count: signed-out trending and a signed-in
 * fetch-my-list through the proxy under load (bench/api-load.ts: 100 connections), and the Redis
 * commands one request of each costs.
 *
 * This machine has 2 cores, shared by nginx, the servers, PostgreSQL, Redis and the load
 * generator: more servers cannot add throughput here, so the figures show the overhead of
 * running several (the ratio to one server), not a gain. Prints, never asserts.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { startNginx } from '../tools/nginx.ts';
import { measureLoad } from './api-load.ts';
import { record } from './report.ts';
import {
  createVerifiedAccount,
  type RunningServer,
  type VerifiedAccount,
} from '../tools/server-process.ts';
import { createPostgresDatabase } from './bench.repository.ts';
import { startAppServer } from './server.ts';

/** Server counts measured. */
const COUNTS = [1, 2, 4];
/** Loopback ports: the servers (3511-3514) and nginx. */
const FIRST_SERVER_PORT = 3511;
const PROXY_PORT = 3520;
/** Sequential requests over which Redis commands per request are counted. */
const COUNTED_REQUESTS = 200;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Commands Redis has processed since it started. */
async function commandsProcessed(redis: Redis): Promise<number> {
  const stats = await redis.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(stats)?.[1] ?? 'NaN');
}

/** Redis commands per request of `url`, over {@link COUNTED_REQUESTS} requests one at a time. */
async function redisPerRequest(
  redis: Redis,
  url: string,
  headers: Record<string, string>,
): Promise<number> {
  const before = await commandsProcessed(redis);
  for (let i = 0; i < COUNTED_REQUESTS; i++) {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
  }
  // The INFO call itself counts once.
  return ((await commandsProcessed(redis)) - before - 1) / COUNTED_REQUESTS;
}

/** Saves a few titles to the account's My List, so its fetch answers something. */
async function fillMyList(proxy: string, account: VerifiedAccount): Promise<void> {
  for (const id of [603, 550, 13, 680, 155]) {
    await fetch(`${proxy}/pigo-stream/my-list/save-my-list`, {
      method: 'POST',
      headers: { cookie: account.cookie, origin: proxy, 'content-type': 'application/json' },
      body: JSON.stringify({ userUID: account.uid, id, type: 'movie' }),
    });
  }
}

/** Runs the scale-out figures; `webDist` is the built web app the servers serve. */
export async function benchScaleOut(webDist: string): Promise<void> {
  console.log(
    `Scale-out: 1, 2 and 4 servers on PostgreSQL and Redis (${REDIS_URL}) behind nginx on this machine (2 cores: overhead, not gain)`,
  );
  const database = await createPostgresDatabase();
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const proxy = `http://127.0.0.1:${String(PROXY_PORT)}`;
  const env = {
    REDIS_URL,
    PUBLIC_URL: proxy,
    TRUST_PROXY: 'true',
    AUTH_SECRET: randomBytes(24).toString('base64'),
  };
  const base: Record<string, number> = {};
  let account: VerifiedAccount | undefined;
  try {
    for (const count of COUNTS) {
      const servers: RunningServer[] = [];
      const ports: number[] = [];
      try {
        // One after the other: the first applies the migrations and loads the catalogue.
        for (let i = 0; i < count; i++) {
          const port = FIRST_SERVER_PORT + i;
          servers.push(await startAppServer(port, webDist, database.url, env));
          ports.push(port);
        }
        const nginx = await startNginx(PROXY_PORT, ports);
        try {
          if (!account) {
            const first = servers[0] as RunningServer;
            account = await createVerifiedAccount({ ...first, baseUrl: proxy });
            await fillMyList(proxy, account);
          }
          const calls: { name: string; path: string; headers: Record<string, string> }[] = [
            {
              name: 'trending (signed out)',
              path: '/pigo-stream/index/trending/movie',
              headers: {},
            },
            {
              name: 'fetch-my-list (signed in)',
              path: `/pigo-stream/my-list/${account.uid}/fetch-my-list`,
              headers: { cookie: account.cookie },
            },
          ];
          for (const call of calls) {
            const url = `${proxy}${call.path}`;
            const result = await measureLoad({ url, headers: call.headers });
            const perRequest = await redisPerRequest(redis, url, call.headers);
            const label = `scale-out ${String(count)} server${count === 1 ? '' : 's'}: ${call.name}`;
            base[call.name] ??= result.requestsPerSec;
            record({
              name: `${label}: requests`,
              value: Math.round(result.requestsPerSec),
              unit: 'req/s',
            });
            record({
              name: `${label}: vs 1 server`,
              value: (result.requestsPerSec / (base[call.name] ?? 1)).toFixed(2),
              unit: 'x',
            });
            record({ name: `${label}: p99`, value: result.p99, unit: 'ms' });
            record({
              name: `${label}: Redis commands`,
              value: perRequest.toFixed(2),
              unit: 'per request',
            });
            if (result.non2xx + result.errors + result.timeouts > 0) {
              console.log(
                `    ${label}: ${String(result.non2xx)} non-2xx, ${String(result.errors)} errors, ${String(result.timeouts)} timeouts`,
              );
            }
          }
        } finally {
          await nginx.stop();
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
  } finally {
    redis.disconnect();
    await database.drop();
  }
}
