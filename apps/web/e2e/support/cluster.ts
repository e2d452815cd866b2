/**
 * Two app servers sharing one PostgreSQL database and one Redis, as several servers behind a
 * load balancer run (TOGETHER-8, SCALE-1 in docs/requirements.md; DEC-33 in docs/decisions.md),
 * for browser tests of what users on different servers see together.
 *
 * A run gets a database of its own on the machine's PostgreSQL (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, a superuser's; when nothing answers there within
 * 2 s, a cluster of the run's own made with the machine's PostgreSQL programs,
 * tools/throwaway-postgres.ts, as the server tests' PostgreSQL tier does) and a Redis database
 * number of its own on the machine's Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379): one
 * of 1 to 15 that was empty, claimed with a key, so other users of Redis (database 0) and other
 * runs are not mixed with it. The servers run the compiled build as playwright.config.ts's do
 * ({@link startAppServer}) on free ports, with one AUTH_SECRET and one MEDIA_DIR, and send their
 * mail to the run's SMTP sink. {@link Cluster.stop} stops both, drops the database, empties the
 * Redis database and removes the folders.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../../../../tools/server-process.ts';
import { startThrowawayPostgres } from '../../../../tools/throwaway-postgres.ts';
import { newAccount, signUpByApi, verifyByMail } from './accounts.ts';
import { startAppServer, type StartedServer } from './app-server.ts';
import { newClientAddress } from './client-address.ts';
import { rescanUntilListed } from './media-rescan.ts';
import type { TestTitle } from './play-page.ts';

/** The machine's PostgreSQL, as a superuser (the server tests' default too). */
const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The machine's Redis, without a database number. */
const REDIS_URL = (process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379').replace(/\/\d*$/, '');

/** The key that marks a Redis database as a run's: its value is the run's id. */
const CLAIM_KEY = 'pigo:e2e:cluster-run';

/** How long a claim outlives a run that never released it, in s. */
const CLAIM_TTL_S = 3600;

/** The two servers of a run. */
export interface Cluster {
  /** Server A's origin, as the browser reaches it: `http://localhost:<port>`. */
  a: string;
  /** Server B's origin. */
  b: string;
  /** The MEDIA_DIR both servers scan. */
  mediaDir: string;
  /** Stops both servers (by their process groups) and removes everything the run made. */
  stop(): Promise<void>;
}

/** Runs `sql` as the superuser of the PostgreSQL server at `adminUrl`. */
async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The admin URL of the PostgreSQL server the run uses: the machine's when it answers, else a
 * cluster of the run's own (stopped and deleted by `cleanups`). A server that answers but refuses
 * (a wrong password) is an error, as in the server tests.
 */
async function postgresServer(cleanups: (() => Promise<void>)[]): Promise<string> {
  try {
    await adminQuery(POSTGRES_ADMIN_URL, 'select 1');
    return POSTGRES_ADMIN_URL;
  } catch (error) {
    if (error instanceof pg.DatabaseError) throw error;
  }
  const own = await startThrowawayPostgres();
  cleanups.push(() => own.destroy());
  return own.url;
}

/** A new, empty database on the server at `adminUrl`: its URL, and how to drop it. */
async function createDatabase(
  adminUrl: string,
  runId: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pigo_e2e_cluster_${runId}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Claims a Redis database number that is empty (1 to 15, tried in a random order) with
 * {@link CLAIM_KEY}: its URL, and how to empty it at the end (only while the claim is still this
 * run's).
 * @throws Error when every one of them is in use.
 */
async function claimRedisDatabase(
  runId: string,
): Promise<{ url: string; release(): Promise<void> }> {
  const numbers = Array.from({ length: 15 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
  for (const db of numbers) {
    const url = `${REDIS_URL}/${String(db)}`;
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      if ((await redis.dbsize()) !== 0) continue;
      if ((await redis.set(CLAIM_KEY, runId, 'EX', CLAIM_TTL_S, 'NX')) !== 'OK') continue;
    } finally {
      redis.disconnect();
    }
    return {
      url,
      async release() {
        const client = new Redis(url, { maxRetriesPerRequest: 1 });
        try {
          if ((await client.get(CLAIM_KEY)) === runId) await client.flushdb();
        } finally {
          client.disconnect();
        }
      },
    };
  }
  throw new Error(`no empty Redis database (1 to 15) at ${REDIS_URL}`);
}

/**
 * Starts server A, then server B (A loads the starter catalogue into the empty database before it
 * answers, so B finds it loaded), on free ports with the run's database, Redis, AUTH_SECRET and
 * MEDIA_DIR; waits until both answer their health check. Whatever started is stopped again when
 * a step fails.
 */
export async function startCluster(): Promise<Cluster> {
  const runId = `${String(process.pid)}_${String(Date.now())}`;
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse())
      await cleanup().catch((e: unknown) => errors.push(e));
    if (errors.length) throw new AggregateError(errors, 'cleaning up the cluster failed');
  };
  try {
    const root = await mkdtemp(path.join(tmpdir(), 'pigo-e2e-cluster-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const mediaDir = path.join(root, 'media');
    await mkdir(mediaDir);
    const database = await createDatabase(await postgresServer(cleanups), runId);
    cleanups.push(() => database.drop());
    const redis = await claimRedisDatabase(runId);
    cleanups.push(() => redis.release());
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      MEDIA_DIR: mediaDir,
    };
    const origins: string[] = [];
    for (const name of ['a', 'b']) {
      const port = String(await freePort());
      const server: StartedServer = await startAppServer({
        ...shared,
        PORT: port,
        DATA_DIR: path.join(root, `data-${name}`),
      });
      cleanups.push(() => server.stop());
      origins.push(`http://localhost:${port}`);
    }
    const [a = '', b = ''] = origins;
    return { a, b, mediaDir, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/** A verified account's signed-in browser context on one server, and its page. */
export interface ClusterUser {
  context: BrowserContext;
  page: Page;
  /** The context's request API, at the user's server, with the session. */
  request: APIRequestContext;
  /** The server's origin. */
  origin: string;
  /** The account's name (its profile's, as the member list shows it). */
  name: string;
}

/**
 * Signs a new account up on the server at `origin` and verifies it through the mailed link (the
 * run's SMTP sink), as a client at its own address, then opens a browser context at that origin
 * signed in as it. Close `context` at the end of the test.
 */
export async function clusterUser(browser: Browser, origin: string): Promise<ClusterUser> {
  const account = newAccount('together');
  const api = await playwrightRequest.newContext({
    baseURL: origin,
    extraHTTPHeaders: newClientAddress(),
  });
  let storageState: Awaited<ReturnType<APIRequestContext['storageState']>>;
  try {
    await signUpByApi(api, account, origin);
    await verifyByMail(api, account.email);
    storageState = await api.storageState();
  } finally {
    await api.dispose();
  }
  const context = await browser.newContext({ baseURL: origin, storageState });
  const me = await context.request.get('/pigo-stream/auth/me');
  expect(me.ok()).toBe(true);
  return {
    context,
    page: await context.newPage(),
    request: context.request,
    origin,
    name: account.userName,
  };
}

/**
 * Puts `video` into the cluster's MEDIA_DIR as `fileName` (named the Jellyfin way, with the TMDB
 * id of movie `title`) and rescans on each user's server until the title lists the 'Local
 * library' server there (media-rescan.ts).
 */
export async function addToClusterLibrary(
  cluster: Cluster,
  users: ClusterUser[],
  title: TestTitle,
  fileName: string,
  video: Buffer,
): Promise<void> {
  await writeFile(path.join(cluster.mediaDir, fileName), video);
  for (const user of users) {
    await rescanUntilListed(user.request, title, { origin: user.origin });
  }
}
