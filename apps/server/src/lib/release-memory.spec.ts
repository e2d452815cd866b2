/**
 * The memory releaser (LEAN-4 in docs/requirements.md) in a Node process of its own, with a C heap
 * left full of holes the way a server's is after work: freed memory goes back to the system once
 * the process has been quiet for the set time, and not before.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./release-memory.ts', import.meta.url));

/** Frees 63 of every 64 of 128,000 buffers of 1 kB (malloc'd), then waits for the releaser. */
const SCRIPT = `
const { startMemoryReleaser } = await import(process.argv[1]);
const quietMs = Number(process.argv[2]);
const rss = () => process.memoryUsage().rss / 1048576;
const kept = [];
let freed = [];
for (let i = 0; i < 128000; i++) {
  const buffer = Buffer.allocUnsafeSlow(1024).fill(1);
  (i % 64 === 0 ? kept : freed).push(buffer);
}
freed = null;
// Let V8 free the buffers' memory (its sweeper runs after the collection) before reading.
globalThis.gc();
await new Promise((resolve) => setTimeout(resolve, 300));
globalThis.gc();
// Started only now, so that its first release (quietMs after start) cannot come before.
const releaser = startMemoryReleaser({ quietMs });
const before = rss();
releaser.touch();
const touchedAt = performance.now();
const early = [];
while (performance.now() - touchedAt < quietMs + 3000) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (performance.now() - touchedAt < quietMs - 50) early.push(rss());
  else if (rss() < before - 80) break;
}
releaser.stop();
console.log(JSON.stringify({ available: releaser.available, before, early: Math.min(...early),
  after: rss(), waitedMs: performance.now() - touchedAt, kept: kept.length }));
`;

interface Outcome {
  available: boolean;
  before: number;
  early: number;
  after: number;
  waitedMs: number;
}

async function run(quietMs: number): Promise<Outcome> {
  const args = ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', SCRIPT];
  const { stdout } = await promisify(execFile)(process.execPath, [
    ...args,
    MODULE,
    String(quietMs),
  ]);
  return JSON.parse(stdout) as Outcome;
}

it.runIf(process.platform === 'linux')(
  'gives freed memory back to the system once quiet, and not before (glibc)',
  async () => {
    const outcome = await run(800);
    expect(outcome.available).toBe(true);
    // About 125 MB were freed inside the heap: none of it goes back while the process is busy.
    expect(outcome.early).toBeGreaterThan(outcome.before - 40);
    expect(outcome.after).toBeLessThan(outcome.before - 80);
    expect(outcome.waitedMs).toBeGreaterThanOrEqual(800);
  },
  30_000,
);
