/**
 * Database client factory: PGlite under a data directory by default, a PostgreSQL server
 * when a connection URL is given. Both get the same schema, migrations and `pg_trgm`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/**
 * The drizzle database both drivers satisfy. PGlite's drizzle instance exposes the same query
 * builder; it is typed as node-postgres's so repositories need one type.
 */
export type Database = NodePgDatabase<Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Resolves true when the database answers `select 1`. Never throws. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Directory for the embedded database's files; `memory://` keeps it in memory. */
  dataDir: string;
  /** Max pooled connections for a PostgreSQL server. */
  poolSize?: number;
  /**
   * PostgreSQL only: longest a query waits for a pooled connection, opening it included, in ms
   * (default {@link CONNECT_TIMEOUT_MS}). Past it the query fails with pg-pool's `timeout
   * exceeded when trying to connect`, which the server answers 503 (ROB-4 of
   * docs/robustness.md), rather than waiting for as long as the network lets a connect hang.
   */
  connectTimeoutMs?: number;
  /** Receives errors of idle pooled connections (a server restart, a dropped database). */
  onIdleError?: (error: Error) => void;
  /**
   * Embedded database only: start from this copy of another one's files (PGlite's
   * `dumpDataDir`, see {@link dumpEmbedded}) instead of an empty one; migrations newer than the
   * copy are still applied. The test suites start each file's database from a migrated, seeded
   * copy this way (several times faster than migrating a new one: docs/benchmarks.md).
   */
  template?: Blob | File;
  /**
   * Embedded database only: PostgreSQL's shared buffers, in MB (default
   * {@link EMBEDDED_SHARED_BUFFERS_MB}). All of it is resident from the start.
   */
  sharedBuffersMb?: number;
}

/**
 * The embedded database's shared buffers by default, in MB. initdb writes 128 MB into
 * postgresql.conf, and PGlite's WASM memory holds all of it resident from the start, which alone
 * takes an idle server past LEAN-6's 300 MB (LEAN-2, LEAN-6 in docs/requirements.md; figures in
 * docs/benchmarks.md). The catalogue's working set fits; the operating system's page cache holds
 * the rest of the files.
 */
export const EMBEDDED_SHARED_BUFFERS_MB = 16;

/** Default of {@link DatabaseOptions.connectTimeoutMs}, in ms. */
export const CONNECT_TIMEOUT_MS = 10_000;

/** PGlite's start parameters: its own, with `sharedBuffersMb` and the one connection it serves. */
function pgliteStartParams(sharedBuffersMb: number): string[] {
  return [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${String(sharedBuffersMb)}MB`,
    '-c',
    'max_connections=5',
  ];
}

/**
 * packages/db/migrations, found through the package's entry point (packages/db/src/index.ts)
 * rather than this file's URL: the server bundles this file into apps/server/dist/main.js, where
 * `../migrations` would point elsewhere. Resolves the same from the sources and from the build.
 */
export const MIGRATIONS_FOLDER = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@pigostream/db')),
  '..',
  'migrations',
);

/** Search thresholds used by the `%` and `<%` operators (pg_trgm), set on every session. */
const TRGM_SETTINGS = { similarity_threshold: '0.3', word_similarity_threshold: '0.5' };
const sessionSettings = Object.entries(TRGM_SETTINGS)
  .map(([name, value]) => `SET pg_trgm.${name} = ${value};`)
  .join(' ');
const startupOptions = Object.entries(TRGM_SETTINGS)
  .map(([name, value]) => `-c pg_trgm.${name}=${value}`)
  .join(' ');

/**
 * Opens the database and applies committed migrations.
 * @throws when the server cannot be reached or a migration fails.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      options: startupOptions,
    });
    // Without a listener an idle connection's error (server restart) would crash the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: 'postgres',
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  const startParams = pgliteStartParams(options.sharedBuffersMb ?? EMBEDDED_SHARED_BUFFERS_MB);
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    startParams,
    ...(options.template ? { loadDataDir: options.template } : {}),
  });
  takeTurns(client);
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  await client.exec(sessionSettings);
  const db = pgliteDb as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/** Longest run of embedded-database statements before the event loop gets a turn, in ms. */
export const STATEMENT_SLICE_MS = 5;

/**
 * Longest wait of a statement of the slow lane ({@link inSlowLane}) while statements of the
 * ordinary lane keep coming, in ms: past it, it runs next, so slow work is delayed, never starved.
 */
export const SLOW_LANE_MAX_WAIT_MS = 500;

/** The lane of the work running in this async context: set by {@link inSlowLane}. */
const lanes = new AsyncLocalStorage<'slow'>();

/**
 * Runs `work` in the embedded database's slow lane (PERF-8 in docs/requirements.md): its
 * statements wait while statements of ordinary work (a title's media-info, a list, a save) are
 * queued, so one slow kind of request (a search over a large catalogue, a background refresh)
 * no longer holds every other request behind it for seconds. A slow statement still runs within
 * {@link SLOW_LANE_MAX_WAIT_MS} ms of its turn. On PostgreSQL (a pool of connections) it only
 * runs `work`. @returns what `work` returns; @throws what it throws.
 */
export function inSlowLane<T>(work: () => Promise<T>): Promise<T> {
  return lanes.run('slow', work);
}

/** A queued statement: how to start it, and when it began waiting (performance.now(), ms). */
interface Waiting {
  start: () => void;
  since: number;
}

/**
 * Gives the event loop a turn between runs of PGlite statements (outside transactions) of at
 * most {@link STATEMENT_SLICE_MS} ms. PGlite runs each statement synchronously in this thread and
 * the next queued one starts in the same microtask run, so under load a queue of 100 requests'
 * statements held the loop for hundreds of ms at a time; Node accepts one new connection per
 * turn of the loop, so a visitor's new connection waited seconds (PERF-7: save-my-list at 100
 * connections timed out). Statements run one at a time: ordinary ones first come first served,
 * then those of the slow lane ({@link inSlowLane}; PERF-8), unless one of those has waited
 * {@link SLOW_LANE_MAX_WAIT_MS} ms. An idle database runs a statement at once, with no added wait.
 */
function takeTurns(client: PGlite): void {
  const query = client.query.bind(client);
  const ordinary: Waiting[] = [];
  const slow: Waiting[] = [];
  let busy = false;
  let sliceEndsAt = 0;
  let turnAsked = false;

  const startNext = (): void => {
    const oldestSlow = slow[0];
    const next =
      oldestSlow !== undefined &&
      (ordinary.length === 0 || performance.now() - oldestSlow.since >= SLOW_LANE_MAX_WAIT_MS)
        ? slow.shift()
        : ordinary.shift();
    if (next === undefined) {
      busy = false;
      return;
    }
    next.start();
  };
  const newSlice = (): void => {
    turnAsked = false;
    sliceEndsAt = performance.now() + STATEMENT_SLICE_MS;
    startNext();
  };
  const release = (): void => {
    if (ordinary.length === 0 && slow.length === 0) busy = false;
    else if (performance.now() < sliceEndsAt) startNext();
    else if (!turnAsked) {
      turnAsked = true;
      setImmediate(newSlice);
    }
  };
  const acquire = (): Promise<void> | undefined => {
    if (!busy) {
      busy = true;
      if (performance.now() >= sliceEndsAt) sliceEndsAt = performance.now() + STATEMENT_SLICE_MS;
      return undefined;
    }
    const queue = lanes.getStore() === 'slow' ? slow : ordinary;
    return new Promise((resolve) => queue.push({ start: resolve, since: performance.now() }));
  };

  client.query = (async (...args: Parameters<typeof query>) => {
    await acquire();
    try {
      return await query(...args);
    } finally {
      release();
    }
  }) as typeof client.query;
}

/**
 * A copy of an open embedded database's files (uncompressed tar), for
 * {@link DatabaseOptions.template}. @throws Error for a PostgreSQL handle.
 */
export async function dumpEmbedded(handle: DatabaseHandle): Promise<Blob | File> {
  if (handle.kind !== 'pglite') throw new Error('only the embedded database can be dumped');
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Runs a raw query and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/** `{1,2,3}`: a Postgres array literal of whole numbers, for `::int[]` parameters. */
export function intArray(values: Iterable<number>): string {
  return `{${[...values].map((v) => String(Math.trunc(v))).join(',')}}`;
}
