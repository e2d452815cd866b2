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

/**
 * Watch events first recorded after `since` minus `lookbackSeconds` (all when `since` is null),
 * oldest first: each user's titles come in the order they were first watched.
 */
export function eventsSince(
  db: Database,
  since: string | null,
  lookbackSeconds = 0,
): Promise<EventRow[]> {
  const filter =
    since === null
      ? sql``
      : sql`where first_watched_at > ${since}::timestamptz - make_interval(secs => ${lookbackSeconds})`;
  return queryRows<EventRow>(
    db,
    sql`select user_id, media_type, tmdb_id from watch_events ${filter}
        order by first_watched_at, user_id, media_type, tmdb_id`,
  );
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
 * The title most users started watching in the last `days` days (ties: the latest start), or
 * undefined when nobody watched anything in that time.
 */
export async function mostWatched(db: Database, days: number): Promise<TitleRef | undefined> {
  const rows = await queryRows<TitleRef>(
    db,
    sql`select tmdb_id as id, media_type as type from watch_events
        where first_watched_at > now() - make_interval(days => ${days})
        group by media_type, tmdb_id
        order by count(*) desc, max(first_watched_at) desc limit 1`,
  );
  return rows[0];
}
