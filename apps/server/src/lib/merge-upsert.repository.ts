/**
 * Merge-upserts for bulk loads (starter catalogue, importers): loading the same rows twice
 * changes nothing, and a field keeps its stored value unless the new row has one.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@pigostream/db';

/** Counts of rows a write added, changed, or found already identical. */
export interface WriteCounts {
  added: number;
  updated: number;
  unchanged: number;
}

const BATCH = 500;

/** `items` in slices of at most `size`. */
export function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The merged value of `column` on conflict: the new value unless it is empty. */
function merged(table: string, column: PgColumn): SQL {
  const name = sql.identifier(column.name);
  const stored = sql`${sql.identifier(table)}.${name}`;
  if (column.dataType === 'json') {
    return sql`case when jsonb_array_length(excluded.${name}) > 0 then excluded.${name} else ${stored} end`;
  }
  if (column.columnType === 'PgText') {
    // An empty text never overwrites a stored one (stub records of the dumps).
    return sql`coalesce(nullif(excluded.${name}, ''), ${stored})`;
  }
  return sql`coalesce(excluded.${name}, ${stored})`;
}

/**
 * Merge-upserts rows; a conflicting row is rewritten only when a merged value differs.
 * @returns how many rows were added, updated and left unchanged.
 */
export async function mergeUpsert(
  db: Database,
  table: PgTable,
  target: PgColumn[],
  rows: Record<string, unknown>[],
): Promise<WriteCounts> {
  const tableName = getTableName(table);
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const counts: WriteCounts = { added: 0, updated: 0, unchanged: 0 };
  if (rows.length === 0) return counts;
  const keys = new Set(target.map((c) => c.name));
  const set: Record<string, SQL> = {};
  const differs: SQL[] = [];
  for (const [prop, column] of Object.entries(columns)) {
    // Keys, the write time and generated columns (search_vector) are never set from a row.
    if (keys.has(column.name) || column.name === 'updated_at' || column.generated) continue;
    const value = merged(tableName, column);
    set[prop] = value;
    differs.push(
      sql`(${value}) is distinct from ${sql.identifier(tableName)}.${sql.identifier(column.name)}`,
    );
  }
  for (const batch of chunks(rows)) {
    const result = await db
      .insert(table)
      .values(batch)
      .onConflictDoUpdate({ target, set, setWhere: sql.join(differs, sql` or `) })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    const added = result.filter((r) => r.inserted).length;
    counts.added += added;
    counts.updated += result.length - added;
    counts.unchanged += batch.length - result.length;
  }
  return counts;
}

/** The last row of each key, in first-seen key order. */
export function dedupe<T>(rows: T[], key: (row: T) => string): T[] {
  const map = new Map<string, T>();
  for (const row of rows) map.set(key(row), row);
  return [...map.values()];
}
