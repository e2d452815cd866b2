/**
 * Anime SQL: the searches and relation loads behind the local AniList-shaped GraphQL API
 * (anime.graphql.ts). Rows come back in column names.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RatingCeiling } from '@pigostream/contracts';
import { intArray, queryRows, type Database } from '@pigostream/db';

/** An `anime_media` row as the GraphQL resolvers read it. */
export interface AnimeRow {
  id: number;
  id_mal: number | null;
  title_english: string | null;
  title_romaji: string | null;
  title_native: string | null;
  type: string | null;
  format: string | null;
  status: string | null;
  episodes: number | null;
  /** Minutes per episode. */
  duration: number | null;
  start_year: number | null;
  start_month: number | null;
  start_day: number | null;
  description: string | null;
  cover_image_large: string | null;
  average_score: number | null;
  popularity: number | null;
  genres: string[];
}

/** A search hit with the number of matches over all pages. */
export interface AnimeSearchRow extends AnimeRow {
  total: number;
}

/**
 * A relation edge of `media_id`. `node` is the node's `anime_media` row; for a node outside
 * `anime_media` only its id and the edge's romaji title and type are set.
 */
export interface RelationRow {
  media_id: number;
  relation_type: string;
  node: AnimeRow;
}

/**
 * AniList MediaSort values this API answers, each as an ORDER BY fragment. SEARCH_MATCH is
 * handled apart: it needs the search text.
 */
const SORT_SQL = {
  ID: 'id asc',
  ID_DESC: 'id desc',
  TITLE_ROMAJI: 'title_romaji asc nulls last',
  TITLE_ROMAJI_DESC: 'title_romaji desc nulls last',
  TITLE_ENGLISH: 'title_english asc nulls last',
  TITLE_ENGLISH_DESC: 'title_english desc nulls last',
  TITLE_NATIVE: 'title_native asc nulls last',
  TITLE_NATIVE_DESC: 'title_native desc nulls last',
  START_DATE: 'start_year asc nulls last, start_month asc nulls last, start_day asc nulls last',
  START_DATE_DESC:
    'start_year desc nulls last, start_month desc nulls last, start_day desc nulls last',
  POPULARITY: 'popularity asc nulls last',
  POPULARITY_DESC: 'popularity desc nulls last',
  SCORE: 'average_score asc nulls last',
  SCORE_DESC: 'average_score desc nulls last',
  EPISODES: 'episodes asc nulls last',
  EPISODES_DESC: 'episodes desc nulls last',
  DURATION: 'duration asc nulls last',
  DURATION_DESC: 'duration desc nulls last',
} as const;

export type AnimeSort = keyof typeof SORT_SQL | 'SEARCH_MATCH';
/** Every sort `searchAnime` accepts (the GraphQL MediaSort enum lists exactly these). */
export const ANIME_SORTS = [...Object.keys(SORT_SQL), 'SEARCH_MATCH'] as AnimeSort[];

export interface AnimeFilter {
  /** Matched by word similarity on the english, romaji and native titles. */
  search?: string | null | undefined;
  id?: number | null | undefined;
  /** AniList MediaType (ANIME, MANGA). */
  type?: string | null | undefined;
  /** AniList MediaFormat values; empty or absent means any. */
  formats?: readonly string[] | null | undefined;
  /** A kids' profile's rating limit: only entries {@link shownUnder} it (PROFILE-7). */
  ceiling?: RatingCeiling | undefined;
}

/**
 * The rating of the anime entry `entry` (an SQL expression of its AniList id) for a kids'
 * profile (PROFILE-7 in docs/requirements.md): the oldest `rating_age` among the TMDB titles it
 * is linked to (`anime_links`), null when none of them has a known rating or it has none. This
 * is the one column of the catalogue's tables the anime module reads.
 */
const entryRatingAge = (entry: SQL) =>
  sql`(select max(t.rating_age) from anime_links l
      join titles t on t.media_type = l.media_type and t.id = l.tmdb_id
      where l.anilist_id = ${entry})`;

/**
 * The condition showing the anime entry `entry` (an SQL expression of its AniList id) under a
 * kids' profile's limit (PROFILE-7): its {@link entryRatingAge} is at most `ceiling.maxAge`. An
 * entry one of whose linked titles is rated above the limit is hidden; so is one with no linked
 * title of known rating (no link, or only unrated titles), unless `ceiling.unrated`.
 */
function shownUnder(ceiling: RatingCeiling, entry: SQL): SQL {
  // An unknown rating stands in below every limit (shown) or above all of them (hidden).
  const unknown = sql.raw(ceiling.unrated ? '-1' : '99');
  return sql`coalesce(${entryRatingAge(entry)}, ${unknown}) <= ${ceiling.maxAge}`;
}

/** Matches each search branch contributes at most; bounds the work (and `total`) per query. */
const SEARCH_CANDIDATES = 500;

const MEDIA_COLUMNS = sql.raw(`id, id_mal, title_english, title_romaji, title_native, type,
  format, status, episodes, duration, start_year, start_month, start_day, description,
  cover_image_large, average_score, popularity, genres`);
const ENGLISH = sql.raw(`lower(coalesce(title_english, ''))`);
const ROMAJI = sql.raw(`lower(coalesce(title_romaji, ''))`);
const NATIVE = sql.raw(`lower(coalesce(title_native, ''))`);

/** `v1, v2, ...` as bound parameters, for `in (...)`. */
function inList(values: readonly (number | string)[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

/**
 * Anime entries matching `filter`, `limit` per page from `offset`, in `sort` order (ties by
 * id). With a search, candidates come from the index-backed word-similarity filters
 * (`q <% lower(title)`) on the english and romaji titles and a scan of native titles;
 * SEARCH_MATCH ranks exact titles first, then word similarity, then whole-title similarity.
 * Each row carries `total`, the number of matches. With `filter.ceiling` (PROFILE-7) only
 * entries {@link shownUnder} it match, before the page is cut.
 */
export function searchAnime(
  db: Database,
  filter: AnimeFilter,
  sort: readonly AnimeSort[],
  limit: number,
  offset: number,
): Promise<AnimeSearchRow[]> {
  const q = filter.search?.trim().toLowerCase() ?? '';
  const where: SQL[] = [sql`true`];
  if (filter.id != null) where.push(sql`id = ${filter.id}`);
  if (filter.type != null) where.push(sql`type = ${filter.type}`);
  if (filter.formats?.length) where.push(sql`format in (${inList(filter.formats)})`);
  if (filter.ceiling) where.push(shownUnder(filter.ceiling, sql.raw('anime_media.id')));
  const conditions = sql.join(where, sql` and `);
  const order: SQL[] = sort.flatMap((s) => {
    if (s !== 'SEARCH_MATCH') return [sql.raw(SORT_SQL[s])];
    if (!q) return [];
    return [
      sql`(${ENGLISH} = ${q} or ${ROMAJI} = ${q} or ${NATIVE} = ${q}) desc`,
      sql`greatest(word_similarity(${q}, ${ENGLISH}), word_similarity(${q}, ${ROMAJI}),
        word_similarity(${q}, ${NATIVE})) desc`,
      sql`greatest(similarity(${q}, ${ENGLISH}), similarity(${q}, ${ROMAJI}),
        similarity(${q}, ${NATIVE})) desc`,
    ];
  });
  order.push(sql`id asc`);
  const ordered = sql`order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`;
  const total = sql`(count(*) over ())::int as total`;
  if (!q) {
    return queryRows<AnimeSearchRow>(
      db,
      sql`select ${MEDIA_COLUMNS}, ${total} from anime_media where ${conditions} ${ordered}`,
    );
  }
  return queryRows<AnimeSearchRow>(
    db,
    sql`with candidates as (
          (select id from anime_media where ${q} <% ${ENGLISH}
            order by ${ENGLISH} <->> ${q} limit ${SEARCH_CANDIDATES})
          union
          (select id from anime_media where ${q} <% ${ROMAJI}
            order by ${ROMAJI} <->> ${q} limit ${SEARCH_CANDIDATES})
          union
          (select id from anime_media where title_native is not null and ${q} <% ${NATIVE}
            limit ${SEARCH_CANDIDATES}))
        select ${MEDIA_COLUMNS}, ${total} from anime_media join candidates using (id)
        where ${conditions} ${ordered}`,
  );
}

/**
 * The relation edges of every entry in `mediaIds`, in one query, each with its node's row
 * (for nodes outside `anime_media`, described by the edge). Edges of one entry come by node start date, undated
 * last, then node id. With `ceiling` (a kids' profile, PROFILE-7) only edges whose node is
 * {@link shownUnder} it.
 */
export function findRelations(
  db: Database,
  mediaIds: readonly number[],
  ceiling?: RatingCeiling,
): Promise<RelationRow[]> {
  if (mediaIds.length === 0) return Promise.resolve([]);
  return queryRows<RelationRow>(
    db,
    sql`select r.media_id, r.relation_type, jsonb_build_object(
            'id', r.node_id, 'id_mal', m.id_mal, 'title_english', m.title_english,
            'title_romaji', coalesce(m.title_romaji, r.node_title_romaji),
            'title_native', m.title_native, 'type', coalesce(m.type, r.node_type),
            'format', m.format, 'status', m.status, 'episodes', m.episodes,
            'duration', m.duration, 'start_year', m.start_year, 'start_month', m.start_month,
            'start_day', m.start_day, 'description', m.description,
            'cover_image_large', m.cover_image_large, 'average_score', m.average_score,
            'popularity', m.popularity, 'genres', coalesce(m.genres, '[]'::jsonb)) as node
        from anime_relations r left join anime_media m on m.id = r.node_id
        where r.media_id in (${inList(mediaIds)})${ceiling ? sql` and ${shownUnder(ceiling, sql.raw('r.node_id'))}` : sql``}
        order by r.media_id, m.start_year nulls last, m.start_month nulls last,
          m.start_day nulls last, r.node_id, r.relation_type`,
  );
}

/**
 * The anime entries of `ids` (AniList ids) shown under a kids' profile's limit `ceiling`
 * (PROFILE-7; {@link shownUnder}), for filtering live AniList answers; any order.
 */
export async function findEntriesShown(
  db: Database,
  ids: readonly number[],
  ceiling: RatingCeiling,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select e.id from unnest(${intArray(ids)}::int[]) as e(id)
        where ${shownUnder(ceiling, sql.raw('e.id'))}`,
  );
  return new Set(rows.map((r) => r.id));
}

/** A TMDB title linked to entries of a franchise, with how many of them. */
export interface FranchiseTitleRow {
  type: 'movie' | 'tv';
  id: number;
  entries: number;
}

/**
 * TMDB titles that cover the AniList entries linked to `seeds` or related to those entries
 * (`anime_links`, `anime_relations`), each with the number of such entries it covers. Bounded
 * by the primary keys and `anime_links_anilist_idx`.
 */
export function findFranchiseTitles(
  db: Database,
  seeds: readonly { type: 'movie' | 'tv'; id: number }[],
): Promise<FranchiseTitleRow[]> {
  if (seeds.length === 0) return Promise.resolve([]);
  const types = `{${seeds.map((s) => s.type).join(',')}}`;
  const ids = `{${seeds.map((s) => String(s.id)).join(',')}}`;
  return queryRows<FranchiseTitleRow>(
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
        )
        select l.media_type as type, l.tmdb_id as id, count(*)::int as entries
        from entries e join anime_links l on l.anilist_id = e.anilist_id
        group by l.media_type, l.tmdb_id
        order by l.media_type, l.tmdb_id`,
  );
}
