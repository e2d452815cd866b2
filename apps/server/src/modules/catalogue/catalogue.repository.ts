/**
 * Catalogue SQL: every query the local source runs. Rows come back in column names; the
 * mapper (catalogue.mapper.ts) turns them into TMDB shapes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type GenreJson, type MediaType } from '@pigostream/db';
import { MAX_PAGE } from '@pigostream/contracts/constants';
import type { RatingCeiling } from '@pigostream/contracts';
import {
  refreshProviderPopularity,
  refreshSearchPostings,
  refreshSearchWords,
  refreshTrendingScores,
} from './rankings.repository.ts';

/** A `titles` row as selected for lists. Stub rows (empty title, ids only) are never listed. */
export interface TitleListRow {
  media_type: MediaType;
  id: number;
  title: string;
  original_title: string | null;
  original_language: string | null;
  overview: string | null;
  release_date: string | null;
  poster_path: string | null;
  backdrop_path: string | null;
  vote_average: number | null;
  vote_count: number | null;
  popularity: number | null;
  genres: GenreJson[];
}

export interface TitleDetailRow extends TitleListRow {
  tagline: string | null;
  status: string | null;
  imdb_id: string | null;
  runtime: number | null;
  episode_run_time: number | null;
  last_air_date: string | null;
  number_of_episodes: number | null;
  number_of_seasons: number | null;
  trailer_key: string | null;
  spoken_languages: { iso_639_1: string; english_name: string; name: string }[];
  created_by: { id: number | null; name: string }[];
  /** The rating as its board wrote it and its age on the one scale (PROFILE-7); null: unknown. */
  certification: string | null;
  rating_age: number | null;
}

export interface CreditRow {
  kind: 'cast' | 'crew';
  order: number;
  cast_id: number | null;
  person_id: number | null;
  name: string;
  character: string | null;
  job: string | null;
  department: string | null;
  profile_path: string | null;
}

export interface SeasonRow {
  id: number;
  season_number: number;
  name: string;
  overview: string | null;
  air_date: string | null;
  poster_path: string | null;
  episode_count: number;
}

export interface EpisodeRow {
  id: number;
  season_number: number;
  episode_number: number;
  name: string;
  overview: string | null;
  air_date: string | null;
  still_path: string | null;
  runtime: number | null;
  vote_average: number | null;
}

/** The columns of a {@link TitleListRow}, of the titles row named `t` (or unqualified). */
function listColumnsOf(t?: 't'): SQL {
  const c = (name: string) => (t ? `${t}.${name}` : name);
  return sql.raw(`${c('media_type')}, ${c('id')}, ${c('title')}, ${c('original_title')},
    ${c('original_language')}, ${c('overview')}, ${c('release_date')}::text as release_date,
    ${c('poster_path')}, ${c('backdrop_path')}, ${c('vote_average')}, ${c('vote_count')},
    ${c('popularity')}, ${c('genres')}`);
}
const listColumns = listColumnsOf();

/**
 * The condition keeping titles within a kids' profile's rating limit (PROFILE-7 in
 * docs/requirements.md), on the titles row `t` (or unqualified), to follow a `where` clause:
 * ` and (rating_age <= <maxAge> or (rating_age is null and <unrated>))`. Empty without a limit,
 * so the query text of adults and signed-out visitors is exactly what it was without one.
 */
export function andWithinCeiling(ceiling: RatingCeiling | undefined, t?: 't'): SQL {
  if (!ceiling) return sql``;
  const age = sql.raw(t ? `${t}.rating_age` : 'rating_age');
  // The literal lets the planner drop the unrated branch when it is false.
  const unrated = sql.raw(ceiling.unrated ? 'true' : 'false');
  return sql` and (${age} <= ${ceiling.maxAge} or (${age} is null and ${unrated}))`;
}

/** A page of a list, with how many titles the whole list holds (at most {@link MAX_TOTAL}). */
export interface ListPage {
  rows: TitleListRow[];
  total: number;
}

/**
 * Largest total a list reports: TMDB's 500 pages of 20 (MAX_PAGE). Counting stops there, so a
 * count costs at most this many index entries at any catalogue size (RANK-1).
 */
export const MAX_TOTAL = MAX_PAGE * 20;

/**
 * Listed titles of `type` (stubs are not), as the last rankings refresh counted them, at most
 * {@link MAX_TOTAL}; before any refresh, counted up to that in the order of titles_trending_idx
 * (so the count walks that index alone, whatever the other type's size). Under a rating limit
 * (PROFILE-7), the titles within it, counted up to {@link MAX_TOTAL} in that order.
 */
async function countListed(
  db: Database,
  type: MediaType,
  ceiling: RatingCeiling | undefined,
): Promise<number> {
  if (ceiling) {
    const within = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from titles
            where media_type = ${type} and title <> ''${andWithinCeiling(ceiling)}
            order by trending_score desc nulls last, vote_count desc nulls last, id
            limit ${MAX_TOTAL}) s`,
    );
    return within[0]?.n ?? 0;
  }
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(
          (select least(listed, ${MAX_TOTAL}) from catalogue_rankings where media_type = ${type}),
          (select count(*)::int from (select 1 from titles
            where media_type = ${type} and title <> ''
            order by trending_score desc nulls last, vote_count desc nulls last, id
            limit ${MAX_TOTAL}) s))::int as n`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Titles of `type` in `order` (the columns of an index on titles), a page of them; under
 * `ceiling` only those within it (PROFILE-7), filtered before the page is cut.
 */
async function listInOrder(
  db: Database,
  type: MediaType,
  order: SQL,
  limit: number,
  offset: number,
  ceiling: RatingCeiling | undefined,
): Promise<ListPage> {
  const [rows, total] = await Promise.all([
    queryRows<TitleListRow>(
      db,
      sql`select ${listColumns} from titles where media_type = ${type} and title <> ''${andWithinCeiling(ceiling)}
          order by ${order} limit ${limit} offset ${offset}`,
    ),
    countListed(db, type, ceiling),
  ]);
  return { rows, total };
}

/**
 * Popular: titles by popularity, a page read from titles_popularity_idx (RANK-1 in
 * docs/requirements.md); under `ceiling` only titles within it (PROFILE-7).
 */
export function listPopular(
  db: Database,
  type: MediaType,
  limit: number,
  offset: number,
  ceiling?: RatingCeiling,
): Promise<ListPage> {
  return listInOrder(
    db,
    type,
    sql`popularity desc nulls last, vote_count desc nulls last, id`,
    limit,
    offset,
    ceiling,
  );
}

/**
 * Trending (RANK-1; ARCH-13 in docs/architecture.md): by the kept trending score (popularity
 * discounted by age, plus this server's recent viewers: rankings.service.ts), a page read from
 * titles_trending_idx; under `ceiling` only titles within it (PROFILE-7).
 */
export function listTrending(
  db: Database,
  type: MediaType,
  limit: number,
  offset: number,
  ceiling?: RatingCeiling,
): Promise<ListPage> {
  return listInOrder(
    db,
    type,
    sql`trending_score desc nulls last, vote_count desc nulls last, id`,
    limit,
    offset,
    ceiling,
  );
}

/**
 * A provider row (RANK-2): titles available on a streaming provider in a region, by
 * popularity, read from title_providers_rank_idx (the provider's rows in popularity order),
 * each title then fetched by key; never a walk of the catalogue. Under `ceiling` only titles
 * within it (PROFILE-7), filtered before the page is cut and counted the same way.
 */
export async function listByProvider(
  db: Database,
  type: MediaType,
  providerId: number,
  region: string,
  limit: number,
  offset: number,
  ceiling?: RatingCeiling,
): Promise<ListPage> {
  const within = andWithinCeiling(ceiling, 't');
  const [rows, counted] = await Promise.all([
    queryRows<TitleListRow>(
      db,
      sql`select ${listColumnsOf('t')}
          from title_providers p join titles t on t.media_type = p.media_type and t.id = p.tmdb_id
          where p.provider_id = ${providerId} and p.region = ${region} and p.media_type = ${type}
            and t.title <> ''${within}
          order by p.popularity desc nulls last, t.vote_count desc nulls last, t.id
          limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      ceiling
        ? sql`select count(*)::int as n from (select 1 from title_providers p
              join titles t on t.media_type = p.media_type and t.id = p.tmdb_id
              where p.provider_id = ${providerId} and p.region = ${region}
                and p.media_type = ${type} and t.title <> ''${within}
              limit ${MAX_TOTAL}) s`
        : sql`select count(*)::int as n from (select 1 from title_providers
            where provider_id = ${providerId} and region = ${region} and media_type = ${type}
            limit ${MAX_TOTAL}) s`,
    ),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/**
 * Refreshes planner statistics after bulk writes (seed, import) so searches use the indexes,
 * brings the precomputed rankings up to date (trending scores, provider rows' popularity,
 * search's vocabulary and word index: rankings.repository.ts), and folds the GIN indexes' pending entries in
 * (GIN keeps an import's new titles in a list every lookup would otherwise read through).
 */
export async function analyzeCatalogue(db: Database): Promise<void> {
  await refreshTrendingScores(db, true);
  await refreshProviderPopularity(db);
  await refreshSearchWords(db);
  await refreshSearchPostings(db);
  await db.execute(
    sql`analyze titles, seasons, episodes, credits, title_providers, search_words, search_postings`,
  );
  await db.execute(sql`select gin_clean_pending_list('titles_title_trgm_idx'::regclass)`);
  await db.execute(sql`select gin_clean_pending_list('titles_search_vector_idx'::regclass)`);
}

/** One title's row, or undefined. */
export async function findTitle(
  db: Database,
  type: MediaType,
  id: number,
): Promise<TitleDetailRow | undefined> {
  const rows = await queryRows<TitleDetailRow>(
    db,
    sql`select media_type, id, title, original_title, original_language, overview,
          release_date::text as release_date, last_air_date::text as last_air_date, poster_path,
          backdrop_path, vote_average, vote_count, popularity, genres, tagline, status, imdb_id,
          runtime, episode_run_time, number_of_episodes, number_of_seasons, trailer_key,
          spoken_languages, created_by, certification, rating_age
        from titles where media_type = ${type} and id = ${id} and title <> ''`,
  );
  return rows[0];
}

/** Cast then crew of a title, in billing order. */
export function findCredits(db: Database, type: MediaType, id: number): Promise<CreditRow[]> {
  return queryRows<CreditRow>(
    db,
    sql`select kind, "order", cast_id, person_id, name, character, job, department, profile_path
        from credits where media_type = ${type} and tmdb_id = ${id} order by kind, "order"`,
  );
}

/** A show's seasons by number. */
export function findSeasons(db: Database, showId: number): Promise<SeasonRow[]> {
  return queryRows<SeasonRow>(
    db,
    sql`select id, season_number, name, overview, air_date::text as air_date, poster_path,
          episode_count from seasons where tmdb_id = ${showId} order by season_number`,
  );
}

/** One season, or undefined. */
export async function findSeason(
  db: Database,
  showId: number,
  seasonNumber: number,
): Promise<SeasonRow | undefined> {
  const rows = await queryRows<SeasonRow>(
    db,
    sql`select id, season_number, name, overview, air_date::text as air_date, poster_path,
          episode_count from seasons where tmdb_id = ${showId} and season_number = ${seasonNumber}`,
  );
  return rows[0];
}

/** A season's episodes by number. */
export function findEpisodes(
  db: Database,
  showId: number,
  seasonNumber: number,
): Promise<EpisodeRow[]> {
  return queryRows<EpisodeRow>(
    db,
    sql`select id, season_number, episode_number, name, overview, air_date::text as air_date,
          still_path, runtime, vote_average from episodes
        where tmdb_id = ${showId} and season_number = ${seasonNumber} order by episode_number`,
  );
}

/** The season numbers of shows `showIds`, as `[show id, season number]`, ascending. */
export function findSeasonNumbers(
  db: Database,
  showIds: readonly number[],
): Promise<{ tmdb_id: number; season_number: number }[]> {
  if (showIds.length === 0) return Promise.resolve([]);
  return queryRows(
    db,
    sql`select tmdb_id, season_number from seasons
        where tmdb_id in (${sql.join(
          showIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by tmdb_id, season_number`,
  );
}

/** The episodes of the given `[show id, season number]` pairs, by show, season and number. */
export function findEpisodesOfSeasons(
  db: Database,
  seasons: readonly (readonly [number, number])[],
): Promise<(EpisodeRow & { tmdb_id: number })[]> {
  if (seasons.length === 0) return Promise.resolve([]);
  return queryRows(
    db,
    sql`select tmdb_id, id, season_number, episode_number, name, overview,
          air_date::text as air_date, still_path, runtime, vote_average
        from episodes
        where (tmdb_id, season_number) in (${sql.join(
          seasons.map(([show, season]) => sql`(${show}::int, ${season}::int)`),
          sql`, `,
        )})
        order by tmdb_id, season_number, episode_number`,
  );
}

const lookupColumns = sql.raw(`media_type, id, title, original_title, original_language,
  overview, release_date::text as release_date, poster_path, backdrop_path, vote_average,
  vote_count, popularity, genres, imdb_id`);

/** Least trigram similarity of a title {@link findTitlesNamedLike} answers. */
const SIMILAR_THRESHOLD = 0.45;

/**
 * A list row with its IMDb id, for the import's title lookups (TRANSFER-1, TRANSFER-2 in
 * docs/requirements.md).
 */
export type LookupRow = TitleListRow & { imdb_id: string | null };

/** `values` as `(v1), (v2), ...` pieces joined by commas, for `in (...)`. */
const listOf = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Titles with the given IMDb ids (`tt...`), any order; stubs are absent. */
export function findTitlesByImdbIds(db: Database, ids: readonly string[]): Promise<LookupRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<LookupRow>(
    db,
    sql`select ${lookupColumns} from titles where title <> '' and imdb_id in (${listOf(ids)})`,
  );
}

/** Titles of `type` with the given TMDB ids, any order; stubs are absent. */
export function findLookupRowsByIds(
  db: Database,
  type: MediaType,
  ids: readonly number[],
): Promise<LookupRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<LookupRow>(
    db,
    sql`select ${lookupColumns} from titles
        where media_type = ${type} and title <> '' and id in (${listOf(ids)})`,
  );
}

/** Titles whose lower-cased title or original title is one of `names` (lower-cased), any order. */
export function findTitlesByNames(db: Database, names: readonly string[]): Promise<LookupRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  const list = listOf(names);
  return queryRows<LookupRow>(
    db,
    sql`select ${lookupColumns} from titles
        where title <> '' and (lower(title) in (${list}) or lower(original_title) in (${list}))`,
  );
}

/**
 * For each of `names` (lower-cased), up to `limit` titles of any type whose title is like it
 * (trigram similarity of at least {@link SIMILAR_THRESHOLD}, over titles_title_trgm_idx),
 * nearest first, with the name's index. One transaction (for its local threshold).
 */
export function findTitlesNamedLike(
  db: Database,
  names: readonly string[],
  limit: number,
): Promise<(LookupRow & { name_index: number })[]> {
  if (names.length === 0) return Promise.resolve([]);
  const wanted = sql.join(
    names.map((name, i) => sql`(${i}::int, ${name}::text)`),
    sql`, `,
  );
  // Only titles at least this alike come back: the import offers nothing below about that, and
  // a stricter threshold leaves the index fewer rows to check (pg_trgm's default is 0.3).
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`set local pg_trgm.similarity_threshold = ${sql.raw(String(SIMILAR_THRESHOLD))}`,
    );
    return queryRows<LookupRow & { name_index: number }>(
      tx,
      sql`select q.name_index, c.* from (values ${wanted}) as q(name_index, name)
        cross join lateral (
          select t.media_type, t.id, t.title, t.original_title, t.original_language, t.overview,
            t.release_date::text as release_date, t.poster_path, t.backdrop_path, t.vote_average,
            t.vote_count, t.popularity, t.genres, t.imdb_id
          from titles t
          where t.title <> '' and lower(t.title) % q.name
          order by lower(t.title) <-> q.name
          limit ${limit}) c`,
    );
  });
}

/**
 * List rows of the given titles (any order); unknown ids and stubs are absent, and under
 * `ceiling` titles above it (PROFILE-7).
 */
export function findTitlesByIds(
  db: Database,
  type: MediaType,
  ids: number[],
  ceiling?: RatingCeiling,
): Promise<TitleListRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<TitleListRow>(
    db,
    sql`select media_type, id, title, original_title, original_language, overview,
          release_date::text as release_date, poster_path, backdrop_path, vote_average,
          vote_count, popularity, genres
        from titles where media_type = ${type} and title <> ''
          and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})${andWithinCeiling(ceiling)}`,
  );
}

/** Whether the catalogue holds no title at all (first start). */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from titles limit 1`);
  return rows.length === 0;
}
