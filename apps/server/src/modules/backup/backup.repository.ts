/**
 * Backup SQL (OPS-5 in docs/requirements.md): raw sessions on either database, and every catalogue
 * (pg_catalog) query backup and restore run: the tables of the `public` schema and their columns,
 * foreign keys, owned sequences, applied migrations, and the account and user-data counts that
 * decide whether a database is empty; and the time columns the Drizzle schema declares, which a
 * restore checks (backup.times.ts).
 *
 * Backup and restore work on one connection in one transaction, below drizzle: a cursor must
 * stay on the connection that declared it, and drizzle hands each query any pooled client.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import * as schema from '@pigostream/db';
import type { DatabaseHandle } from '@pigostream/db';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/** Every timestamp and date column of every table this build knows, by table name. */
export const TIME_COLUMNS: ReadonlyMap<string, readonly string[]> = new Map(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const { name, columns } = getTableConfig(table);
      const times = columns
        .filter((column) => /^(timestamp|date)/.test(column.getSQLType()))
        .map((column) => column.name);
      return [name, times] as const;
    })
    .filter(([, times]) => times.length > 0),
);

/** One connection inside one transaction, running raw SQL with `$n` parameters. */
export interface SqlSession {
  /** @returns the result rows (int8 and numeric come back as strings on PostgreSQL: cast). */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Tables left out of every backup: transient identity attempt counters (SEC-2), the
 * readiness check's probe row, and the shared media index (what MEDIA_DIR held at the last
 * scan: the next scan remakes it).
 */
export const EXCLUDED_TABLES: ReadonlySet<string> = new Set([
  'rate_limit',
  'readiness_probe',
  'media_files',
  'media_scans',
]);

/**
 * `snapshot`: a consistent, read-only view; `write`: a read-write transaction. Both commit when
 * `work` resolves and roll back when it throws.
 */
export type TransactionMode = 'snapshot' | 'write';

/** The driver's own client under drizzle (drizzle keeps it as `$client`). */
function driverClient(handle: DatabaseHandle): unknown {
  return (handle.db as unknown as { $client: unknown }).$client;
}

function sessionOf(run: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>) {
  const session: SqlSession = {
    async query<T>(text: string, params: unknown[] = []) {
      return (await run(text, params)).rows as T[];
    },
  };
  return session;
}

/**
 * Runs `work` in one transaction on one connection. On PostgreSQL a `snapshot` is
 * `REPEATABLE READ READ ONLY` on one pooled client, so writers go on and the snapshot does not
 * see them; PGlite runs one query at a time, so its other queries wait until `work` ends.
 * @throws whatever `work` or the database throws (the transaction is rolled back).
 */
export async function inTransaction<T>(
  handle: DatabaseHandle,
  mode: TransactionMode,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  if (handle.kind === 'pglite') {
    return (driverClient(handle) as PGlite).transaction(async (tx: Transaction) => {
      if (mode === 'snapshot') await tx.query('set transaction read only');
      return work(sessionOf((text, params) => tx.query(text, params)));
    });
  }
  const pool = driverClient(handle) as pg.Pool;
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(
      mode === 'snapshot' ? 'begin isolation level repeatable read read only' : 'begin',
    );
    try {
      const result = await work(sessionOf((text, params) => client.query(text, params)));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

/** A double-quoted SQL identifier. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A table of the `public` schema with its stored columns (generated ones left out), in order. */
export interface TableShape {
  name: string;
  columns: string[];
}

/** Every ordinary table of the `public` schema, by name, with its columns in column order. */
export async function publicTables(session: SqlSession): Promise<TableShape[]> {
  const rows = await session.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind = 'r'
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? [];
    columns.push(row.column_name);
    tables.set(row.table_name, columns);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

/** Foreign keys between tables of the `public` schema: `child` references `parent`. */
export interface ForeignKey {
  child: string;
  parent: string;
}

/** Every foreign key from one `public` table to another (pg_constraint). */
export function foreignKeys(session: SqlSession): Promise<ForeignKey[]> {
  return session.query<ForeignKey>(
    `select distinct child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_namespace cn on cn.oid = child.relnamespace
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace pn on pn.oid = parent.relnamespace
      where k.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public'
      order by 1, 2`,
  );
}

/**
 * Orders `tables` so that every table comes after the tables it references (self references
 * ignored); tables that take part in a cycle come last, in name order.
 */
export function foreignKeyOrder(tables: string[], keys: ForeignKey[]): string[] {
  const wanted = new Set(tables);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of keys) {
    if (child !== parent && wanted.has(child) && wanted.has(parent)) {
      parents.get(child)?.add(parent);
    }
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  let remaining = [...tables].sort();
  for (;;) {
    const ready = remaining.filter((t) => [...(parents.get(t) ?? [])].every((p) => placed.has(p)));
    if (ready.length === 0) break;
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
    remaining = remaining.filter((t) => !placed.has(t));
  }
  return [...ordered, ...remaining];
}

/** The parents (referenced tables, self excluded) of each table among `keys`. */
export function parentsOf(keys: ForeignKey[]): Map<string, Set<string>> {
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of keys) {
    if (child === parent) continue;
    const set = parents.get(child) ?? new Set<string>();
    set.add(parent);
    parents.set(child, set);
  }
  return parents;
}

/** A sequence owned by a column (serial or identity) of a `public` table. */
export interface OwnedSequence {
  table: string;
  column: string;
  /** Schema-qualified, quoted name, usable as a regclass literal. */
  sequence: string;
}

/** Every sequence owned by a column of a `public` table (pg_depend `a` serial, `i` identity). */
export function ownedSequences(session: SqlSession): Promise<OwnedSequence[]> {
  return session.query<OwnedSequence>(
    `select t.relname as "table", a.attname as "column",
            quote_ident(sn.nspname) || '.' || quote_ident(s.relname) as sequence
       from pg_depend d
       join pg_class s on s.oid = d.objid and s.relkind = 'S'
       join pg_namespace sn on sn.oid = s.relnamespace
       join pg_class t on t.oid = d.refobjid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        and d.deptype in ('a', 'i') and n.nspname = 'public'
      order by 1, 2`,
  );
}

/** A migration drizzle applied to the database (`drizzle.__drizzle_migrations`). */
export interface AppliedMigration {
  hash: string;
  /** The migration's journal time (`when`, ms since the epoch): drizzle's identity for it. */
  when: number;
}

/** The migrations applied to the database, oldest first; empty when drizzle never ran. */
export async function appliedMigrations(session: SqlSession): Promise<AppliedMigration[]> {
  const [present] = await session.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present?.present) return [];
  return session.query<AppliedMigration>(
    `select hash, created_at::float8 as "when" from drizzle.__drizzle_migrations order by id`,
  );
}

/** Declares a cursor over `table`'s rows as JSON text (`row_to_json`), one column `row`. */
export async function declareRowCursor(
  session: SqlSession,
  cursor: string,
  table: string,
): Promise<void> {
  await session.query(
    `declare ${ident(cursor)} no scroll cursor for
       select row_to_json(t)::text as row from public.${ident(table)} t`,
  );
}

/** The next `count` rows of a cursor declared by {@link declareRowCursor}. */
export async function fetchRows(
  session: SqlSession,
  cursor: string,
  count: number,
): Promise<string[]> {
  const rows = await session.query<{ row: string }>(
    `fetch forward ${String(count)} from ${ident(cursor)}`,
  );
  return rows.map((r) => r.row);
}

/** Closes a cursor. */
export async function closeCursor(session: SqlSession, cursor: string): Promise<void> {
  await session.query(`close ${ident(cursor)}`);
}

/** What makes a database non-empty for a restore: accounts and rows of user data. */
export interface UserDataCount {
  /** Rows of better-auth's `user` table. */
  accounts: number;
  /**
   * Rows of the tables that reference `user`, directly or not (sessions, profiles, lists,
   * history, events...), by table.
   */
  tables: Record<string, number>;
}

/**
 * Counts accounts and the rows of every `public` table that references `user`, directly or
 * through another such table (found in pg_constraint, so tables added later count too). The
 * catalogue never counts.
 */
export async function countUserData(session: SqlSession): Promise<UserDataCount> {
  const [userTable] = await session.query<{ present: boolean }>(
    `select to_regclass('public.user') is not null as present`,
  );
  if (!userTable?.present) return { accounts: 0, tables: {} };
  const [accounts] = await session.query<{ n: number }>(
    `select count(*)::float8 as n from public."user"`,
  );
  // Tables that reference `user`, or reference one that does (the personal tables reference
  // `profiles`, which references `user`: PROFILE-4 in docs/requirements.md).
  const keys = await foreignKeys(session);
  const children = new Set<string>();
  let reached = new Set(['user']);
  while (reached.size > 0) {
    const next = new Set<string>();
    for (const k of keys) {
      if (reached.has(k.parent) && k.child !== 'user' && !children.has(k.child)) {
        children.add(k.child);
        next.add(k.child);
      }
    }
    reached = next;
  }
  const tables: Record<string, number> = {};
  for (const table of [...children].sort()) {
    const [count] = await session.query<{ n: number }>(
      `select count(*)::float8 as n from public.${ident(table)}`,
    );
    tables[table] = count?.n ?? 0;
  }
  return { accounts: accounts?.n ?? 0, tables };
}

/** Empties `tables` in one statement, resetting their sequences and cascading to referrers. */
export async function truncateTables(session: SqlSession, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  const list = tables.map((t) => `public.${ident(t)}`).join(', ');
  await session.query(`truncate ${list} restart identity cascade`);
}

/** Deletes every row of `table` (cascading as its referrers' foreign keys say). */
export async function deleteRows(session: SqlSession, table: string): Promise<void> {
  await session.query(`delete from public.${ident(table)}`);
}

/**
 * Inserts rows given as JSON objects (text of a JSON array) into `table`'s `columns`, letting
 * PostgreSQL convert every value (`json_populate_recordset`); identity values are kept.
 * @returns rows inserted.
 */
export async function insertJsonRows(
  session: SqlSession,
  table: string,
  columns: string[],
  jsonArray: string,
): Promise<number> {
  const list = columns.map(ident).join(', ');
  const name = `public.${ident(table)}`;
  const rows = await session.query<{ n: number }>(
    `with inserted as (
       insert into ${name} (${list}) overriding system value
       select ${list} from json_populate_recordset(null::${name}, $1::json)
       returning 1)
     select count(*)::float8 as n from inserted`,
    [jsonArray],
  );
  return rows[0]?.n ?? 0;
}

/** Sets `sequence` so that its next value is one past the largest `column` of `table`. */
export async function resetSequence(session: SqlSession, owned: OwnedSequence): Promise<void> {
  await session.query(
    `select setval($1::regclass, coalesce(max(${ident(owned.column)}), 0) + 1, false)
       from public.${ident(owned.table)}`,
    [owned.sequence],
  );
}

/** Rows in `table`. */
export async function countRows(session: SqlSession, table: string): Promise<number> {
  const [row] = await session.query<{ n: number }>(
    `select count(*)::float8 as n from public.${ident(table)}`,
  );
  return row?.n ?? 0;
}

/** Refreshes the planner's statistics of `tables` after they were refilled. */
export async function analyzeTables(session: SqlSession, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  await session.query(`analyze ${tables.map((t) => `public.${ident(t)}`).join(', ')}`);
}
