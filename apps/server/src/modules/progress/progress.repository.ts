/**
 * Watch progress SQL (PROG-1 in docs/requirements.md): every statement the progress service runs.
 * Each change is one statement, so concurrent saves end in the state some sequential order of them
 * gives: per movie or episode, the save that came last wins, and no other row is touched.
 */
import { WATCHED_FRACTION } from '@pigostream/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type MediaType } from '@pigostream/db';

/** A movie (season and episode 0) or an episode of a show. */
export interface ProgressKey {
  type: MediaType;
  id: number;
  season: number;
  episode: number;
}

/** One stored progress row. */
export interface ProgressRow {
  media_type: MediaType;
  tmdb_id: number;
  season_number: number;
  episode_number: number;
  /** Seconds. */
  position_s: number;
  /** Seconds. */
  duration_s: number;
  watched: boolean;
  updated_at: Date | string;
}

/**
 * Saves how far `userId` got in one movie or episode: `positionS` of `durationS` seconds (a
 * position past the end is stored as the end). The row becomes watched once the position
 * reaches {@link WATCHED_FRACTION} of the duration and stays so.
 * @returns whether it counts as watched now.
 */
export async function saveProgress(
  db: Database,
  userId: string,
  key: ProgressKey,
  positionS: number,
  durationS: number,
): Promise<boolean> {
  const position = Math.min(positionS, durationS);
  const reached = position >= WATCHED_FRACTION * durationS;
  const rows = await queryRows<{ watched: boolean }>(
    db,
    sql`insert into watch_progress as p (user_id, media_type, tmdb_id, season_number,
          episode_number, position_s, duration_s, watched, updated_at)
        values (${userId}, ${key.type}, ${key.id}, ${key.season}, ${key.episode}, ${position},
          ${durationS}, ${reached}, clock_timestamp())
        on conflict on constraint watch_progress_pk do update set
          position_s = excluded.position_s, duration_s = excluded.duration_s,
          watched = p.watched or excluded.watched, updated_at = excluded.updated_at
        returning watched`,
  );
  return rows[0]?.watched ?? reached;
}

/** Every progress row of one title of `userId`, newest save first. */
export function titleProgress(
  db: Database,
  userId: string,
  type: MediaType,
  id: number,
): Promise<ProgressRow[]> {
  return queryRows<ProgressRow>(
    db,
    sql`select media_type, tmdb_id, season_number, episode_number, position_s, duration_s,
          watched, updated_at
        from watch_progress
        where user_id = ${userId} and media_type = ${type} and tmdb_id = ${id}
        order by updated_at desc, season_number desc, episode_number desc`,
  );
}

/**
 * Continue Watching of `userId`: for each title, the row played last (rows only marked watched
 * have no duration and do not count), when it is started and not finished (a position above 0 and under {@link WATCHED_FRACTION} of the duration); newest
 * first, at most `limit` after the `offset` newest (a kids' profile reads on past titles above its
 * limit, PROFILE-7).
 */
export function continueWatching(
  db: Database,
  userId: string,
  limit: number,
  offset = 0,
): Promise<ProgressRow[]> {
  return queryRows<ProgressRow>(
    db,
    sql`select * from (
          select distinct on (media_type, tmdb_id) media_type, tmdb_id, season_number,
            episode_number, position_s, duration_s, watched, updated_at
          from watch_progress
          where user_id = ${userId} and duration_s > 0
          order by media_type, tmdb_id, updated_at desc, season_number desc, episode_number desc
        ) latest
        where position_s > 0 and position_s < ${WATCHED_FRACTION} * duration_s
        order by updated_at desc, media_type, tmdb_id
        limit ${limit} offset ${offset}`,
  );
}

/**
 * Takes one title out of Continue Watching: its positions go back to 0 (what was watched stays
 * watched). @returns how many rows were started.
 */
export async function resetTitleProgress(
  db: Database,
  userId: string,
  type: MediaType,
  id: number,
): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update watch_progress set position_s = 0
        where user_id = ${userId} and media_type = ${type} and tmdb_id = ${id}
          and position_s > 0
        returning 1`,
  );
  return rows.length;
}

/**
 * Marks `episodes` of season `season` of show `id` watched for `userId`: new rows at position 0
 * of 0, and a started episode moves to its end (it is no longer to be continued). One statement.
 * @returns how many episodes were marked.
 */
export async function markEpisodesWatched(
  db: Database,
  userId: string,
  id: number,
  season: number,
  episodes: readonly number[],
): Promise<number> {
  if (episodes.length === 0) return 0;
  const values = sql.join(
    episodes.map(
      (episode) =>
        sql`(${userId}, 'tv', ${id}, ${season}, ${episode}, 0::float8, 0::float8, true, clock_timestamp())`,
    ),
    sql`, `,
  );
  const rows = await queryRows(
    db,
    sql`insert into watch_progress as p (user_id, media_type, tmdb_id, season_number,
          episode_number, position_s, duration_s, watched, updated_at)
        values ${values}
        on conflict on constraint watch_progress_pk do update set
          watched = true, position_s = p.duration_s
        returning 1`,
  );
  return rows.length;
}

/** Forgets the progress of season `season` of show `id` for `userId`. @returns rows removed. */
export async function forgetSeason(
  db: Database,
  userId: string,
  id: number,
  season: number,
): Promise<number> {
  const rows = await queryRows(
    db,
    sql`delete from watch_progress
        where user_id = ${userId} and media_type = 'tv' and tmdb_id = ${id}
          and season_number = ${season}
        returning 1`,
  );
  return rows.length;
}

/**
 * The shows Up Next looks at for `userId`: those in My List, in the watch history or with any
 * progress, the one with the latest activity first, at most `limit` after the `offset` first.
 */
export async function upNextShows(
  db: Database,
  userId: string,
  limit: number,
  offset = 0,
): Promise<number[]> {
  const rows = await queryRows<{ tmdb_id: number }>(
    db,
    sql`select tmdb_id from (
          select tmdb_id, added_at as at from my_list where user_id = ${userId} and media_type = 'tv'
          union all
          select tmdb_id, watched_at from watch_history
            where user_id = ${userId} and media_type = 'tv'
          union all
          select tmdb_id, updated_at from watch_progress
            where user_id = ${userId} and media_type = 'tv'
        ) activity
        group by tmdb_id
        order by max(at) desc, tmdb_id
        limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => r.tmdb_id);
}

/**
 * The episodes of shows `ids` that `userId` has watched (specials included), as show id ->
 * `[season, episode]` pairs; shows with none are absent.
 */
export async function watchedEpisodes(
  db: Database,
  userId: string,
  ids: readonly number[],
): Promise<Map<number, [number, number][]>> {
  const watched = new Map<number, [number, number][]>();
  if (ids.length === 0) return watched;
  const rows = await queryRows<{ tmdb_id: number; season_number: number; episode_number: number }>(
    db,
    sql`select tmdb_id, season_number, episode_number from watch_progress
        where user_id = ${userId} and media_type = 'tv' and watched
          and tmdb_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  for (const row of rows) {
    const pairs = watched.get(row.tmdb_id) ?? [];
    pairs.push([row.season_number, row.episode_number]);
    watched.set(row.tmdb_id, pairs);
  }
  return watched;
}

/**
 * Marks imported episodes of show `id` watched for `userId` (TRANSFER-3), at the time each was
 * watched (now when null); an episode already saved becomes watched and keeps its position.
 * Idempotent. Runs inside the caller's transaction `db`, 1,000 rows per statement.
 * @returns how many episodes were not saved before.
 */
export async function importWatchedEpisodes(
  db: Database,
  userId: string,
  id: number,
  episodes: readonly { season: number; episode: number; watchedAt: string | null }[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < episodes.length; i += 1000) {
    const values = sql.join(
      episodes
        .slice(i, i + 1000)
        .map(
          (e) =>
            sql`(${userId}, 'tv', ${id}, ${e.season}, ${e.episode}, 0::float8, 0::float8, true, ${
              e.watchedAt === null ? sql`clock_timestamp()` : sql`${e.watchedAt}::timestamptz`
            })`,
        ),
      sql`, `,
    );
    const rows = await queryRows<{ added: boolean }>(
      db,
      sql`insert into watch_progress as p (user_id, media_type, tmdb_id, season_number,
            episode_number, position_s, duration_s, watched, updated_at)
          values ${values}
          on conflict on constraint watch_progress_pk do update set watched = true
            where not p.watched
          returning (xmax = 0) as added`,
    );
    added += rows.filter((r) => r.added).length;
  }
  return added;
}
