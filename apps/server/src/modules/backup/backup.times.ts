/**
 * The times a restore refuses (ROB-2 of docs/robustness.md): a backup made before the calls
 * checked times (ROB-1) and before migration 0010 repaired them may hold one no client can
 * read (`infinity`, a year past 9999 or before Christ), which would make that user's exports
 * and progress fail again once restored. The restore's check of the file (checkRestorable)
 * names the line and changes nothing.
 *
 * Every time column of every table this build knows (timestamps and dates, from the Drizzle
 * schema) must hold a time JavaScript can read; the user-data times the calls take and the
 * migration repairs ({@link USER_TIME_COLUMNS}) must also lie from 1870 to a year from now.
 */
import { isSaneTime } from '@pigostream/contracts';
import { TIME_COLUMNS } from './backup.repository.ts';

/**
 * The user-data times, by table: the ones migration 0010 repairs, in the range the calls accept
 * ({@link isSaneTime}).
 */
export const USER_TIME_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  watch_history: ['watched_at'],
  my_list: ['added_at'],
  watch_progress: ['updated_at'],
  watch_events: ['first_watched_at', 'last_watched_at'],
  search_history: ['created_at'],
};

/**
 * Words a row of a table outside {@link USER_TIME_COLUMNS} carries when one of its times may be
 * impossible; other rows are not parsed (the catalogue is most of a backup).
 */
const SUSPECT = /infinity|BC"|"[+-]?\d{5,}-/i;

/** An impossible time found in a row: its column and value. */
export interface ImpossibleTime {
  column: string;
  value: unknown;
}

/**
 * The first impossible time in `json` (one row of `table`, as a backup holds it), or undefined.
 * @param now the time "a year from now" counts from, ms since the epoch.
 */
export function impossibleTimeIn(
  table: string,
  json: string,
  now: number = Date.now(),
): ImpossibleTime | undefined {
  const columns = TIME_COLUMNS.get(table);
  if (!columns) return undefined;
  const user = USER_TIME_COLUMNS[table] ?? [];
  if (user.length === 0 && !SUSPECT.test(json)) return undefined;
  let row: Record<string, unknown>;
  try {
    row = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return undefined; // The file's check names lines that are not JSON.
  }
  for (const column of columns) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    const ms = typeof value === 'string' ? Date.parse(value) : NaN;
    const possible = user.includes(column) ? isSaneTime(ms, now) : Number.isFinite(ms);
    if (!possible) return { column, value };
  }
  return undefined;
}
