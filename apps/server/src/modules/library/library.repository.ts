/**
 * Library SQL (watch history, My List, search history): every statement the library service
 * runs. Each change is one statement, or one transaction under a per-user lock, so concurrent
 * calls end in the state some sequential order of them gives (no duplicates, no lost writes).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type MediaType } from '@pigostream/db';

/** The two per-title user lists. */
export type UserList = 'watch_history' | 'my_list';

/** Table and time column of each list (fixed identifiers, never user input). */
const LISTS = {
  watch_history: { table: sql.raw('watch_history'), time: sql.raw('watched_at') },
  my_list: { table: sql.raw('my_list'), time: sql.raw('added_at') },
} as const;

/**
 * Adds a title to a list. An existing watch-history entry moves to the front (its time is
 * updated); an existing My List entry is left as it is.
 * @returns true when the title was not in the list before.
 */
export async function saveEntry(
  db: Database,
  list: UserList,
  userId: string,
  type: MediaType,
  id: number,
): Promise<boolean> {
  const { table, time } = LISTS[list];
  const onConflict =
    list === 'watch_history' ? sql`do update set ${time} = clock_timestamp()` : sql`do nothing`;
  const rows = await queryRows<{ added: boolean }>(
    db,
    sql`insert into ${table} (user_id, media_type, tmdb_id, ${time})
        values (${userId}, ${type}, ${id}, clock_timestamp())
        on conflict (user_id, media_type, tmdb_id) ${onConflict}
        returning (xmax = 0) as added`,
  );
  return rows[0]?.added ?? false;
}

/** Removes one title from a list. @returns whether it was there. */
export async function removeEntry(
  db: Database,
  list: UserList,
  userId: string,
  type: MediaType,
  id: number,
): Promise<boolean> {
  const { table } = LISTS[list];
  const rows = await queryRows(
    db,
    sql`delete from ${table}
        where user_id = ${userId} and media_type = ${type} and tmdb_id = ${id}
        returning 1`,
  );
  return rows.length > 0;
}

/** Removes every title of a user's list. @returns how many were removed. */
export async function removeAllEntries(
  db: Database,
  list: UserList,
  userId: string,
): Promise<number> {
  const { table } = LISTS[list];
  const rows = await queryRows(db, sql`delete from ${table} where user_id = ${userId} returning 1`);
  return rows.length;
}

/**
 * Ids of the `limit` newest titles of one type in a user's list, newest first, after the
 * `offset` newest (a kids' profile reads on past titles above its limit, PROFILE-7).
 */
export async function listEntryIds(
  db: Database,
  list: UserList,
  userId: string,
  type: MediaType,
  limit: number,
  offset = 0,
): Promise<number[]> {
  const { table, time } = LISTS[list];
  const rows = await queryRows<{ tmdb_id: number }>(
    db,
    sql`select tmdb_id from ${table}
        where user_id = ${userId} and media_type = ${type}
        order by ${time} desc, tmdb_id desc
        limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => r.tmdb_id);
}

/**
 * The types a title id is in a user's list as: `[type]` or `[]` with a type; without one, as a
 * movie, as a show, or both.
 */
export async function entryTypes(
  db: Database,
  list: UserList,
  userId: string,
  id: number,
  type: MediaType | undefined,
): Promise<MediaType[]> {
  const { table } = LISTS[list];
  const typeFilter = type ? sql`and media_type = ${type}` : sql``;
  const rows = await queryRows<{ media_type: MediaType }>(
    db,
    sql`select media_type from ${table}
        where user_id = ${userId} and tmdb_id = ${id} ${typeFilter}
        order by media_type`,
  );
  return rows.map((r) => r.media_type);
}

/** A saved search as stored. */
export interface SearchRow {
  id: number;
  query: string;
}

/**
 * Saves a search query unless it equals the user's latest one, keeping the newest `keep`
 * entries. Runs under a per-user transaction lock, so concurrent saves of one query add it once.
 * @returns the user's latest entry and whether this call added it.
 */
export async function saveSearch(
  db: Database,
  userId: string,
  query: string,
  keep: number,
): Promise<SearchRow & { saved: boolean }> {
  return db.transaction(async (tx) => {
    const run = <T>(q: ReturnType<typeof sql>) => queryRows<T>(tx, q);
    await run(
      sql`select pg_advisory_xact_lock(hashtext('pigostream.search_history'), hashtext(${userId}))`,
    );
    const [latest] = await run<SearchRow>(
      sql`select id::float8 as id, query from search_history
          where user_id = ${userId} order by id desc limit 1`,
    );
    if (latest?.query === query) return { ...latest, saved: false };
    const [added] = await run<SearchRow>(
      sql`insert into search_history (user_id, query) values (${userId}, ${query})
          returning id::float8 as id, query`,
    );
    if (!added) throw new Error('search_history insert returned no row');
    await run(
      sql`delete from search_history where user_id = ${userId} and id <= (
            select id from search_history where user_id = ${userId}
            order by id desc offset ${keep} limit 1)`,
    );
    return { ...added, saved: true };
  });
}

/** A user's saved searches, newest first, at most `limit`. */
export function listSearches(db: Database, userId: string, limit: number): Promise<SearchRow[]> {
  return queryRows<SearchRow>(
    db,
    sql`select id::float8 as id, query from search_history
        where user_id = ${userId} order by id desc limit ${limit}`,
  );
}

/** Removes one of a user's saved searches. @returns false when the user has no such entry. */
export async function removeSearch(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from search_history where user_id = ${userId} and id = ${id} returning 1`,
  );
  return rows.length > 0;
}

/** A title an import puts in a list, with its time (ISO; now when null). */
export interface ImportedEntry {
  type: MediaType;
  id: number;
  at: string | null;
}

/**
 * Writes imported titles into `list` of `userId` (TRANSFER-3 in docs/requirements.md),
 * idempotently: My List keeps an entry already there; Watch History takes the later of the two
 * watch times. Entries should name each title once (the import merges them). Runs inside the
 * caller's transaction `db`, 1,000 rows per statement.
 * @returns titles added, history entries moved to a later time, and entries left as they were.
 */
export async function importEntries(
  db: Database,
  list: UserList,
  userId: string,
  entries: readonly ImportedEntry[],
): Promise<{ added: number; updated: number; kept: number }> {
  const { table, time } = LISTS[list];
  const onConflict =
    list === 'watch_history'
      ? sql`do update set watched_at = excluded.watched_at
            where excluded.watched_at > ${table}.watched_at`
      : sql`do nothing`;
  let added = 0;
  let updated = 0;
  for (let i = 0; i < entries.length; i += 1000) {
    const part = entries.slice(i, i + 1000);
    const values = sql.join(
      part.map(
        (e) =>
          sql`(${userId}, ${e.type}, ${e.id}, ${e.at === null ? sql`clock_timestamp()` : sql`${e.at}::timestamptz`})`,
      ),
      sql`, `,
    );
    const rows = await queryRows<{ added: boolean }>(
      db,
      sql`insert into ${table} (user_id, media_type, tmdb_id, ${time}) values ${values}
          on conflict (user_id, media_type, tmdb_id) ${onConflict}
          returning (xmax = 0) as added`,
    );
    for (const row of rows) {
      if (row.added) added += 1;
      else updated += 1;
    }
  }
  return { added, updated, kept: entries.length - added - updated };
}
