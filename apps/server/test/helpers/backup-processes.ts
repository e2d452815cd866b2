/**
 * Real processes for the backup tests (OPS-5 in docs/requirements.md): the `pigo` CLI run as an
 * operator runs it (the run's compiled `cli.js`, server-programs.ts), verified users made through a
 * running server's HTTP API (sign-up, then the mailed link), and the tables of a database read back
 * for comparison.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { DatabaseHandle } from '@pigostream/db';
import {
  EXCLUDED_TABLES,
  inTransaction,
  publicTables,
} from '../../src/modules/backup/backup.repository.ts';
import { follow, VERIFY_SUBJECT } from './identity-socket.ts';
import { SocketClient } from './raw-http.ts';
import { cliArgs } from './server-programs.ts';
import type { SmtpInbox } from './smtp-inbox.ts';
import { API, IDENTITY } from './spellings.ts';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** What a finished CLI run printed. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time from spawn to exit, ms. */
  ms: number;
}

/**
 * Runs `pigo <args>` to its end with `env` (PATH and HOME from the test's environment) and
 * stdin closed.
 */
export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return runNode(cliArgs(args), env);
}

/**
 * Runs `node <nodeArgs>` from the repository root to its end with `env` (PATH and HOME from the
 * test's environment) and stdin closed; its exit code, output and wall time in ms.
 */
export function runNode(nodeArgs: string[], env: Record<string, string>): Promise<CliRun> {
  const started = performance.now();
  const child = spawn(process.execPath, nodeArgs, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** A verified user signed in on a server process. */
export interface ProcessUser {
  uid: string;
  email: string;
  client: SocketClient;
}

/**
 * Signs `email` up on the server at `base` (whose PUBLIC_URL is `publicUrl` and whose mail
 * goes to `inbox`) and opens the mailed verification link, which signs the user in.
 */
export async function verifiedProcessUser(
  base: string,
  publicUrl: string,
  inbox: SmtpInbox,
  email: string,
  password = 'secret-pass',
): Promise<ProcessUser> {
  const client = new SocketClient(base, publicUrl);
  const signUp = await client.post(`${IDENTITY}/sign-up/email`, {
    name: 'Keeper',
    email,
    password,
    callbackURL: '/',
  });
  expect(signUp.status, signUp.body).toBe(200);
  const mail = await inbox.waitFor(
    (m) => m.to.includes(email) && m.subject === VERIFY_SUBJECT,
    30_000,
  );
  const visit = await follow(client, mail.links.find((l) => l.includes('/verify-email?')) ?? '');
  expect(visit.status, visit.body).toBe(302);
  const me = await client.get(`${API}/auth/me`);
  expect(me.status, me.body).toBe(200);
  return { uid: String(me.json().uid), email, client };
}

/**
 * Every row of every `public` table but `except` (by default the tables no backup holds), as
 * sorted `row_to_json` texts per table, timestamps in UTC: two databases with equal contents
 * give equal answers whatever their kind.
 */
export function tableContents(
  handle: DatabaseHandle,
  except: string[] = [...EXCLUDED_TABLES],
): Promise<Record<string, string[]>> {
  return inTransaction(handle, 'snapshot', async (session) => {
    await session.query(`set local time zone 'UTC'`);
    const contents: Record<string, string[]> = {};
    for (const table of await publicTables(session)) {
      if (except.includes(table.name)) continue;
      const rows = await session.query<{ row: string }>(
        `select row_to_json(t)::text as row from public."${table.name}" t`,
      );
      contents[table.name] = rows.map((r) => r.row).sort();
    }
    return contents;
  });
}
