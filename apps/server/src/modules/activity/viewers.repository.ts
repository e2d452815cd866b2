/**
 * Recent viewers (users who started watching a title in the last days) as the catalogue's
 * trending scores need them (RANK-1 in docs/requirements.md), read from `watch_events`, which
 * this module owns.
 */
import { sql } from 'drizzle-orm';
import { intArray, queryRows, type Database, type MediaType } from '@pigostream/db';

/** Users who started watching each of titles `ids` of `type` in the last `days` days. */
export function viewersOf(
  db: Database,
  type: MediaType,
  ids: readonly number[],
  days: number,
): Promise<{ id: number; viewers: number }[]> {
  // watch_events_title_idx: one range per title.
  return queryRows(
    db,
    sql`select tmdb_id as id, count(*)::int as viewers from watch_events
        where media_type = ${type} and tmdb_id = any(${intArray(ids)}::int[])
          and first_watched_at > now() - make_interval(days => ${days})
        group by tmdb_id`,
  );
}

/**
 * The titles first watched after `after` (null: from the start of time) and up to now minus
 * `days` days: those whose viewers stopped counting since `after`; and that time (text).
 */
export async function expiredViewers(
  db: Database,
  after: string | null,
  days: number,
): Promise<{ until: string; titles: { type: MediaType; id: number }[] }> {
  const bound = await queryRows<{ until: string }>(
    db,
    sql`select (now() - make_interval(days => ${days}))::text as until`,
  );
  const until = bound[0]?.until ?? new Date().toISOString();
  if (after === null) return { until, titles: [] };
  // watch_events_first_watched_idx: the events of the minutes since the last call.
  const titles = await queryRows<{ type: MediaType; id: number }>(
    db,
    sql`select distinct media_type as type, tmdb_id as id from watch_events
        where first_watched_at > ${after}::timestamptz and first_watched_at <= ${until}::timestamptz`,
  );
  return { until, titles };
}
