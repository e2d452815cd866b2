/**
 * Recommender SQL: watch events (one row per user and title, counting watches), the events the
 * in-memory model loads, and the catalogue-based candidates (shared anime franchise, director,
 * cast, genres) and popular titles used when co-watch data runs short. Every query is bounded
 * by indexes (primary keys, `credits_name_idx`, `anime_links_anilist_idx`,
 * `titles_popularity_idx`).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type MediaType } from '@pigostream/db';
import type { ItemRef } from './co-watch.model.ts';

/** A watch event as the model loads it. */
export interface EventRow {
  user_id: string;
  item_type: MediaType;
  item_id: number;
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
    sql`insert into watch_events (user_id, item_type, item_id)
        values (${userId}, ${type}, ${id})
        on conflict (user_id, item_type, item_id) do update
          set watch_count = watch_events.watch_count + 1, last_watched_at = clock_timestamp()
        returning (xmax = 0) as first`,
  );
  return rows[0]?.first ?? false;
}

/** A user's watched titles, most recently watched first. */
export async function watchedTitles(db: Database, userId: string): Promise<ItemRef[]> {
  const rows = await queryRows<{ type: MediaType; id: number }>(
    db,
    sql`select item_type as type, item_id as id from watch_events
        where user_id = ${userId}
        order by last_watched_at desc, first_watched_at desc`,
  );
  return rows;
}

/** The database's clock, as an ISO timestamp (the model's sync cursor). */
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
    sql`select user_id, item_type, item_id from watch_events ${filter}
        order by first_watched_at, user_id, item_type, item_id`,
  );
}

/** Weights of the catalogue signals (per shared person, entry or genre). */
const WEIGHTS = { franchise: 8, director: 3, cast: 1, genre: 0.5 };
/** Billing positions of a seed's cast that count, and of a candidate's. */
const SEED_CAST = 5;
const CANDIDATE_CAST = 10;
/** Most popular titles per type that genre overlap is scored on. */
const GENRE_POOL = 100;

/**
 * Titles like `seeds` in the catalogue: the same or a related anime entry (anime_links,
 * anime_relations), a shared director, shared leading cast, shared genres; scored by those
 * weights, then by popularity. Titles the user watched are left out; stub titles (no title
 * text) too.
 */
export async function similarTitles(
  db: Database,
  userId: string,
  seeds: ItemRef[],
  limit: number,
): Promise<ItemRef[]> {
  if (seeds.length === 0) return [];
  const types = `{${seeds.map((s) => s.type).join(',')}}`;
  const ids = `{${seeds.map((s) => s.id).join(',')}}`;
  const pool = (type: MediaType) =>
    sql`(select media_type, id, genres from titles where media_type = ${type} and title <> ''
         order by popularity desc nulls last limit ${GENRE_POOL})`;
  return queryRows<ItemRef>(
    db,
    sql`with seeds as (
          select * from unnest(${types}::text[], ${ids}::int[]) as s(media_type, id)
        ),
        links as (
          select l.anilist_id from seeds s
          join anime_links l on l.media_type = s.media_type and l.tmdb_id = s.id
        ),
        entries as (
          select anilist_id from links
          union select r.node_id from links k join anime_relations r on r.media_id = k.anilist_id
        ),
        seed_people as (
          select c.name, c.kind from seeds s
          join credits c on c.media_type = s.media_type and c.title_id = s.id
          where (c.kind = 'crew' and c.job = 'Director') or (c.kind = 'cast' and c."order" < ${SEED_CAST})
        ),
        seed_genres as (
          select distinct g->>'name' as name from seeds s
          join titles t on t.media_type = s.media_type and t.id = s.id,
          jsonb_array_elements(t.genres) g
        ),
        candidates as (
          select l.media_type, l.tmdb_id as id, ${WEIGHTS.franchise}::float8 as w
          from entries e join anime_links l on l.anilist_id = e.anilist_id
          union all
          select c.media_type, c.title_id, case when p.kind = 'crew'
            then ${WEIGHTS.director}::float8 else ${WEIGHTS.cast}::float8 end
          from seed_people p join credits c on c.name = p.name and c.kind = p.kind
          where (c.kind = 'crew' and c.job = 'Director') or (c.kind = 'cast' and c."order" < ${CANDIDATE_CAST})
          union all
          select p.media_type, p.id, ${WEIGHTS.genre}::float8
          from (${pool('movie')} union all ${pool('tv')}) p
          cross join lateral jsonb_array_elements(p.genres) g
          join seed_genres sg on sg.name = g->>'name'
        ),
        scored as (
          select media_type, id, sum(w) as score from candidates group by media_type, id
        )
        -- A primary-key probe per candidate (LATERAL ... LIMIT 1 is never flattened into a
        -- join that could scan every title).
        select s.media_type as type, s.id from scored s
        cross join lateral (
          select t.popularity from titles t
          where t.media_type = s.media_type and t.id = s.id and t.title <> '' limit 1
        ) t
        where not exists (
          select 1 from watch_events e
          where e.user_id = ${userId} and e.item_type = s.media_type and e.item_id = s.id
        )
        order by s.score desc, t.popularity desc nulls last, s.id
        limit ${limit}`,
  );
}

/** The catalogue's most popular titles, movies and shows together. */
export function popularTitles(db: Database, limit: number): Promise<ItemRef[]> {
  const top = (type: MediaType) =>
    sql`(select media_type, id, popularity from titles where media_type = ${type} and title <> ''
         order by popularity desc nulls last limit ${limit})`;
  return queryRows<ItemRef>(
    db,
    sql`select media_type as type, id from (${top('movie')} union all ${top('tv')}) p
        order by popularity desc nulls last, media_type, id limit ${limit}`,
  );
}
