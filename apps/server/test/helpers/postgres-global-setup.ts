/**
 * Global setup of the `server-postgres` vitest project: chooses, once per run and before any
 * test file, the PostgreSQL server the tier runs on.
 *
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is tried with a 2 s
 * connect timeout. When it answers, the tier runs on it. When nothing answers there (refused,
 * timed out, no such host), the tier starts a cluster of its own with the machine's PostgreSQL
 * programs (tools/throwaway-postgres.ts: a temporary folder, a free port on 127.0.0.1, trust
 * authentication), runs on it, and stops and deletes it when the run ends, interrupted or not.
 * Without those programs, or when the server answers but refuses (a wrong password, no such
 * database), the run stops before any test with one line saying what to do.
 *
 * Test files read the URL chosen with `inject('testPostgresUrl')` (helpers/database.ts).
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import {
  postgresProgramsDir,
  startThrowawayPostgres,
} from '../../../../tools/throwaway-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server of the `server-postgres` tier (a superuser's). */
    testPostgresUrl: string;
  }
}

/** The tier's PostgreSQL admin URL unless a server of its own replaces it. */
export const DEFAULT_TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Longest wait for the configured server to answer, in ms. */
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * Ends the run with `line` on stderr and exit code 1. Not thrown: vitest would print a global
 * setup's error between "No test files found" and its include and exclude lists. Nothing of
 * the run has started yet, so there is nothing to stop.
 */
function stopRun(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** `host:port` of a PostgreSQL URL, for messages. */
function address(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}`;
}

/**
 * Whether a server answers at `url`: 'ok', 'unreachable' (with the network error's code or
 * message), or 'refused' (the server's own message).
 */
async function probe(
  url: string,
): Promise<{ kind: 'ok' } | { kind: 'unreachable' | 'refused'; reason: string }> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An error after connect (the server going away) must not be thrown unhandled.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return { kind: 'ok' };
  } catch (err) {
    if (err instanceof pg.DatabaseError) return { kind: 'refused', reason: err.message };
    const { code, message } = err as NodeJS.ErrnoException;
    return { kind: 'unreachable', reason: code ?? message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Provides `testPostgresUrl` to the tier's test files; returns the teardown that stops and
 * deletes the tier's own cluster, if one was started. Ends the run with one line (see the
 * module comment) when there is no server to run on.
 */
export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  const configured = process.env.TEST_DATABASE_URL || DEFAULT_TEST_POSTGRES_URL;
  const answer = await probe(configured);
  if (answer.kind === 'ok') {
    project.provide('testPostgresUrl', configured);
    return undefined;
  }
  if (answer.kind === 'refused') {
    stopRun(
      `PostgreSQL tier: the server at ${address(configured)} refused TEST_DATABASE_URL (${answer.reason}): correct TEST_DATABASE_URL (a superuser's URL).`,
    );
  }
  const programs = postgresProgramsDir();
  if (!programs) {
    stopRun(
      `PostgreSQL tier: no PostgreSQL server at ${address(configured)} (${answer.reason}) and no PostgreSQL programs to start one: start a server there, set TEST_DATABASE_URL to a superuser's URL of one, or install the server programs (Debian: apt-get install postgresql; elsewhere set PG_BIN_DIR to the folder of initdb).`,
    );
  }
  const own = await startThrowawayPostgres().catch((err: unknown) => {
    // execFile's error: "Command failed: <command>" and the program's own last word on stderr.
    const { message, stderr } = err as Error & { stderr?: string };
    const first = [message.split('\n')[0], stderr?.trim().split('\n').at(-1)]
      .filter(Boolean)
      .join(': ');
    stopRun(
      `PostgreSQL tier: no PostgreSQL server at ${address(configured)} (${answer.reason}), and starting one with ${programs} failed: ${first}`,
    );
  });
  console.log(
    `PostgreSQL tier: no PostgreSQL server at ${address(configured)} (${answer.reason}); running on a cluster of its own at 127.0.0.1:${String(own.port)} (${programs}), removed at the end.`,
  );
  // An interrupted run (Ctrl-C) exits without the teardown below.
  const onExit = () => {
    own.destroySync();
  };
  process.once('exit', onExit);
  project.provide('testPostgresUrl', own.url);
  return async () => {
    process.off('exit', onExit);
    await own.destroy();
  };
}
