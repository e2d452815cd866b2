/**
 * One owner for the embedded database, and start-up failures an operator can act on (OPS-1, OPS-2
 * in docs/requirements.md), with real server processes: a second server on a held DATA_DIR exits 1
 * with one line naming the directory, the holder's pid and what to do, while the first keeps
 * serving; after kill -9 of the holder the next start recovers the lock and the data; a read-only,
 * an uncreatable, a file-blocked and a too-small DATA_DIR each give their one line and exit 1, with
 * a stack trace only under LOG_LEVEL=debug.
 *
 * Only the server-pglite project runs this file (vitest.config.ts): it is about the embedded
 * database, which PostgreSQL deployments do not use.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  mountTmpfs,
  spawnServer,
  startServer,
  type ServerProcess,
} from './helpers/server-process.ts';

const cleanups: (() => void)[] = [];
const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  for (const cleanup of cleanups.reverse()) cleanup();
});

function scratchDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `pigo-${name}-`));
  cleanups.push(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** Starts a server that must fail; resolves with its exit code and stderr lines. */
async function failedStart(env: Record<string, string>) {
  const server = await spawnServer(env);
  const code = await Promise.race([
    server.exited,
    new Promise<'still running'>((resolve) =>
      setTimeout(() => {
        resolve('still running');
      }, 60_000),
    ),
  ]);
  if (code === 'still running') await server.stop();
  const lines = server
    .stderr()
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
  return { code, lines, stderr: server.stderr() };
}

async function json(base: string, route: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/pigo-stream${route}`);
  return { status: res.status, body: await res.json() };
}

describe('the DATA_DIR lock', () => {
  it('refuses a second server with one line naming the directory, the holder pid and what to do; the first keeps serving', async () => {
    const dataDir = scratchDir('lock');
    const first = await startServer({ DATA_DIR: dataDir });
    running.push(first);
    const holder = JSON.parse(readFileSync(path.join(dataDir, 'pigostream.pid'), 'utf8')) as {
      pid: number;
    };
    expect(holder.pid).toBe(first.child.pid);

    const started = Date.now();
    const second = await failedStart({ DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    // "At once": no waiting for the lock to go stale.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(second.lines).toEqual([
      `pigostream: DATA_DIR ${dataDir} is in use by PigoStream server (pid ${String(holder.pid)}). ` +
        'Stop that process first, or set DATABASE_URL to run several servers on one PostgreSQL database.',
    ]);

    const trending = await json(first.base, '/index/trending/movie');
    expect(trending.status).toBe(200);
    expect((trending.body as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect((await json(first.base, '/health/ready')).status).toBe(200);
    expect(await first.stop()).toBe(0);
    // A clean stop leaves no lock behind.
    expect(() => readFileSync(path.join(dataDir, 'pigostream.pid'))).toThrow();
  });

  it('recovers the lock of a holder killed with SIGKILL at the next start, with its data', async () => {
    const dataDir = scratchDir('stale');
    const first = await startServer({ DATA_DIR: dataDir });
    running.push(first);
    const before = await json(first.base, '/index/trending/tv');
    expect(before.status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;
    // The crashed holder left its lock and pid file behind.
    expect(readFileSync(path.join(dataDir, 'pigostream.pid'), 'utf8')).toContain(
      String(first.child.pid),
    );

    const started = Date.now();
    const again = await startServer({ DATA_DIR: dataDir });
    running.push(again);
    expect(Date.now() - started).toBeLessThan(60_000);
    const after = await json(again.base, '/index/trending/tv');
    expect(after.body).toEqual(before.body);
    expect(again.output()).not.toContain('starter catalogue loaded');
    expect(await again.stop()).toBe(0);
  });
});

describe('start-up checks of DATA_DIR', () => {
  it('a read-only DATA_DIR: one line, exit 1', async () => {
    const dir = path.join(scratchDir('ro'), 'data');
    cleanups.push(mountTmpfs(dir, { sizeMb: 8, readOnly: true }));
    const result = await failedStart({ DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.lines).toEqual([
      `pigostream: DATA_DIR ${dir} cannot be written to: ${dir} is on a read-only file system. ` +
        'Set DATA_DIR to a writable directory.',
    ]);
  });

  it('a missing DATA_DIR that cannot be created: one line, exit 1', async () => {
    const mount = path.join(scratchDir('missing'), 'ro');
    cleanups.push(mountTmpfs(mount, { sizeMb: 8, readOnly: true }));
    const dir = path.join(mount, 'pigo', 'data');
    const result = await failedStart({ DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.lines).toEqual([
      `pigostream: DATA_DIR ${dir} cannot be created: ${mount} is on a read-only file system. ` +
        'Set DATA_DIR to a writable directory.',
    ]);
  });

  it('a DATA_DIR under a file: one line, exit 1, and the stack only with LOG_LEVEL=debug', async () => {
    const file = path.join(scratchDir('file'), 'not-a-dir');
    writeFileSync(file, 'a file');
    const dir = path.join(file, 'data');
    const expected = `pigostream: DATA_DIR ${dir} cannot be used: ${file} is a file, not a directory. Set DATA_DIR to a directory.`;
    const result = await failedStart({ DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.lines).toEqual([expected]);

    const debug = await failedStart({ DATA_DIR: dir, LOG_LEVEL: 'debug' });
    expect(debug.code).toBe(1);
    expect(debug.lines[0]).toBe(expected);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });

  it('a failure while the first start creates the database in its own process: one line, exit 1', async () => {
    const dir = scratchDir('blocked');
    writeFileSync(path.join(dir, 'pglite'), 'a file where the database goes');
    const result = await failedStart({ DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.lines).toEqual([
      `pigostream: could not start: EEXIST: file already exists, mkdir '${dir}/pglite' ` +
        '(set LOG_LEVEL=debug for the stack trace)',
    ]);
  });

  it('too little free space for a new embedded database: one line, exit 1', async () => {
    const dir = path.join(scratchDir('small'), 'data');
    cleanups.push(mountTmpfs(dir, { sizeMb: 30 }));
    const result = await failedStart({ DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(
      new RegExp(
        `^pigostream: DATA_DIR ${dir} has (29|30) MB free; the new embedded database needs at least 100 MB\\. Free some space or set DATA_DIR to a larger disk\\.$`,
      ),
    );
  });
});
