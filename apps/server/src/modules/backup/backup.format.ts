/**
 * The PigoStream backup file (OPS-5 in docs/requirements.md), the same for the embedded database
 * and PostgreSQL so a backup of one restores into the other: a gzip file of JSON lines.
 *
 * ```
 * {"format":"pigostream-backup","version":1,"createdAt":"...","databaseKind":"pglite",
 *  "migrations":[{"tag":"0000_catalogue","when":1795290985231,"hash":"..."}, ...],
 *  "tables":[{"name":"user","columns":["id","name",...]}, ...]}       <- header
 * {"pigostream":"table","name":"user"}                                 <- each table, in order
 * {"id":"...","name":"Kim",...}                                        <- its rows (row_to_json)
 * ...
 * {"pigostream":"end","rows":{"user":4,...}}                           <- trailer
 * ```
 *
 * Tables come in foreign-key order (referenced tables first). No table may have a column named
 * `pigostream`, so a row line never starts like a control line. The trailer's counts tell a
 * complete file from one cut short between lines; gzip's own check catches the rest.
 */
import { createReadStream, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { MigrationRef } from './migrations.repository.ts';
import type { TableShape } from './backup.repository.ts';

/** The header's `format`. */
export const BACKUP_FORMAT = 'pigostream-backup';
/** The format version this build writes and reads. */
export const BACKUP_VERSION = 1;
/** The key of control lines (table starts, trailer); no backed-up column may carry it. */
export const CONTROL_KEY = 'pigostream';
const CONTROL_PREFIX = `{"${CONTROL_KEY}":`;

/** The first line of a backup. */
export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /**
   * ISO time just before the snapshot was taken: every write acknowledged before it is in the
   * backup.
   */
  createdAt: string;
  databaseKind: 'pglite' | 'postgres';
  /** Migrations applied to the database backed up, oldest first. */
  migrations: MigrationRef[];
  /** Tables in the order their rows follow, each with the columns its rows carry. */
  tables: TableShape[];
}

/** The last line of a backup. */
export interface BackupTrailer {
  [CONTROL_KEY]: 'end';
  /** Rows written per table. */
  rows: Record<string, number>;
}

/** A line that starts a table's rows. */
export function tableLine(name: string): string {
  return JSON.stringify({ [CONTROL_KEY]: 'table', name });
}

/** The trailer line. */
export function trailerLine(rows: Record<string, number>): string {
  const trailer: BackupTrailer = { [CONTROL_KEY]: 'end', rows };
  return JSON.stringify(trailer);
}

/** A backup file that cannot be used; the message is one line for the operator. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/** One item of a backup file as {@link readBackup} yields it. */
export type BackupItem =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; name: string }
  /** One row, as the JSON text of an object, and its line of the file (from 1). */
  | { kind: 'row'; table: string; json: string; line: number }
  | { kind: 'end'; trailer: BackupTrailer };

function zlibMessage(file: string, error: unknown): BackupFileError {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(message)) {
    return new BackupFileError(
      `${file} ends early: it is not a complete PigoStream backup (was the copy cut off?).`,
    );
  }
  if (/incorrect header check/i.test(message)) {
    return new BackupFileError(`${file} is not a PigoStream backup (not a gzip file).`);
  }
  if (code === 'ENOENT') return new BackupFileError(`${file} does not exist.`);
  if (code === 'EISDIR') return new BackupFileError(`${file} is a directory, not a backup file.`);
  if (code === 'EACCES') return new BackupFileError(`${file} cannot be read: permission denied.`);
  return new BackupFileError(`${file} is damaged: ${message}.`);
}

/** The file's lines, decompressed; `onBytes` gets the compressed bytes read so far. */
async function* lines(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<string> {
  const input = createReadStream(file);
  let read = 0;
  input.on('data', (chunk) => {
    read += chunk.length;
    onBytes?.(read);
  });
  const gunzip = input.pipe(createGunzip());
  input.on('error', (error) => gunzip.destroy(error));
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      rest += decoder.write(chunk);
      let newline = rest.indexOf('\n');
      while (newline !== -1) {
        yield rest.slice(0, newline);
        rest = rest.slice(newline + 1);
        newline = rest.indexOf('\n');
      }
    }
  } catch (error) {
    throw zlibMessage(file, error);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

function parseJson(file: string, line: string, lineNumber: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupFileError(`${file} is damaged: line ${String(lineNumber)} is not JSON.`);
  }
}

function checkHeader(file: string, value: unknown): BackupHeader {
  const header = value as Partial<BackupHeader> | null;
  if (header?.format !== BACKUP_FORMAT) {
    throw new BackupFileError(`${file} is not a PigoStream backup (no backup header).`);
  }
  if (header.version !== BACKUP_VERSION) {
    throw new BackupFileError(
      `${file} is a version ${String(header.version)} backup; this PigoStream reads version ` +
        `${String(BACKUP_VERSION)}: update PigoStream, then restore.`,
    );
  }
  if (
    !Array.isArray(header.tables) ||
    !Array.isArray(header.migrations) ||
    !header.tables.every((t) => typeof t.name === 'string' && Array.isArray(t.columns))
  ) {
    throw new BackupFileError(`${file} is damaged: its header lacks the tables or migrations.`);
  }
  return header as BackupHeader;
}

/**
 * Reads a backup file item by item, checking its shape as it goes: the header first, tables
 * only as the header lists them and once each, rows only inside a table, the trailer last with
 * counts equal to the rows read.
 * @param onBytes receives the compressed bytes read so far (progress).
 * @throws BackupFileError (one line) for a file that is missing, not a backup, damaged or cut
 *   short; the items before the fault have been yielded by then.
 */
export async function* readBackup(
  file: string,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<BackupItem> {
  let header: BackupHeader | undefined;
  let table: string | undefined;
  let trailer: BackupTrailer | undefined;
  const counts = new Map<string, number>();
  let lineNumber = 0;
  for await (const line of lines(file, onBytes)) {
    lineNumber += 1;
    if (trailer) {
      if (line.trim() === '') continue;
      throw new BackupFileError(`${file} is damaged: line ${String(lineNumber)} follows the end.`);
    }
    if (!header) {
      header = checkHeader(file, parseJson(file, line, lineNumber));
      yield { kind: 'header', header };
      continue;
    }
    if (line.startsWith(CONTROL_PREFIX)) {
      const control = parseJson(file, line, lineNumber) as Record<string, unknown>;
      if (control[CONTROL_KEY] === 'table' && typeof control.name === 'string') {
        const name = control.name;
        if (!header.tables.some((t) => t.name === name) || counts.has(name)) {
          throw new BackupFileError(
            `${file} is damaged: table ${name} at line ${String(lineNumber)} is not expected.`,
          );
        }
        table = name;
        counts.set(name, 0);
        yield { kind: 'table', name };
        continue;
      }
      if (control[CONTROL_KEY] === 'end') {
        trailer = control as unknown as BackupTrailer;
        const expected = trailer.rows as Record<string, unknown> | undefined;
        for (const t of header.tables) {
          if (expected?.[t.name] !== (counts.get(t.name) ?? -1)) {
            throw new BackupFileError(
              `${file} is damaged: table ${t.name} has ${String(counts.get(t.name) ?? 0)} rows ` +
                `where the backup recorded ${String(expected?.[t.name])}.`,
            );
          }
        }
        yield { kind: 'end', trailer };
        continue;
      }
      throw new BackupFileError(
        `${file} is damaged: line ${String(lineNumber)} is an unknown control line.`,
      );
    }
    if (!table || !line.startsWith('{') || !line.endsWith('}')) {
      throw new BackupFileError(
        `${file} is damaged: line ${String(lineNumber)} is not a row of a table.`,
      );
    }
    counts.set(table, (counts.get(table) ?? 0) + 1);
    yield { kind: 'row', table, json: line, line: lineNumber };
  }
  if (!header) throw new BackupFileError(`${file} is empty: it is not a PigoStream backup.`);
  if (!trailer) {
    throw new BackupFileError(
      `${file} ends early: it is not a complete PigoStream backup (was the copy cut off?).`,
    );
  }
}

/** What {@link checkBackup} found in a complete, well-formed backup. */
export interface CheckedBackup {
  header: BackupHeader;
  /** Rows per table, as the trailer records and the file holds. */
  rows: Record<string, number>;
  /** Size of the (compressed) file, bytes. */
  bytes: number;
}

/**
 * Reads a whole backup file and checks it (see {@link readBackup}) without touching a database.
 * @param onBytes receives the compressed bytes read so far and the file's size.
 * @param onRow checks each row (its table, JSON text and line); it throws to refuse the file.
 * @throws BackupFileError (one line) when the file cannot be restored; what `onRow` throws.
 */
export async function checkBackup(
  file: string,
  onBytes?: (bytes: number, total: number) => void,
  onRow?: (table: string, json: string, line: number) => void,
): Promise<CheckedBackup> {
  let total: number;
  try {
    total = statSync(file).size;
  } catch (error) {
    throw zlibMessage(file, error);
  }
  let header: BackupHeader | undefined;
  let rows: Record<string, number> | undefined;
  for await (const item of readBackup(file, (bytes) => onBytes?.(bytes, total))) {
    if (item.kind === 'header') header = item.header;
    else if (item.kind === 'row') onRow?.(item.table, item.json, item.line);
    else if (item.kind === 'end') rows = item.trailer.rows;
  }
  if (!header || !rows) throw new BackupFileError(`${file} is not a complete PigoStream backup.`);
  return { header, rows, bytes: total };
}
