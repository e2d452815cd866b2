/**
 * The `pigo backup` and `pigo restore` commands (OPS-5, OPS-6 in docs/requirements.md), and the
 * reading of one user's data that `pigo export-user` (modules/transfer, which writes it in the
 * chosen format) builds on.
 *
 * On the embedded database each takes the DATA_DIR lock first (cli-database.ts). When a
 * running server holds it, `backup` and the export ask that server through its control
 * socket (control-server.ts); `restore` refuses with one line saying to stop the server.
 * With DATABASE_URL they connect directly.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { MultiBar, Presets } from 'cli-progress';
import { Command } from 'commander';
import { loadConfig, type Config } from '../../config.ts';
import { DataDirInUseError, readLockHolder } from '../../data-dir-lock.ts';
import { checkBackup } from './backup.format.ts';
import { checkRestorable, restoreBackup, type RestoreProgress } from './backup.restore.ts';
import { writeBackup, writeFileAtomically } from './backup.writer.ts';
import {
  hasEmbeddedDatabase,
  isEmbedded,
  openCommandDatabase,
  restoreBlockedLine,
  UsageError,
} from './cli-database.ts';
import { backupThroughServer, exportThroughServer } from './control-client.ts';
import { exportUser, UnknownUserError, type UserExport } from './user-export.ts';

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The configuration, or a UsageError naming what is wrong with it. */
export function config(): Config {
  try {
    return loadConfig();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The control socket of the server holding DATA_DIR, when `error` says one holds it. */
function controlSocketOf(error: unknown, dataDir: string): string | undefined {
  if (!(error instanceof DataDirInUseError)) return undefined;
  return readLockHolder(dataDir)?.controlSocket;
}

/** Refuses to read an embedded database that does not exist yet. */
export function requireDatabase(cfg: Config, doing: string): void {
  if (isEmbedded(cfg) && !hasEmbeddedDatabase(cfg.dataDir)) {
    throw new UsageError(`DATA_DIR ${cfg.dataDir} holds no database yet: nothing to ${doing}.`);
  }
}

/** An absolute path for a new file whose directory exists. */
export function outputFile(file: string): string {
  const resolved = path.resolve(file);
  const dir = path.dirname(resolved);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UsageError(`cannot write ${resolved}: the directory ${dir} does not exist.`);
  }
  if (existsSync(resolved) && statSync(resolved).isDirectory()) {
    throw new UsageError(`cannot write ${resolved}: it is a directory.`);
  }
  return resolved;
}

/**
 * `pigo backup FILE`: a consistent snapshot of the whole database as a PigoStream backup
 * (gzip JSON lines, backup.format.ts), written atomically (mode 0600) and read back before it
 * replaces FILE. Prints one summary line.
 */
export function backupCommand(): Command {
  return new Command('backup')
    .description(
      'write a consistent backup of the whole database to FILE (works while the server runs)',
    )
    .argument('<file>', 'backup file to write, e.g. pigostream-2026-01-31.pigo.gz')
    .action(async (file: string) => {
      const target = outputFile(file);
      const cfg = config();
      requireDatabase(cfg, 'back up');
      const started = performance.now();
      let via = '';
      const check = (temporary: string) => checkBackup(temporary);
      try {
        const db = await openCommandDatabase(cfg, 'backup');
        try {
          await writeFileAtomically(target, (out) => writeBackup(db.handle, out), check);
        } finally {
          await db.close();
        }
      } catch (error) {
        const socket = controlSocketOf(error, cfg.dataDir);
        if (!socket) throw error;
        via = ' (from the running server)';
        await writeFileAtomically(target, (out) => backupThroughServer(socket, out), check);
      }
      const { header, rows, bytes } = await checkBackup(target);
      const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
      console.log(
        `backup: ${String(header.tables.length)} tables, ${String(total)} rows, ${mb(bytes)} ` +
          `in ${seconds(performance.now() - started)}${via} -> ${target}`,
      );
    });
}

/**
 * Progress of a restore: a bar on a TTY stdout (MB checked, then rows restored), otherwise a
 * plain line per phase and per tenth of the rows. Notes go above the bar, or to stderr.
 */
function restoreReporter() {
  const tty = process.stdout.isTTY;
  let bars: MultiBar | undefined;
  let bar: ReturnType<MultiBar['create']> | undefined;
  let phase: RestoreProgress['phase'] | undefined;
  let tenth = -1;
  const stop = () => {
    bars?.stop();
    bars = undefined;
    bar = undefined;
  };
  const update = (p: RestoreProgress) => {
    const changed = p.phase !== phase;
    phase = p.phase;
    const unit = p.phase === 'check' ? 'MB' : 'rows';
    const value = (n: number) => (p.phase === 'check' ? (n / 1e6).toFixed(1) : String(n));
    const label = p.phase === 'check' ? 'checking' : 'restoring';
    if (tty) {
      if (changed) {
        stop();
        bars = new MultiBar(
          {
            stream: process.stdout,
            format: '{label} [{bar}] {percentage}% | {done}/{all} {unit} {table}',
            hideCursor: true,
            clearOnComplete: true,
          },
          Presets.shades_classic,
        );
        bar = bars.create(Math.max(p.total, 1), 0);
      }
      bar?.update(p.done, {
        label,
        unit,
        done: value(p.done),
        all: value(p.total),
        table: p.table ?? '',
      });
      return;
    }
    if (changed) {
      tenth = -1;
      console.log(`restore: ${label} (${value(p.total)} ${unit})`);
    }
    if (p.phase === 'restore' && p.total > 0) {
      const now = Math.floor((p.done / p.total) * 10);
      if (now > tenth && p.done > 0) {
        tenth = now;
        console.log(
          `restore: ${String(now * 10)}% (${String(p.done)}/${String(p.total)} rows, ${p.table ?? ''})`,
        );
      }
    }
  };
  const log = (message: string) => {
    if (bars) bars.log(`restore: ${message}\n`);
    else console.error(`restore: ${message}`);
  };
  return { update, log, stop };
}

/**
 * `pigo restore FILE [--force]`: checks FILE whole, then replaces the database's contents with
 * it in one transaction (refused for a database with accounts or user data unless --force).
 * Refused while a server holds DATA_DIR. Prints one summary line.
 */
export function restoreCommand(): Command {
  return new Command('restore')
    .description('replace the database with the contents of a backup FILE (stop the server first)')
    .argument('<file>', 'backup file written by pigo backup')
    .option('--force', 'replace a database that already has accounts or user data')
    .action(async (file: string, options: { force?: boolean }) => {
      const source = path.resolve(file);
      const cfg = config();
      const report = restoreReporter();
      try {
        const checked = await checkRestorable(source, (done, total) => {
          report.update({ phase: 'check', done, total });
        });
        let db;
        try {
          db = await openCommandDatabase(cfg, 'restore');
        } catch (error) {
          if (error instanceof DataDirInUseError) throw new UsageError(restoreBlockedLine(error));
          throw error;
        }
        try {
          const summary = await restoreBackup(db.handle, source, {
            checked,
            force: options.force === true,
            target: db.target,
            onProgress: report.update,
            log: report.log,
          });
          report.stop();
          console.log(
            `restore: ${String(summary.totalRows)} rows in ${String(Object.keys(summary.rows).length)} ` +
              `tables from the ${summary.header.databaseKind} backup of ${summary.header.createdAt} ` +
              `into ${db.target} in ${seconds(summary.ms)}`,
          );
        } finally {
          await db.close();
        }
      } finally {
        report.stop();
      }
    });
}

/**
 * One user's account, My List, Watch History, searches and watch progress (user-export.ts), read
 * from the configured database, or through the control socket of the running server that holds
 * DATA_DIR (`export-user` works while the server runs).
 * @returns the export, or undefined when no account has `email` (trimmed, any case).
 * @throws what opening the database throws when no running server can be asked instead
 *   (UsageError, DataDirInUseError), the database's errors, and the control socket's
 *   (ControlSocketError).
 */
export async function readUserExport(cfg: Config, email: string): Promise<UserExport | undefined> {
  let result: UserExport | undefined;
  try {
    const db = await openCommandDatabase(cfg, 'export-user');
    try {
      result = await exportUser(db.handle, email);
    } catch (error) {
      if (!(error instanceof UnknownUserError)) throw error;
    } finally {
      await db.close();
    }
  } catch (error) {
    const socket = controlSocketOf(error, cfg.dataDir);
    if (!socket) throw error;
    result = await exportThroughServer(socket, email);
  }
  return result;
}
