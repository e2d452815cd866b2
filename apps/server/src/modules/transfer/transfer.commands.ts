/**
 * `pigo import-user EMAIL FILE...` (IMP-6 of docs/imports.md): the Import & export page's import
 * from the command line, for a self-hoster moving a household's lists in. It reads and matches
 * each file as the page's preview does (the same decoding and layouts), prints what matched,
 * what is uncertain and what was not found (naming their lines), then writes the file's matched
 * titles in one transaction (`--dry-run`: writes nothing). Uncertain titles are never guessed: choose them on the page. On the embedded
 * database the server must be stopped first (the DATA_DIR lock says so).
 *
 * `pigo export-user EMAIL [FILE]` (OPS-1, OPS-7 in docs/requirements.md; formats: TRANSFER-1): one
 * user's data, read by the backup module (from the database, or through the running server),
 * written in one of the page's export formats (transfer.export.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Presets, SingleBar } from 'cli-progress';
import { Command, Option } from 'commander';
import {
  EXPORT_FORMATS,
  IMPORT_MAX_BYTES,
  type ExportFormat,
  type ImportPreviewItem,
} from '@pigostream/contracts';
import {
  config,
  importUserBlockedLine,
  openCommandDatabase,
  outputFile,
  readUserExport,
  requireDatabase,
  UnknownUserError,
  UsageError,
  writeFileAtomically,
} from '../backup/index.ts';
import { createTitleLookup } from '../catalogue/index.ts';
import { DataDirInUseError } from '../../data-dir-lock.ts';
import { decodeFile } from '../../lib/decode-file.ts';
import { writeExport } from './transfer.export.ts';
import { accountId } from './transfer.repository.ts';
import { TransferService } from './transfer.service.ts';

/** `title (year), lines 3, 9` for a listing. */
function describe(item: ImportPreviewItem): string {
  const year = item.year === null ? '' : ` (${String(item.year)})`;
  const lines = item.lines.slice(0, 5).join(', ') + (item.lines.length > 5 ? ', …' : '');
  return `${item.title || '(no title)'}${year}, line${item.lines.length > 1 ? 's' : ''} ${lines}`;
}

/** Prints up to 20 of `items` under `heading`. */
function list(heading: string, items: ImportPreviewItem[]): void {
  if (items.length === 0) return;
  console.log(`${heading} (${String(items.length)}):`);
  for (const item of items.slice(0, 20)) {
    const options = item.candidates
      .slice(0, 3)
      .map((c) => `${c.title} (${String(c.year ?? '?')})`)
      .join('; ');
    console.log(`  ${describe(item)}${options ? ` — maybe: ${options}` : ''}`);
  }
  if (items.length > 20) console.log(`  … and ${String(items.length - 20)} more`);
}

/** Each of `files` resolved, after checking it exists and is within the size limit. */
function checkedFiles(files: string[]): string[] {
  return files.map((file) => {
    const resolved = path.resolve(file);
    let size: number;
    try {
      size = statSync(resolved).size;
    } catch {
      throw new UsageError(`file not found: ${resolved}`);
    }
    if (size > IMPORT_MAX_BYTES)
      throw new UsageError(`${resolved}: the file is larger than 20 MB.`);
    return resolved;
  });
}

/**
 * The `import-user` command: one or more files (a Letterboxd export's watchlist.csv, diary.csv
 * and lists together, say), each read, reported and written in turn.
 */
export function importUserCommand(): Command {
  return new Command('import-user')
    .description(
      "import Letterboxd, IMDb, Trakt or PigoStream exports into one user's My List and Watch History",
    )
    .argument('<email>', "the account's e-mail address")
    .argument('<files...>', 'the export files (.csv or .json), in any text encoding')
    .option('--dry-run', 'match and report, write nothing')
    .action(async (email: string, files: string[], options: { dryRun?: boolean }) => {
      const resolved = checkedFiles(files);
      const cfg = config();
      requireDatabase(cfg, 'import into');
      const opened = await openCommandDatabase(cfg, 'import-user').catch((error: unknown) => {
        if (error instanceof DataDirInUseError) throw new UsageError(importUserBlockedLine(error));
        throw error;
      });
      const bar = process.stdout.isTTY
        ? new SingleBar(
            { format: 'import-user {bar} {step}', hideCursor: true },
            Presets.shades_classic,
          )
        : undefined;
      try {
        const userId = await accountId(opened.handle.db, email);
        if (!userId) throw new UnknownUserError(email.trim());
        const lookup = createTitleLookup(opened.handle.db);
        // The command line reads the catalogue tables alone (no TMDB): ids they lack are unknown.
        const service = new TransferService(opened.handle, lookup);
        for (const file of resolved) {
          bar?.start(3, 0, { step: 'reading and matching' });
          const name = path.basename(file);
          // The file's bytes decoded as the page decodes them (IMP-2): UTF-8, UTF-16 or
          // Windows-1252.
          const preview = await service.preview(name, decodeFile(readFileSync(file)).text);
          bar?.update(1, { step: options.dryRun ? 'done' : 'writing' });
          const matched = preview.items.filter((i) => i.status === 'matched' && i.match);
          const result = options.dryRun
            ? undefined
            : await service.apply(
                userId,
                matched.map((i) => ({
                  list: i.list,
                  id: i.match?.id ?? 0,
                  type: i.match?.type ?? 'movie',
                  watchedAt: i.watchedAt,
                  episodes: i.episodes,
                })),
              );
          bar?.update(3, { step: 'done' });
          bar?.stop();
          console.log(
            `import-user: ${name} (${preview.format}, ${String(preview.rows)} rows): ` +
              `${String(preview.counts.matched)} matched, ${String(preview.counts.uncertain)} uncertain, ` +
              `${String(preview.counts.notFound)} not found`,
          );
          list(
            'Uncertain, not imported (choose them on the Import & export page)',
            preview.items.filter((i) => i.status === 'uncertain'),
          );
          list(
            'Not found in the catalogue',
            preview.items.filter((i) => i.status === 'not-found'),
          );
          if (result) {
            console.log(
              `My List: ${String(result.myList.added)} added, ${String(result.myList.kept)} already there; ` +
                `Watch History: ${String(result.watchHistory.added)} added, ${String(result.watchHistory.updated)} moved to a later watch, ` +
                `${String(result.watchHistory.kept)} kept; episodes: ${String(result.episodes.added)} marked watched`,
            );
          } else {
            console.log('Dry run: nothing was written.');
          }
        }
      } finally {
        bar?.stop();
        await opened.close();
      }
    });
}

/**
 * `pigo export-user EMAIL [FILE]`: one user's account, My List, Watch History and search
 * history as JSON (backup/user-export.ts), or their lists in another service's format, to FILE
 * (mode 0600) or stdout. Works while the server runs.
 */
export function exportUserCommand(): Command {
  return new Command('export-user')
    .description(
      "write one user's account, My List, Watch History, searches and watch progress (or their lists in another service's format)",
    )
    .argument('<email>', "the account's e-mail address")
    .argument('[file]', 'file to write (default: stdout)')
    .addOption(
      new Option(
        '--format <format>',
        'pigostream (JSON), letterboxd, letterboxd-watchlist (CSV), trakt (JSON)',
      )
        .choices([...EXPORT_FORMATS])
        .default('pigostream'),
    )
    .action(async (email: string, file: string | undefined, options: { format: ExportFormat }) => {
      const target = file === undefined ? undefined : outputFile(file);
      const cfg = config();
      requireDatabase(cfg, 'export');
      const result = await readUserExport(cfg, email);
      if (!result) throw new UnknownUserError(email.trim());
      const text = writeExport(result, options.format, new Date().toISOString().slice(0, 10)).body;
      if (!target) {
        process.stdout.write(text);
        return;
      }
      await writeFileAtomically(target, async (out) => {
        await new Promise<void>((resolve, reject) => {
          out.on('error', reject);
          out.end(text, resolve);
        });
      });
      console.log(
        `export-user: ${result.account.email}: ${String(result.myList.length)} in My List, ` +
          `${String(result.watchHistory.length)} in Watch History, ` +
          `${String(result.searchHistory.length)} searches -> ${target}`,
      );
    });
}
