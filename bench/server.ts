/**
 * The bench's own servers: the real server as a child process (`tsx apps/server/src/main.ts`,
 * started and stopped by tools/server-process.ts) on a loopback port with a fresh data directory
 * and a freshly built web app, on the embedded database or on a fresh database of a PostgreSQL
 * server (bench.repository.ts's `createPostgresDatabase`). Accounts on it are made by
 * tools/server-process.ts's `createVerifiedAccount`. Ports come from 3500-3599.
 */
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, startChild, waitForOk, type RunningServer } from '../tools/server-process.ts';

/** The databases the server can run on: the embedded one (PGlite) or a PostgreSQL server. */
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/**
 * Starts the real server on `port` with a fresh data directory, on the embedded database there
 * or, with `databaseUrl`, on that (empty) PostgreSQL database (the starter catalogue is loaded
 * at first start), serving the web app built in `webDist`; no SMTP, so mail goes to
 * DATA_DIR/outbox. With `options.dataDir` the server runs on that existing data directory instead
 * (e.g. an embedded database built beforehand), which stopping it leaves in place. With
 * `options.built` it runs the built server as `npm run serve` does (apps/server/dist, with the
 * node flags users run it with; {@link buildServer} first), so its memory is the product's, not
 * tsx's (which compiles the sources in the process and holds about 120 MB more).
 * @throws Error when it is not ready within 180 s.
 */
export async function startAppServer(
  port: number,
  webDist: string,
  databaseUrl?: string,
  env: Record<string, string> = {},
  options: { dataDir?: string; built?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'pigo-bench-server-'));
  const [command, args] = options.built
    ? ['npm', ['run', 'serve']]
    : ['npx', ['tsx', 'apps/server/src/main.ts']];
  const child = startChild(command, args, {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // A fresh install: no link templates (the play page then has no server to embed, and
    // loads nothing from another host), the e2e release manifest for /pigostore.
    RELEASES_FILE: path.join(repoRoot, 'apps/web/e2e/support/config/releases.e2e.json'),
    SMTP_URL: '',
    ...env,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await child.stop();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${baseUrl}/pigo-stream/health`, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}

/** Builds the server into apps/server/dist (`npm run build -w @pigostream/server`). @throws Error when it fails. */
export async function buildServer(): Promise<void> {
  const build = startChild('npm', ['run', 'build', '-w', '@pigostream/server'], {});
  const code = await new Promise<number | null>((resolve) => {
    build.process.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`server build failed (exit ${String(code)})`);
}

/** Runs `vite` with `args` in apps/web. @throws Error when it fails. */
async function vite(args: string[]): Promise<void> {
  const build = startChild('npx', ['vite', ...args], {}, path.join(repoRoot, 'apps/web'));
  const code = await new Promise<number | null>((resolve) => {
    build.process.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`web build failed (exit ${String(code)}): vite ${args.join(' ')}`);
}

/**
 * Builds the web app into a temporary folder, as apps/web's `npm run build` does (the app, and
 * the server's render of the first screen in `.server/`); returns it.
 * @throws Error when the build fails.
 */
export async function buildWeb(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'pigo-bench-web-'));
  await vite(['build', '--outDir', outDir, '--emptyOutDir']);
  await vite(['build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(outDir, '.server')]);
  return outDir;
}

/** The pid of the process listening on loopback `port` (from /proc/net/tcp and each fd). */
export function listeningPid(port: number): number | undefined {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(hex) && cols[3] === '0A' && cols[9]) inodes.add(`socket:[${cols[9]}]`);
    }
  }
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      for (const fd of readdirSync(`/proc/${name}/fd`)) {
        if (inodes.has(readlinkSync(`/proc/${name}/fd/${fd}`))) return Number(name);
      }
    } catch {
      // Another user's process, or gone meanwhile.
    }
  }
  return undefined;
}
