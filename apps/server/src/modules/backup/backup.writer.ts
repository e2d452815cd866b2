/**
 * Writes a backup (OPS-5 in docs/requirements.md; format: backup.format.ts) from one consistent
 * snapshot of the whole database, streamed: rows are read with a cursor, 1000 at a time, and
 * written through gzip as they come, so memory stays flat whatever the database's size.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { DatabaseHandle } from '@pigostream/db';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  CONTROL_KEY,
  tableLine,
  trailerLine,
  type BackupHeader,
} from './backup.format.ts';
import {
  appliedMigrations,
  closeCursor,
  declareRowCursor,
  EXCLUDED_TABLES,
  fetchRows,
  foreignKeyOrder,
  foreignKeys,
  inTransaction,
  publicTables,
  type TableShape,
} from './backup.repository.ts';
import { describeMigrations } from './migrations.repository.ts';

/** Rows read per FETCH. */
const FETCH_ROWS = 1000;

/** What a finished backup holds. */
export interface BackupSummary {
  /** The header's `createdAt` (ISO): writes acknowledged before it are in the backup. */
  createdAt: string;
  databaseKind: 'pglite' | 'postgres';
  /** Rows per table, in the file's order. */
  rows: Record<string, number>;
  totalRows: number;
  /** Compressed bytes written. */
  bytes: number;
  /** Time from the start to the last byte, ms. */
  ms: number;
}

/** Counts the bytes that pass. */
function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/**
 * Streams a backup of every `public` table but the transient ones (`rate_limit`) to `output`,
 * gzip-compressed, from one snapshot: PostgreSQL `REPEATABLE READ READ ONLY` on one connection
 * (writers go on meanwhile), PGlite one transaction (its other queries wait until the last row
 * is read). Tables are found at run time, so tables of later migrations are included.
 * `output` is ended when the backup is complete.
 * @param onTable called after each table with its row count.
 * @throws when the database fails or `output` is closed early (the backup is then incomplete;
 *   `output` is destroyed).
 */
export async function writeBackup(
  handle: DatabaseHandle,
  output: Writable,
  options: { onTable?: (table: string, rows: number) => void } = {},
): Promise<BackupSummary> {
  const started = performance.now();
  const createdAt = new Date().toISOString();
  const rows: Record<string, number> = {};
  const counter = byteCounter();
  await inTransaction(handle, 'snapshot', async (session) => {
    const migrations = describeMigrations(await appliedMigrations(session));
    const shapes = (await publicTables(session)).filter((t) => !EXCLUDED_TABLES.has(t.name));
    for (const shape of shapes) {
      if (shape.columns.includes(CONTROL_KEY)) {
        throw new Error(
          `table ${shape.name} has a column named ${CONTROL_KEY}, which backups reserve`,
        );
      }
    }
    const byName = new Map(shapes.map((t) => [t.name, t]));
    const order = foreignKeyOrder([...byName.keys()], await foreignKeys(session));
    const tables = order.map((name) => byName.get(name)).filter((t): t is TableShape => !!t);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt,
      databaseKind: handle.kind,
      migrations,
      tables,
    };

    async function* produce(): AsyncGenerator<string> {
      yield `${JSON.stringify(header)}\n`;
      for (const [index, table] of tables.entries()) {
        yield `${tableLine(table.name)}\n`;
        const cursor = `pigostream_backup_${String(index)}`;
        await declareRowCursor(session, cursor, table.name);
        let count = 0;
        for (;;) {
          const batch = await fetchRows(session, cursor, FETCH_ROWS);
          if (batch.length > 0) {
            count += batch.length;
            yield `${batch.join('\n')}\n`;
          }
          if (batch.length < FETCH_ROWS) break;
        }
        await closeCursor(session, cursor);
        rows[table.name] = count;
        options.onTable?.(table.name, count);
      }
      yield `${trailerLine(rows)}\n`;
    }

    const lines = produce();
    try {
      await pipeline(Readable.from(lines), createGzip(), counter, output);
    } catch (error) {
      // Let a FETCH in flight finish before the transaction ends.
      await lines.return(undefined).catch(() => undefined);
      throw error;
    }
  });
  const totalRows = Object.values(rows).reduce((sum, n) => sum + n, 0);
  return {
    createdAt,
    databaseKind: handle.kind,
    rows,
    totalRows,
    bytes: counter.bytes,
    ms: performance.now() - started,
  };
}

/**
 * Writes a backup file atomically: `write` fills a temporary file beside `file` (mode 0600: a
 * backup holds password hashes and sessions), which is flushed to disk and renamed over `file`
 * only when `write` succeeds and `check` (given the temporary file's path) accepts it; on
 * failure it is removed and `file` is left as it was.
 * @throws whatever `write` or `check` throws, or the file system's error.
 */
export async function writeFileAtomically<T>(
  file: string,
  write: (output: Writable) => Promise<T>,
  check?: (temporary: string) => Promise<unknown>,
): Promise<T> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.partial-${String(process.pid)}`,
  );
  // `flush`: the file is on disk before it is closed, so the rename never exposes a hole.
  const output = createWriteStream(temporary, { flags: 'w', mode: 0o600, flush: true });
  const closed = new Promise<void>((resolve, reject) => {
    output.once('close', resolve);
    output.once('error', reject);
  });
  closed.catch(() => undefined);
  try {
    const result = await write(output);
    await closed;
    await check?.(temporary);
    await rename(temporary, file);
    return result;
  } catch (error) {
    output.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}
