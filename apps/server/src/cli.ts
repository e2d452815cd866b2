/**
 * `pigo`, the operator's command line (`npm run pigo -- <command>`). Each command is built by its
 * own factory and added in `buildProgram`: `import` loads the public dumps into the catalogue of
 * the configured database (DATA_DIR / DATABASE_URL); `backup`, `restore` and `export-user` keep the
 * data (OPS-5, OPS-6 in docs/requirements.md, modules/backup; `export-user` and `import-user` are
 * modules/transfer's).
 *
 * On the embedded database every command takes the DATA_DIR lock before opening it, so it
 * never writes a database a running server holds. Errors print one line `pigo: ...` and exit 1
 * (the stack trace follows only with LOG_LEVEL=debug).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { MultiBar, Presets } from 'cli-progress';
import { Command } from 'commander';
import type { Database } from '@pigostream/db';
import { loadConfig } from './config.ts';
import { announce } from './lib/cluster-bus.ts';
import { JobBusyError, withJobLock } from './lib/job-lock.repository.ts';
import { StartupError } from './data-dir.ts';
import {
  formatSummary,
  importAll,
  IMPORTERS,
  isImporterKind,
  writeStarterCatalogue,
  type ImportOptions,
  type ImportSummary,
} from './modules/catalogue/index.ts';
import { exportUserCommand, ImportFileError, importUserCommand } from './modules/transfer/index.ts';
import {
  BackupFileError,
  backupCommand,
  ControlSocketError,
  openCommandDatabase,
  restoreCommand,
  RestoreRefusedError,
  UnknownUserError,
  UsageError,
} from './modules/backup/index.ts';

/**
 * Runs `work` on the configured database; on the embedded one under the DATA_DIR lock, so an
 * import into a directory a running server holds stops at once with the lock's message; on
 * PostgreSQL one import runs at a time (an advisory lock; a second stops at once). With
 * REDIS_URL, running servers are then told the catalogue changed, so their kept catalogue
 * answers go at once (SCALE-2, SCALE-4).
 */
async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const run = async () => {
    const opened = await openCommandDatabase(config, 'import');
    try {
      return await work(opened.handle.db);
    } finally {
      await opened.close();
      if (config.redisUrl) await announceCatalogueChange(config.redisUrl);
    }
  };
  // On PostgreSQL several processes could import at once: one at a time (SCALE-4).
  if (!config.databaseUrl) return run();
  try {
    return await withJobLock(config.databaseUrl, 'pigo import', run);
  } catch (error) {
    if (error instanceof JobBusyError) throw new UsageError(error.message);
    throw error;
  }
}

/** Tells every server sharing `redisUrl` that the catalogue changed; a failure is only noted. */
async function announceCatalogueChange(redisUrl: string): Promise<void> {
  await announce(redisUrl, { kind: 'catalogue' }).catch(() => {
    console.error('pigo: Redis did not answer; servers drop their kept answers within 2 s');
  });
}

/**
 * Progress bar per import on a TTY stdout (bytes read); skip messages go above the bar, or to
 * stderr when stdout is not a terminal; one summary line per import on stdout.
 */
function reporter() {
  let bars: MultiBar | undefined;
  let bar: ReturnType<MultiBar['create']> | undefined;
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const stop = () => {
    bars?.stop();
    bars = undefined;
    bar = undefined;
  };
  const options = (name: string): ImportOptions => ({
    onProgress: (bytes, total) => {
      if (!process.stdout.isTTY) return;
      bars ??= new MultiBar(
        {
          stream: process.stdout,
          format: '{name} [{bar}] {percentage}% | {mb}/{totalMb} MB | {duration_formatted}',
          hideCursor: true,
          clearOnComplete: true,
        },
        Presets.shades_classic,
      );
      bar ??= bars.create(total, 0, { name, mb: mb(0), totalMb: mb(total) });
      bar.update(bytes, { name, mb: mb(bytes), totalMb: mb(total) });
    },
    log: (message) => {
      if (bars) bars.log(`${name}: ${message}\n`);
      else console.error(`${name}: ${message}`);
    },
  });
  const done = (summary: ImportSummary) => {
    stop();
    console.log(formatSummary(summary));
  };
  return { options, done, stop };
}

function requireFile(file: string): string {
  const resolved = path.resolve(file);
  if (!existsSync(resolved) || !statSync(resolved).isFile()) {
    throw new UsageError(`file not found: ${resolved}`);
  }
  return resolved;
}

function importCommand(): Command {
  const command = new Command('import').description(
    'load public catalogue dumps into the database (merge-upsert: re-running adds nothing)',
  );
  command
    .command('all')
    .description('import every standard dump under a data directory (movies, TV, anime)')
    .argument('[dir]', 'data directory', '../shared/data')
    .action(async (dir: string) => {
      const root = path.resolve(dir);
      if (!existsSync(root)) throw new UsageError(`data directory not found: ${root}`);
      const report = reporter();
      const started = performance.now();
      let name = '';
      try {
        const summaries = await withDatabase((db) =>
          importAll(db, root, {
            onStart: (kind) => (name = kind),
            onProgress: (bytes, total) => report.options(name).onProgress?.(bytes, total),
            log: (message) => report.options(name).log?.(message),
            onDone: report.done,
          }),
        );
        report.stop();
        const skipped = summaries.reduce((n, s) => n + s.skipped, 0);
        const seconds = (performance.now() - started) / 1000;
        console.log(`all: ${summaries.length} files, ${skipped} skipped; ${seconds.toFixed(1)} s`);
      } finally {
        report.stop();
      }
    });
  command
    .command('starter')
    .description(
      'load the starter catalogue (a new server loads it by itself only when its catalogue is empty)',
    )
    .action(async () => {
      const counts = await withDatabase((db) => writeStarterCatalogue(db));
      console.log(
        `starter: titles +${String(counts.titles)}, episodes +${String(counts.episodes)}, anime +${String(counts.anime)}`,
      );
    });
  for (const kind of Object.keys(IMPORTERS)) {
    command
      .command(kind)
      .description(`import one ${kind} dump file`)
      .argument('<file>', 'path of the dump file')
      .action(async (file: string) => {
        if (!isImporterKind(kind)) throw new UsageError(`unknown importer: ${kind}`);
        const filePath = requireFile(file);
        const report = reporter();
        try {
          const summary = await withDatabase((db) =>
            IMPORTERS[kind](db, filePath, report.options(kind)),
          );
          report.done(summary);
        } finally {
          report.stop();
        }
      });
  }
  return command;
}

/** The `pigo` program with every command; add a command by adding its factory here. */
function buildProgram(): Command {
  return new Command('pigo')
    .description('PigoStream command line')
    .showHelpAfterError()
    .addCommand(importCommand())
    .addCommand(backupCommand())
    .addCommand(restoreCommand())
    .addCommand(exportUserCommand())
    .addCommand(importUserCommand());
}

/** Errors whose message is a whole line for the operator. */
const OPERATOR_ERRORS = [
  UsageError,
  StartupError,
  BackupFileError,
  RestoreRefusedError,
  UnknownUserError,
  ControlSocketError,
  ImportFileError,
];

/** Whether LOG_LEVEL asks for stack traces (a bad configuration counts as no). */
function debugging(): boolean {
  try {
    return ['debug', 'trace'].includes(loadConfig().logLevel);
  } catch {
    return false;
  }
}

try {
  await buildProgram().parseAsync(process.argv);
} catch (error) {
  const message = (error instanceof Error ? error.message : String(error))
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  const known = OPERATOR_ERRORS.some((kind) => error instanceof kind);
  console.error(`pigo: ${known ? message : `error: ${message}`}`);
  if (debugging() && error instanceof Error && error.stack) console.error(error.stack);
  process.exitCode = 1;
}
