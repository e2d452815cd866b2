/**
 * The compiled server (LEAN-1 in docs/requirements.md): `apps/server/build.ts` bundles main.ts and
 * cli.ts (the run's build: helpers/built-server-setup.ts), and the bundles find what the sources
 * find beside themselves (the migrations of packages/db, the starter catalogue), carry their
 * packages but those that read files of their own or load native code (build.ts), and map stack
 * traces to the .ts files. A fresh DATA_DIR is prepared by a child process that is gone once the
 * server is ready. Embedded database only: what is tested is file lookup, which does not depend
 * on the database.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode } from '@jridgewell/sourcemap-codec';
import { expect, it } from 'vitest';
import { runNode } from './helpers/backup-processes.ts';
import { cliArgs, serverArgs, serverBuild } from './helpers/server-programs.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The run's build, made by `buildServer` (helpers/built-server-setup.ts). */
const OUT = serverBuild();

/** The pids whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return (
          /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1] === String(pid)
        );
      } catch {
        return false; // Gone meanwhile.
      }
    })
    .map(Number);
}

it('bundles the workspace and its packages, leaving those that find files of their own as imports', () => {
  const main = readFileSync(path.join(OUT, 'main.js'), 'utf8');
  expect(main).toContain('// ../../packages/db/src/client.ts');
  expect(main).toContain('// ../../node_modules/fastify/fastify.js');
  for (const runtime of ['@electric-sql/pglite', '@fastify/swagger-ui', 'ioredis']) {
    expect(main).toContain(`from "${runtime}"`);
    expect(main).not.toContain(`// ../../node_modules/${runtime}/`);
  }
  // A bundled ES module has no __dirname: a package reading it would throw when it does.
  expect(main).not.toMatch(/\b__dirname\b/);
  expect(main).toMatch(/\/\/# sourceMappingURL=main\.js\.map\s*$/);
  // The map maps our sources only (Node keeps a parsed map in memory, and the packages'
  // mappings would add tens of MB: LEAN-6, docs/benchmarks.md).
  const map = JSON.parse(readFileSync(path.join(OUT, 'main.js.map'), 'utf8')) as {
    sources: string[];
    mappings: string;
  };
  const mapped: string[] = [];
  for (const segment of decode(map.mappings).flat()) {
    if (segment.length !== 1) mapped.push(map.sources[segment[1]] ?? '');
  }
  expect(mapped.filter((source) => source.startsWith('../src/')).length).toBeGreaterThan(10_000);
  expect(mapped.filter((source) => source.includes('node_modules/'))).toEqual([]);
});

it('starts from the build on a fresh DATA_DIR, then its CLI backs the database up', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pigo-built-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const deadline = Date.now() + 90_000;
    while (!output.includes('PigoStream is ready') && Date.now() < deadline) {
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // Migrations applied and the starter catalogue found from dist/, by a child process that
    // has exited: the server runs alone.
    expect(output).toContain('starter catalogue loaded');
    expect(childrenOf(child.pid ?? 0)).toEqual([]);
    const res = await fetch(`http://127.0.0.1:${port}/pigo-stream/index/trending/tv`);
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    // The backup header names the migrations the build reads from packages/db/migrations.
    const file = path.join(dataDir, 'built.pigo.gz');
    const backup = await runNode(cliArgs(['backup', file]), env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`-> ${file}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 150_000);

it('maps stack traces to the TypeScript sources', async () => {
  const run = await runNode(serverArgs(), { PORT: 'not-a-port', LOG_LEVEL: 'debug' });
  expect(run.code).toBe(1);
  expect(run.stderr).toContain('pigostream: Invalid configuration: PORT');
  expect(run.stderr).toMatch(/at loadConfig \(.*apps\/server\/src\/config\.ts:\d+:\d+\)/);
});
