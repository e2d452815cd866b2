/**
 * A PostgreSQL server of a test's own, which the test may stop and start again (ROB-4 of
 * docs/robustness.md: a database lost under load). It is a new cluster in a temporary folder,
 * made with the machine's PostgreSQL programs (`initdb`, `pg_ctl`: PG_BIN_DIR, else the newest
 * /usr/lib/postgresql/<version>/bin, else `pg_config --bindir`) on a free port, trust
 * authentication on 127.0.0.1 only, locale C.UTF-8, durability off (a test's data need not
 * survive a crash). initdb refuses to run as root, so as root the cluster belongs to the
 * `postgres` user (`runuser`), as the machine's own cluster does. The PostgreSQL tier also runs
 * on one when no server answers at its address (postgres-global-setup.ts).
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

/** A running (or stopped) throwaway cluster. */
export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  port: number;
  /** Stops the server (`pg_ctl stop -m fast`: open connections are ended); resolves when down. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Stops it if running and deletes its folder. */
  destroy(): Promise<void>;
  /**
   * {@link destroy} that blocks, stopping the server with `pg_ctl stop -m immediate`: for a
   * process's 'exit' handler (an interrupted run), where nothing asynchronous runs.
   */
  destroySync(): void;
}

/**
 * The folder of the machine's PostgreSQL server programs (one holding `initdb`): PG_BIN_DIR,
 * else the newest /usr/lib/postgresql/<version>/bin, else `pg_config --bindir`; undefined when
 * none of them has `initdb`.
 */
export function postgresProgramsDir(): string | undefined {
  const hasInitdb = (dir: string) => existsSync(path.join(dir, 'initdb'));
  if (process.env.PG_BIN_DIR) {
    return hasInitdb(process.env.PG_BIN_DIR) ? process.env.PG_BIN_DIR : undefined;
  }
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => hasInitdb(path.join(root, v, 'bin')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  try {
    const dir = execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return hasInitdb(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** {@link postgresProgramsDir}, or an error saying none was found. */
function binDir(): string {
  const dir = postgresProgramsDir();
  if (!dir) {
    throw new Error(
      'no PostgreSQL server programs (initdb) found: set PG_BIN_DIR or install them (Debian: postgresql)',
    );
  }
  return dir;
}

/** The uid and gid of the `postgres` user. */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

/** Creates and starts a throwaway cluster (see the module comment). */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'pigo-pg-'));
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  /** The command line running one of the PostgreSQL programs, as `postgres` when root. */
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
  const pg = (program: string, args: string[]) => run(...command(program, args));
  // C.UTF-8, as Debian's own cluster: the same sorting and case rules whatever the caller's locale.
  await pg('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]).catch((err: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  const options = [
    `-p ${String(port)}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  let running = false;
  const start = async () => {
    await pg('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
    running = true;
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running = false;
  };
  try {
    await start();
  } catch (err) {
    // A server that came up after pg_ctl gave up waiting goes too, then its folder.
    await pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      if (running) await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
    destroySync() {
      if (running) {
        try {
          execFileSync(...command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), {
            stdio: 'ignore',
          });
        } catch {
          // Already down.
        }
        running = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
