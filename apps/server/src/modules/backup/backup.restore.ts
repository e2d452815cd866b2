/**
 * Restores a backup (OPS-5, OPS-6 in docs/requirements.md; format: backup.format.ts) into the
 * database's current schema: the file is checked whole first (header, every line, trailer counts),
 * then, in ONE transaction, every table of the backup is emptied and refilled in foreign-key order,
 * the sequences of its columns are moved past the largest value, and the row counts are checked.
 * Any failure rolls everything back: the database is left as it was.
 */
import type { DatabaseHandle } from '@pigostream/db';
import {
  BackupFileError,
  checkBackup,
  readBackup,
  type BackupHeader,
  type CheckedBackup,
} from './backup.format.ts';
import {
  analyzeTables,
  countRows,
  countUserData,
  deleteRows,
  foreignKeys,
  inTransaction,
  insertJsonRows,
  ownedSequences,
  parentsOf,
  publicTables,
  resetSequence,
  truncateTables,
  type SqlSession,
} from './backup.repository.ts';
import { unknownMigrations } from './migrations.repository.ts';
import { impossibleTimeIn } from './backup.times.ts';
import { renamesFor, renameRow } from './renamed-columns.ts';

/** Rows per INSERT. */
const INSERT_ROWS = 1000;
/** Characters of row JSON per INSERT, at most (about; one row may exceed it). */
const INSERT_CHARS = 4 * 1024 * 1024;

/** A restore that was refused before anything changed; the message is one line. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** Progress of a restore: `check` counts compressed bytes read, `restore` rows inserted. */
export interface RestoreProgress {
  phase: 'check' | 'restore';
  done: number;
  total: number;
  /** The table being filled (`restore`). */
  table?: string;
}

export interface RestoreOptions {
  /** Replace a database that has accounts or user data (otherwise refused). */
  force?: boolean;
  /** The file as {@link checkRestorable} accepted it (skips checking it again). */
  checked?: CheckedBackup;
  /** How messages name the database, e.g. `DATA_DIR /srv/pigo`. */
  target?: string;
  onProgress?: (progress: RestoreProgress) => void;
  /** Notes for the operator (tables or columns this build no longer has). */
  log?: (message: string) => void;
}

/** What a restore did. */
export interface RestoreSummary {
  header: BackupHeader;
  /** Rows restored per table. */
  rows: Record<string, number>;
  totalRows: number;
  /** Tables of the backup this database no longer has (left out). */
  skippedTables: string[];
  /** Time the whole restore took, check included, ms. */
  ms: number;
}

interface TablePlan {
  name: string;
  /** Columns of the backup the table still has, by their current names. */
  columns: string[];
  /** Columns of an older backup renamed since: old name -> current name. */
  renames: Map<string, string>;
  rows: number;
}

function describeUserData(data: { accounts: number; tables: Record<string, number> }): string {
  const rows = Object.values(data.tables).reduce((sum, n) => sum + n, 0);
  const busiest = Object.entries(data.tables)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([table, n]) => `${table} ${String(n)}`);
  return (
    `${String(data.accounts)} account${data.accounts === 1 ? '' : 's'} and ${String(rows)} rows ` +
    `of user data${busiest.length > 0 ? ` (${busiest.join(', ')})` : ''}`
  );
}

/** Which tables to fill and with which columns; notes what this database lacks. */
async function plan(
  session: SqlSession,
  header: BackupHeader,
  rows: Record<string, number>,
  log: (message: string) => void,
): Promise<{ tables: TablePlan[]; skipped: string[] }> {
  const target = new Map((await publicTables(session)).map((t) => [t.name, new Set(t.columns)]));
  const tables: TablePlan[] = [];
  const skipped: string[] = [];
  for (const table of header.tables) {
    const columns = target.get(table.name);
    if (!columns) {
      skipped.push(table.name);
      log(`table ${table.name} is not in this database's schema: its rows are left out`);
      continue;
    }
    const renames = renamesFor(table.name, table.columns, columns);
    const current = table.columns.map((c) => renames.get(c) ?? c);
    const kept = current.filter((c) => columns.has(c));
    const dropped = current.filter((c) => !columns.has(c));
    if (renames.size > 0) {
      const list = [...renames].map(([from, to]) => `${from} -> ${to}`).join(', ');
      log(`table ${table.name}: columns renamed since the backup: ${list}`);
    }
    if (dropped.length > 0) {
      log(`table ${table.name}: columns ${dropped.join(', ')} are no longer used: left out`);
    }
    tables.push({ name: table.name, columns: kept, renames, rows: rows[table.name] ?? 0 });
  }
  return { tables, skipped };
}

/**
 * Fills the planned tables from the file, parents before children: tables the file holds in
 * foreign-key order fill in one pass; a table whose parents are not filled yet waits for the
 * next pass over the file.
 * @throws when the foreign keys form a cycle no order satisfies.
 */
async function fill(
  session: SqlSession,
  file: string,
  tables: TablePlan[],
  onRows: (table: string, rows: number) => void,
): Promise<void> {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = parentsOf(await foreignKeys(session));
  const pending = new Set(byName.keys());
  const done = new Set<string>();
  while (pending.size > 0) {
    const before = pending.size;
    let current: TablePlan | undefined;
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (!current || batch.length === 0) return;
      const inserted = await insertJsonRows(
        session,
        current.name,
        current.columns,
        `[${batch.join(',')}]`,
      );
      onRows(current.name, inserted);
      batch = [];
      chars = 0;
    };
    const finish = async () => {
      await flush();
      if (current) {
        pending.delete(current.name);
        done.add(current.name);
      }
      current = undefined;
    };
    for await (const item of readBackup(file)) {
      if (item.kind === 'table') {
        await finish();
        const table = byName.get(item.name);
        const ready =
          table !== undefined &&
          pending.has(table.name) &&
          [...(parents.get(table.name) ?? [])].every((p) => !byName.has(p) || done.has(p));
        current = ready ? table : undefined;
        // Emptied again: inserting an earlier table's rows may have added some (a `user` row
        // makes its default profile: PROFILE-2), which the backup's own rows replace.
        if (current) await deleteRows(session, current.name);
      } else if (item.kind === 'row' && current) {
        batch.push(current.renames.size > 0 ? renameRow(item.json, current.renames) : item.json);
        chars += item.json.length;
        if (batch.length >= INSERT_ROWS || chars >= INSERT_CHARS) await flush();
      } else if (item.kind === 'end') {
        await finish();
      }
    }
    if (pending.size === before) {
      throw new Error(
        `the foreign keys of tables ${[...pending].join(', ')} form a cycle: they cannot be restored`,
      );
    }
  }
}

/**
 * Checks a whole backup file (backup.format.ts) and that this build can restore it: refuses
 * one made by a newer PigoStream (its database had a migration this build lacks), and one
 * holding a time no client can read (ROB-2 of docs/robustness.md: backup.times.ts), naming
 * its line, table and column.
 * @param onBytes receives the compressed bytes read so far and the file's size.
 * @throws BackupFileError for a file that is missing, not a backup, damaged or cut short, or
 *   that holds an impossible time; RestoreRefusedError for a newer backup.
 */
export async function checkRestorable(
  file: string,
  onBytes?: (bytes: number, total: number) => void,
): Promise<CheckedBackup> {
  const now = Date.now();
  const checked = await checkBackup(file, onBytes, (table, json, line) => {
    const found = impossibleTimeIn(table, json, now);
    if (!found) return;
    throw new BackupFileError(
      `${file} line ${String(line)}: ${table}.${found.column} is ${JSON.stringify(found.value)}, ` +
        "not a time PigoStream can use (a real date, and for the times of a user's lists from " +
        '1870 to a year from now); nothing was changed. Correct that time in the file ' +
        '(gzip-compressed JSON lines) and restore again.',
    );
  });
  const newer = unknownMigrations(checked.header.migrations);
  if (newer.length > 0) {
    throw new RestoreRefusedError(
      `${file} was made by a newer PigoStream: its database has migration ` +
        `${newer.map((m) => m.tag ?? String(m.when)).join(', ')}, which this version does not ` +
        'know. Update PigoStream, then restore.',
    );
  }
  return checked;
}

/**
 * Restores `file` into the database. Checks the file first (see {@link checkRestorable}) unless
 * `checked` says it was; refuses (RestoreRefusedError, nothing changed), without `force`, a database
 * that has accounts or user data (the catalogue does not count: a new server's starter
 * catalogue is replaced). Columns the schema gained since the backup take their defaults;
 * columns renamed since (renamed-columns.ts) are restored under their new names; tables and
 * columns it lost are left out (noted through `log`).
 * @throws BackupFileError for a missing, foreign, damaged or truncated file (checked before
 *   anything changes); RestoreRefusedError; the database's error (rolled back).
 */
export async function restoreBackup(
  handle: DatabaseHandle,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const checked =
    options.checked ??
    (await checkRestorable(file, (done, total) =>
      options.onProgress?.({ phase: 'check', done, total }),
    ));
  const { header } = checked;
  const target = options.target ?? 'the database';
  return inTransaction(handle, 'write', async (session) => {
    if (!options.force) {
      const data = await countUserData(session);
      const rows = Object.values(data.tables).reduce((sum, n) => sum + n, 0);
      if (data.accounts > 0 || rows > 0) {
        throw new RestoreRefusedError(
          `${target} is not empty: it has ${describeUserData(data)}. A restore replaces ` +
            'everything in it: run again with --force to replace it.',
        );
      }
    }
    const { tables, skipped } = await plan(session, header, checked.rows, log);
    const names = tables.map((t) => t.name);
    const total = tables.reduce((sum, t) => sum + t.rows, 0);
    let restored = 0;
    options.onProgress?.({ phase: 'restore', done: 0, total });
    await truncateTables(session, names);
    await fill(session, file, tables, (table, rows) => {
      restored += rows;
      options.onProgress?.({ phase: 'restore', done: restored, total, table });
    });
    const rows: Record<string, number> = {};
    for (const table of tables) {
      rows[table.name] = await countRows(session, table.name);
      if (rows[table.name] !== table.rows) {
        throw new BackupFileError(
          `${file}: table ${table.name} has ${String(rows[table.name])} rows after the restore ` +
            `where the backup has ${String(table.rows)}; nothing was changed.`,
        );
      }
    }
    const restoredNames = new Set(names);
    for (const owned of await ownedSequences(session)) {
      if (restoredNames.has(owned.table)) await resetSequence(session, owned);
    }
    await analyzeTables(session, names);
    return {
      header,
      rows,
      totalRows: total,
      skippedTables: skipped,
      ms: performance.now() - started,
    };
  });
}
