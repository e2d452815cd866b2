/**
 * Activity SQL: every query on `watch_events` (one row per user and title, counting watches).
 * No other module reads that table; they ask the activity service (activity.service.ts).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type MediaType } from '@pigostream/db';

/** A title as activity names it: TMDB id and media type. */
export interface TitleRef {
  type: MediaType;
  id: number;
}

/** A watch event as the recommender's model loads it. */
export interface EventRow {
  user_id: string;
  media_type: MediaType;
  tmdb_id: number;
  /** When the user first watched the title, in ms since 1970 (fractions: microseconds). */
  at: number;
}

/**
 * A watch event's place in the order the recommender loads them (first_watched_at, user_id,
 * media_type, tmdb_id): `at` is first_watched_at as PostgreSQL prints it (exact to the
 * microsecond, read back with `::timestamptz`).
 */
export interface EventKey {
  at: string;
  user_id: string;
  media_type: MediaType;
  tmdb_id: number;
}

/** A watch event with its {@link EventKey}'s timestamp text. */
export interface KeyedEventRow extends EventRow {
  at_key: string;
}

/** Distinct users who started watching a title in the window. */
export interface ViewerCountRow {
  id: number;
  viewers: number;
}

/**
 * Records that a user watched a title: a new row, or one more watch of a known title.
 * @returns true when the user had not watched the title before.
 */
export async function recordWatch(
  db: Database,
  userId: string,
  type: MediaType,
  id: number,
): Promise<boolean> {
  const rows = await queryRows<{ first: boolean }>(
    db,
    sql`insert into watch_events (user_id, media_type, tmdb_id)
        values (${userId}, ${type}, ${id})
        on conflict (user_id, media_type, tmdb_id) do update
          set watch_count = watch_events.watch_count + 1, last_watched_at = clock_timestamp()
        returning (xmax = 0) as first`,
  );
  return rows[0]?.first ?? false;
}

/** A user's watched titles, most recently watched first. */
export function watchedTitles(db: Database, userId: string): Promise<TitleRef[]> {
  return queryRows<TitleRef>(
    db,
    sql`select media_type as type, tmdb_id as id from watch_events
        where user_id = ${userId}
        order by last_watched_at desc, first_watched_at desc`,
  );
}

/** The database's clock, as an ISO timestamp (a sync cursor). */
export async function databaseNow(db: Database): Promise<string> {
  const [row] = await queryRows<{ now: string }>(db, sql`select now()::text as now`);
  if (!row) throw new Error('select now() returned no row');
  return row.now;
}

/** The columns of an {@link EventRow}, and its key's timestamp text. */
const EVENT_COLUMNS = sql`user_id, media_type, tmdb_id,
  date_part('epoch', first_watched_at) * 1000 as at, first_watched_at::text as at_key`;

/**
 * Watch events first recorded after `since` minus `lookbackSeconds`, oldest first: each user's
 * titles come in the order they were first watched. `since` is a timestamp PostgreSQL reads
 * (a sync cursor).
 */
export function eventsSince(
  db: Database,
  since: string,
  lookbackSeconds = 0,
): Promise<KeyedEventRow[]> {
  return queryRows<KeyedEventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from watch_events
        where first_watched_at > ${since}::timestamptz - make_interval(secs => ${lookbackSeconds})
        order by first_watched_at, user_id, media_type, tmdb_id`,
  );
}

/**
 * Up to `limit` watch events after `after` (from the first when null) in key order
 * (first_watched_at, user_id, media_type, tmdb_id): one page of a keyset walk, read along
 * watch_events_first_watched_idx. The page's range ends first at the `limit`-th timestamp after
 * `after` (found on the index alone), so it reads about `limit` rows whatever plan the database
 * picks, also without statistics (the embedded database never gathers them on its own).
 */
export function eventsAfter(
  db: Database,
  after: EventKey | null,
  limit: number,
): Promise<KeyedEventRow[]> {
  // Every row after `after.at` comes after `after`: the range (after.at, bound] holds `limit`.
  const bound = sql`coalesce((select first_watched_at from watch_events
      ${after === null ? sql`` : sql`where first_watched_at > ${after.at}::timestamptz`}
      order by first_watched_at offset ${limit - 1} limit 1), 'infinity'::timestamptz)`;
  const from =
    after === null
      ? sql``
      : sql`first_watched_at >= ${after.at}::timestamptz
            and (first_watched_at, user_id, media_type, tmdb_id)
              > (${after.at}::timestamptz, ${after.user_id}, ${after.media_type}, ${after.tmdb_id})
            and`;
  return queryRows<KeyedEventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from watch_events
        where ${from} first_watched_at <= ${bound}
        order by first_watched_at, user_id, media_type, tmdb_id limit ${limit}`,
  );
}

/** How many watch events there are. */
export async function eventCount(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from watch_events`,
  );
  return row?.n ?? 0;
}

/**
 * The newest watch event that is not among the `keep` newest (in key order), or undefined when
 * there are no more than `keep`. Reads `keep` entries of watch_events_first_watched_idx
 * backwards: ask only when the table holds more.
 */
export async function newestBeyond(db: Database, keep: number): Promise<KeyedEventRow | undefined> {
  const rows = await queryRows<KeyedEventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from watch_events
        order by first_watched_at desc, user_id desc, media_type desc, tmdb_id desc
        offset ${keep} limit 1`,
  );
  return rows[0];
}

/** Titles of one type users started watching in the last `days` days, with how many users. */
export function recentViewers(
  db: Database,
  type: MediaType,
  days: number,
): Promise<ViewerCountRow[]> {
  return queryRows<ViewerCountRow>(
    db,
    sql`select tmdb_id as id, count(*)::int as viewers from watch_events
        where media_type = ${type} and first_watched_at > now() - make_interval(days => ${days})
        group by tmdb_id order by tmdb_id`,
  );
}

/**
 * The `limit` titles most users started watching in the last `days` days, most first (ties: the
 * latest start); none when nobody watched anything in that time.
 */
export function mostWatched(db: Database, days: number, limit: number): Promise<TitleRef[]> {
  return queryRows<TitleRef>(
    db,
    sql`select tmdb_id as id, media_type as type from watch_events
        where first_watched_at > now() - make_interval(days => ${days})
        group by media_type, tmdb_id
        order by count(*) desc, max(first_watched_at) desc limit ${limit}`,
  );
}
