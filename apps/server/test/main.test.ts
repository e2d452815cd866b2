/**
 * The server process as an operator runs it: starts on PORT with DATA_DIR (or DATABASE_URL),
 * loads the starter catalogue into an empty database, answers, and exits 0 on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { openTestDatabase, testDbKind } from './helpers/database.ts';
import { serverArgs } from './helpers/server-programs.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

it('starts, serves the catalogue, and shuts down gracefully on SIGTERM', async () => {
  // On PostgreSQL the process gets its own fresh database; on PGlite it opens DATA_DIR.
  const pgDatabase = testDbKind === 'postgres' ? await openTestDatabase() : undefined;
  const port = 3400 + Math.floor(Math.random() * 500);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pigo-main-'));
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...(pgDatabase?.url ? { DATABASE_URL: pgDatabase.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes('PigoStream is ready') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(output).toContain('starter catalogue loaded');
    const res = await fetch(`http://127.0.0.1:${port}/pigo-stream/index/trending/tv`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: unknown[] };
    expect(body.results.length).toBe(20);
    // Logs are structured JSON lines.
    expect(() => JSON.parse(stdout.split('\n')[0] ?? '') as unknown).not.toThrow();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await pgDatabase?.close();
  }
});
