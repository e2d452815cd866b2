/**
 * The compiled server and CLI of the test run (built-server-setup.ts), as node arguments for the
 * tests that start whole processes: `node --enable-source-maps <build>/main.js` is what
 * `npm run serve` runs, and `<build>/cli.js` the `pigo` command line; stack traces map to the .ts
 * sources.
 */
import path from 'node:path';
import { inject } from 'vitest';

/** The run's build folder. @throws when the project has no built-server-setup.ts. */
export function serverBuild(): string {
  const dir = inject('serverBuild');
  if (!dir)
    throw new Error('no server build: run through vitest.config.ts (built-server-setup.ts)');
  return dir;
}

/** Node arguments starting the server: `--enable-source-maps <build>/main.js`. */
export function serverArgs(): string[] {
  return ['--enable-source-maps', path.join(serverBuild(), 'main.js')];
}

/** Node arguments running `pigo <args>`: `--enable-source-maps <build>/cli.js <args>`. */
export function cliArgs(args: string[] = []): string[] {
  return ['--enable-source-maps', path.join(serverBuild(), 'cli.js'), ...args];
}
