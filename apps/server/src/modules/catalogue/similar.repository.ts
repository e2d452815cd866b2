/**
 * Catalogue SQL for the recommender's fallbacks (catalogue.service.ts): titles like given ones
 * (shared director, leading cast, genres, plus scores the caller brings) and the most popular
 * titles. Every query is bounded by indexes (primary keys, `credits_name_idx`,
 * `titles_popularity_idx`).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type MediaType } from '@pigostream/db';
import type { RatingCeiling } from '@pigostream/contracts';
import { andWithinCeiling } from './catalogue.repository.ts';

/** A title by media type and TMDB id. */
export interface TitleRef {
  type: MediaType;
  id: number;
}

/** A title with a score the caller computed. */
export interface ScoredTitle extends TitleRef {
  score: number;
}

/** Weights of the catalogue signals (per shared person or genre). */
const WEIGHTS = { director: 3, cast: 1, genre: 0.5 };
/** Billing positions of a seed's cast that count, and of a candidate's. */
const SEED_CAST = 5;
const CANDIDATE_CAST = 10;
/** Most popular titles per type that genre overlap is scored on. */
const GENRE_POOL = 100;

/** `{a,b}` array literals of the types and ids of `refs`, for `::text[]` and `::int[]`. */
function arrays(refs: readonly TitleRef[]): { types: string; ids: string } {
  return {
    types: `{${refs.map((r) => r.type).join(',')}}`,
    ids: `{${refs.map((r) => String(r.id)).join(',')}}`,
  };
}

/**
 * Titles like `seeds`: a shared director, shared leading cast, shared genres, plus `extra`
 * scores; summed per title, then by popularity. Titles in `exclude` and stub titles (no title
 * text) are left out, and under `ceiling` (a kids' profile, PROFILE-7 in docs/requirements.md)
 * titles above it, before the `limit` is taken (the genre pool is of titles within it).
 */
export function findSimilarTitles(
  db: Database,
  seeds: readonly TitleRef[],
  extra: readonly ScoredTitle[],
  exclude: readonly TitleRef[],
  limit: number,
  ceiling?: RatingCeiling,
): Promise<TitleRef[]> {
  if (seeds.length === 0) return Promise.resolve([]);
  const seed = arrays(seeds);
  const more = arrays(extra);
  const scores = `{${extra.map((e) => String(e.score)).join(',')}}`;
  const out = arrays(exclude);
  const pool = (type: MediaType) =>
    sql`(select media_type, id, genres from titles where media_type = ${type} and title <> ''${andWithinCeiling(ceiling)}
         order by popularity desc nulls last limit ${GENRE_POOL})`;
  return queryRows<TitleRef>(
    db,
    sql`with seeds as (
          select * from unnest(${seed.types}::text[], ${seed.ids}::int[]) as s(media_type, id)
        ),
        seed_people as (
          select c.name, c.kind from seeds s
          join credits c on c.media_type = s.media_type and c.tmdb_id = s.id
          where (c.kind = 'crew' and c.job = 'Director') or (c.kind = 'cast' and c."order" < ${SEED_CAST})
        ),
        seed_genres as (
          select distinct g->>'name' as name from seeds s
          join titles t on t.media_type = s.media_type and t.id = s.id,
          jsonb_array_elements(t.genres) g
        ),
        candidates as (
          select * from unnest(${more.types}::text[], ${more.ids}::int[], ${scores}::float8[])
            as e(media_type, id, w)
          union all
          select c.media_type, c.tmdb_id, case when p.kind = 'crew'
            then ${WEIGHTS.director}::float8 else ${WEIGHTS.cast}::float8 end
          from seed_people p join credits c on c.name = p.name and c.kind = p.kind
          where (c.kind = 'crew' and c.job = 'Director') or (c.kind = 'cast' and c."order" < ${CANDIDATE_CAST})
          union all
          select p.media_type, p.id, ${WEIGHTS.genre}::float8
          from (${pool('movie')} union all ${pool('tv')}) p
          cross join lateral jsonb_array_elements(p.genres) g
          join seed_genres sg on sg.name = g->>'name'
        ),
        excluded as (
          select * from unnest(${out.types}::text[], ${out.ids}::int[]) as x(media_type, id)
        ),
        scored as (
          select media_type, id, sum(w) as score from candidates group by media_type, id
        )
        -- A primary-key probe per candidate (LATERAL ... LIMIT 1 is never flattened into a
        -- join that could scan every title).
        select s.media_type as type, s.id from scored s
        cross join lateral (
          select t.popularity from titles t
          where t.media_type = s.media_type and t.id = s.id and t.title <> ''${andWithinCeiling(ceiling, 't')} limit 1
        ) t
        where not exists (
          select 1 from excluded x where x.media_type = s.media_type and x.id = s.id
        )
        order by s.score desc, t.popularity desc nulls last, s.id
        limit ${limit}`,
  );
}

/**
 * The catalogue's most popular titles, movies and shows together; under `ceiling` only titles
 * within it (PROFILE-7).
 */
export function findPopularTitles(
  db: Database,
  limit: number,
  ceiling?: RatingCeiling,
): Promise<TitleRef[]> {
  const top = (type: MediaType) =>
    sql`(select media_type, id, popularity from titles where media_type = ${type} and title <> ''${andWithinCeiling(ceiling)}
         order by popularity desc nulls last limit ${limit})`;
  return queryRows<TitleRef>(
    db,
    sql`select media_type as type, id from (${top('movie')} union all ${top('tv')}) p
        order by popularity desc nulls last, media_type, id limit ${limit}`,
  );
}
