/**
 * Global setup of both server vitest projects: compiles the server once per run, before any test
 * file, with `apps/server/build.ts` (LEAN-1 in docs/requirements.md), into a folder of the run's
 * own beside `src/` (the bundles find the package root as their parent folder), and removes it
 * when the run ends. The tests of whole processes (the server's start and stop, DATA_DIR's lock,
 * the `pigo` CLI, backups, several servers) run these bundles as `npm start` and `npm run serve`
 * run `dist/`, without a TypeScript loader in each child: a child started through tsx cost about
 * 1.5 s more CPU, some 50 children a run (ARCH-36, docs/benchmarks.md).
 *
 * Test files find the folder with `inject('serverBuild')` (helpers/server-programs.ts).
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the run's compiled server: `main.js` and `cli.js` with their maps. */
    serverBuild: string;
  }
}

/** Builds the server into `apps/server/.test-dist-<pid>`; returns the teardown removing it. */
export default async function setup(project: TestProject): Promise<() => void> {
  const out = fileURLToPath(new URL(`../../.test-dist-${String(process.pid)}`, import.meta.url));
  await buildServer(out);
  project.provide('serverBuild', out);
  return () => {
    rmSync(out, { recursive: true, force: true });
  };
}
