/**
 * Shared import loop: streams a dump record by record (JSON lines or CSV) in constant memory,
 * validates each record with its zod schema, maps it, and writes batches through the
 * catalogue writer. A bad record is reported with its line number and skipped; a batch the
 * database rejects is retried record by record so only the offending records are skipped.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parse as parseCsv, type CsvError } from 'csv-parse';
import type { z } from 'zod';
import type { Database } from '@pigostream/db';
import { analyzeAnime, writeAnime, type AnimeRow, type RelationRow } from '../../anime/index.ts';
import { analyzeCatalogue } from '../catalogue.repository.ts';
import {
  checkDatabaseAnswers,
  writeTitles,
  type TitleRecord,
  type WriteCounts,
} from '../catalogue-writer.repository.ts';

/** An AniList entry with its relation edges. */
export interface AnimeItem {
  entry: AnimeRow;
  relations: RelationRow[];
}

/** Options every importer takes. */
export interface ImportOptions {
  /** Called as the file is read, with bytes read so far and the file's size in bytes. */
  onProgress?: (bytesRead: number, totalBytes: number) => void;
  /** Receives one message per skipped record (`line 12: skipped: <reason>`). */
  log?: (message: string) => void;
  /** Records per write transaction (default: the importer's own, about 500). */
  batchSize?: number;
}

/** What one import did. Counts of kinds a dump does not carry stay 0. */
export interface ImportSummary {
  importer: string;
  file: string;
  /** Records (non-blank lines, CSV rows) read. */
  read: number;
  /** Records skipped: unparsable, failing validation, or rejected by the database. */
  skipped: number;
  titles: WriteCounts;
  seasons: WriteCounts;
  episodes: WriteCounts;
  anime: WriteCounts;
  relationsAdded: number;
  /** Cast, crew and provider rows written (credits are replaced per title). */
  cast: number;
  crew: number;
  providers: number;
  /** Wall time in seconds. */
  seconds: number;
}

/** How to read, check and map one dump. */
export interface ImporterSpec<T> {
  name: string;
  format: 'jsonl' | 'csv';
  /** A zod schema (any input type) whose output is `T`. */
  schema: { safeParse: (value: unknown) => z.ZodSafeParseResult<T> };
  map: (record: T) => TitleRecord | AnimeItem;
  batchSize?: number;
}

type Raw = { line: number; value: unknown } | { line: number; error: string };

const zero = (): WriteCounts => ({ added: 0, updated: 0, unchanged: 0 });
const MAX_LOGGED = 50;

async function* jsonLines(file: string, progress: (bytes: number) => void): AsyncGenerator<Raw> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 });
  let rest = '';
  let line = 0;
  for await (const chunk of stream as AsyncIterable<string>) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const text of parts) yield parseJson(++line, text);
    progress(stream.bytesRead);
  }
  if (rest.trim() !== '') yield parseJson(line + 1, rest);
}

function parseJson(line: number, text: string): Raw {
  const trimmed = text.trim();
  if (trimmed === '') return { line, value: undefined };
  try {
    return { line, value: JSON.parse(trimmed) as unknown };
  } catch (error) {
    return { line, error: `invalid JSON: ${(error as Error).message}` };
  }
}

async function* csvRows(file: string, progress: (bytes: number) => void): AsyncGenerator<Raw> {
  const source = createReadStream(file);
  // The parser reads ahead of this loop, so problems queue up; each record and problem gets
  // its start line (a quoted field may span lines) in parse order, inside the callbacks.
  const problems: Raw[] = [];
  let lastLine = 1;
  const parser = source.pipe(
    parseCsv({
      columns: true,
      bom: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_record: (record: unknown, context: { lines: number }): Raw => {
        const line = lastLine + 1;
        lastLine = context.lines;
        return { line, value: record };
      },
      on_skip: (err: CsvError | undefined) => {
        const line = lastLine + 1;
        if (typeof err?.lines === 'number') lastLine = err.lines;
        problems.push({ line, error: `invalid CSV: ${err?.message ?? 'unreadable row'}` });
        return undefined;
      },
    }),
  );
  for await (const row of parser as AsyncIterable<Raw>) {
    while (problems[0] && problems[0].line < row.line) yield problems.shift() as Raw;
    yield row;
    progress(source.bytesRead);
  }
  yield* problems.splice(0);
}

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'record'}: ${i.message}`)
    .join('; ');
}

/** A summary of `importer` on `filePath` with every count at 0. */
export function emptySummary(importer: string, filePath: string): ImportSummary {
  return {
    importer,
    file: filePath,
    read: 0,
    skipped: 0,
    titles: zero(),
    seasons: zero(),
    episodes: zero(),
    anime: zero(),
    relationsAdded: 0,
    cast: 0,
    crew: 0,
    providers: 0,
    seconds: 0,
  };
}

/**
 * Imports one dump file with `spec`.
 * @returns the summary; never throws for bad records, only for an unreadable file or a
 *   database that cannot be reached.
 */
export async function runImport<T>(
  db: Database,
  filePath: string,
  spec: ImporterSpec<T>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const { size } = await stat(filePath);
  const summary = emptySummary(spec.name, filePath);
  let logged = 0;
  const skip = (line: number, reason: string) => {
    summary.skipped++;
    logged++;
    if (logged <= MAX_LOGGED) options.log?.(`line ${line}: skipped: ${reason}`);
    else if (logged === MAX_LOGGED + 1) options.log?.('further skipped lines are not shown');
  };
  const batchSize = options.batchSize ?? spec.batchSize ?? 500;
  let batch: { line: number; item: TitleRecord | AnimeItem }[] = [];
  const flush = async () => {
    if (batch.length > 0) await writeBatch(db, batch, summary, skip);
    batch = [];
  };
  const progress = (bytes: number) => options.onProgress?.(Math.min(bytes, size), size);
  const rows = spec.format === 'csv' ? csvRows(filePath, progress) : jsonLines(filePath, progress);
  for await (const raw of rows) {
    if ('value' in raw && raw.value === undefined) continue;
    summary.read++;
    if ('error' in raw) {
      skip(raw.line, raw.error);
      continue;
    }
    const parsed = spec.schema.safeParse(raw.value);
    if (!parsed.success) {
      skip(raw.line, describe(parsed.error));
      continue;
    }
    try {
      batch.push({ line: raw.line, item: spec.map(parsed.data) });
    } catch (error) {
      skip(raw.line, `cannot map: ${(error as Error).message}`);
      continue;
    }
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await analyzeCatalogue(db);
  await analyzeAnime(db);
  progress(size);
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

/** The driver's own message: drizzle wraps it with the whole statement and its parameters. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.length > 200 ? `${message.slice(0, 200)}...` : message;
}

async function writeBatch(
  db: Database,
  batch: { line: number; item: TitleRecord | AnimeItem }[],
  summary: ImportSummary,
  skip: (line: number, reason: string) => void,
): Promise<void> {
  try {
    await writeItems(
      db,
      batch.map((b) => b.item),
      summary,
    );
  } catch (error) {
    // A lost database is fatal; otherwise find the records it rejects one by one.
    await checkDatabaseAnswers(db).catch(() => {
      throw error;
    });
    if (batch.length === 1) {
      skip(batch[0]?.line ?? 0, `database rejected the record: ${reasonOf(error)}`);
      return;
    }
    for (const one of batch) await writeBatch(db, [one], summary, skip);
  }
}

function add(total: WriteCounts, part: WriteCounts): void {
  total.added += part.added;
  total.updated += part.updated;
  total.unchanged += part.unchanged;
}

async function writeItems(
  db: Database,
  items: (TitleRecord | AnimeItem)[],
  summary: ImportSummary,
): Promise<void> {
  const anime = items.filter((i): i is AnimeItem => 'entry' in i);
  const records = items.filter((i): i is TitleRecord => 'title' in i);
  if (records.length > 0) {
    const counts = await writeTitles(db, records);
    add(summary.titles, counts.titles);
    add(summary.seasons, counts.seasons);
    add(summary.episodes, counts.episodes);
    for (const r of records) {
      summary.cast += r.cast?.length ?? 0;
      summary.crew += r.crew?.length ?? 0;
      summary.providers += r.providers?.length ?? 0;
    }
  }
  if (anime.length > 0) {
    const counts = await writeAnime(
      db,
      anime.map((a) => a.entry),
      anime.flatMap((a) => a.relations),
      [],
    );
    add(summary.anime, counts.entries);
    summary.relationsAdded += counts.relationsAdded;
  }
}

const fmt = (label: string, c: WriteCounts) => `${label} +${c.added} ~${c.updated} =${c.unchanged}`;

/** One line for people: `movnix-tv: 956 read, 0 skipped; titles +956 ~0 =0; ...; 12.3 s`. */
export function formatSummary(s: ImportSummary): string {
  const parts = [`${s.importer}: ${s.read} read, ${s.skipped} skipped`];
  const total = (c: WriteCounts) => c.added + c.updated + c.unchanged;
  if (total(s.titles) > 0) parts.push(fmt('titles', s.titles));
  if (total(s.seasons) > 0) parts.push(fmt('seasons', s.seasons));
  if (total(s.episodes) > 0) parts.push(fmt('episodes', s.episodes));
  if (total(s.anime) > 0) parts.push(`${fmt('anime', s.anime)}, relations +${s.relationsAdded}`);
  if (s.cast + s.crew + s.providers > 0) {
    parts.push(`credits ${s.cast} cast, ${s.crew} crew; providers ${s.providers}`);
  }
  parts.push(`${s.seconds.toFixed(1)} s`);
  return parts.join('; ');
}
