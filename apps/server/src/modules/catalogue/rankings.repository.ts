/**
 * The catalogue's precomputed rankings (RANK-1..3 in docs/requirements.md): each title's
 * trending score, each provider row's copy of its title's popularity, and search's vocabulary.
 * Lists then read a page by index at any catalogue size instead of scoring every title per
 * request. Refreshed after every catalogue write (analyzeCatalogue) and by a periodic job
 * (rankings.job.ts) for what time alone changes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { intArray, queryRows, type Database, type MediaType } from '@pigostream/db';
import { MEDIA_TYPES } from '@pigostream/contracts/constants';

/**
 * Years after which a title's popularity counts half in trending: the score is
 * `popularity / (1 + age / AGE_HALVING_YEARS)`, age in whole years before the catalogue's
 * newest release of its type (RANK-1).
 */
export const AGE_HALVING_YEARS = 8;

/**
 * What one refresh changed: titles re-scored, provider rows re-ordered, vocabulary words, and
 * word index rows written.
 */
export interface RankingsRefresh {
  scored: number;
  providerRows: number;
  words: number;
  postings: number;
}

/** The newest release year of `type` up to today (this year when the type has no dates). */
async function newestYear(db: Database, type: MediaType): Promise<number> {
  // Walks titles_release_date_idx backwards from today: one step for an up-to-date catalogue.
  const rows = await queryRows<{ year: number }>(
    db,
    sql`select coalesce(
          (select extract(year from release_date)::int from titles
            where media_type = ${type} and release_date <= current_date and title <> ''
            order by release_date desc limit 1),
          extract(year from current_date)::int) as year`,
  );
  return rows[0]?.year ?? new Date().getUTCFullYear();
}

/** Popularity points one recent viewer is worth in trending (RANK-1). */
export const VIEWER_WEIGHT = 25;

/**
 * The score of a titles row `t` with its recent viewers `viewers` (an SQL integer), given the
 * newest release year: a real, as the column, so an unchanged score compares equal.
 */
const scoreOf = (year: SQL, viewers: SQL) =>
  sql`(coalesce(t.popularity, 0) / (1 + greatest(0, ${year}
        - coalesce(extract(year from t.release_date)::int, 1900)) / ${sql.raw(`${AGE_HALVING_YEARS}.0`)})
      + ${VIEWER_WEIGHT} * ${viewers})::real`;

/**
 * Brings trending scores up to date from popularity, age and the recent viewers kept in
 * trending_viewers. `all`: re-scores every title whose score differs (after a write changed
 * popularity or dates); otherwise only titles never scored, or every title of a type whose
 * newest release year moved since the last refresh (a new year's releases, or the calendar
 * passing one). Also counts each type's listed titles for the lists' totals. Idempotent; safe
 * on several servers at once.
 * @returns titles whose score changed.
 */
export async function refreshTrendingScores(db: Database, all: boolean): Promise<number> {
  let changed = 0;
  for (const type of MEDIA_TYPES) {
    const year = await newestYear(db, type);
    const stored = await queryRows<{ newest_year: number }>(
      db,
      sql`select newest_year from catalogue_rankings where media_type = ${type}`,
    );
    const every = all || stored[0]?.newest_year !== year;
    const score = scoreOf(sql`${year}::int`, sql`coalesce(v.viewers, 0)`);
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with scored as (
            select t.id, ${score} as score from titles t
            left join trending_viewers v on v.media_type = t.media_type and v.tmdb_id = t.id
            where t.media_type = ${type} and t.title <> ''
              ${every ? sql`` : sql`and t.trending_score is null`}),
          changed as (
            update titles t set trending_score = s.score from scored s
            where t.media_type = ${type} and t.id = s.id
              and t.trending_score is distinct from s.score
            returning 1)
          select count(*)::int as n from changed`,
    );
    changed += rows[0]?.n ?? 0;
    await db.execute(
      sql`insert into catalogue_rankings (media_type, newest_year, listed, refreshed_at)
          values (${type}, ${year},
            (select count(*) from titles where media_type = ${type} and title <> ''), now())
          on conflict (media_type) do update set newest_year = excluded.newest_year,
            listed = excluded.listed, refreshed_at = excluded.refreshed_at`,
    );
  }
  return changed;
}

/**
 * Sets the recent viewers of the titles of `type` in `counts` (title id -> users; 0 takes a
 * title off) and re-scores those titles at once, with the year of the last refresh (RANK-1).
 */
export async function rescoreTitles(
  db: Database,
  type: MediaType,
  counts: ReadonlyMap<number, number>,
): Promise<void> {
  if (counts.size === 0) return;
  const ids = intArray(counts.keys());
  const viewers = intArray(counts.values());
  const gone = intArray([...counts].filter(([, n]) => n <= 0).map(([id]) => id));
  await db.execute(
    sql`delete from trending_viewers where media_type = ${type} and tmdb_id = any(${gone}::int[])`,
  );
  await db.execute(
    sql`insert into trending_viewers (media_type, tmdb_id, viewers)
          select ${type}, c.id, c.viewers from unnest(${ids}::int[], ${viewers}::int[]) as c(id, viewers)
          where c.viewers > 0
        on conflict (media_type, tmdb_id) do update set viewers = excluded.viewers`,
  );
  const year = sql`coalesce((select newest_year from catalogue_rankings where media_type = ${type}),
    extract(year from current_date)::int)`;
  await db.execute(
    sql`update titles t set trending_score = ${scoreOf(year, sql`c.viewers`)}
        from unnest(${ids}::int[], ${viewers}::int[]) as c(id, viewers)
        where t.media_type = ${type} and t.id = c.id and t.title <> ''`,
  );
}

/**
 * The titles of `type` whose kept recent viewers differ from `counts` (every title with recent
 * viewers, title id -> users), with their new count (0: none any more).
 */
export async function viewerChanges(
  db: Database,
  type: MediaType,
  counts: ReadonlyMap<number, number>,
): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; viewers: number }>(
    db,
    sql`with c as (
          select * from unnest(${intArray(counts.keys())}::int[], ${intArray(counts.values())}::int[])
            as c(id, viewers)),
        v as (select tmdb_id as id, viewers from trending_viewers where media_type = ${type})
        select coalesce(c.id, v.id) as id, coalesce(c.viewers, 0) as viewers
        from c full join v on v.id = c.id
        where c.viewers is distinct from v.viewers`,
  );
  return new Map(rows.map((r) => [r.id, r.viewers]));
}

/** Up to when expired viewers have been taken off (an ISO time), or null before the first time. */
export async function viewersUntil(db: Database): Promise<string | null> {
  const rows = await queryRows<{ until: string | null }>(
    db,
    sql`select min(viewers_until)::text as until from catalogue_rankings`,
  );
  return rows[0]?.until ?? null;
}

/** Records that viewers first watching up to `until` (an ISO time) have been taken off. */
export async function setViewersUntil(db: Database, until: string): Promise<void> {
  await db.execute(sql`update catalogue_rankings set viewers_until = ${until}::timestamptz`);
}

/**
 * Copies each title's popularity onto its provider rows, so a provider row reads in order from
 * title_providers_rank_idx (RANK-2). @returns provider rows changed.
 */
export async function refreshProviderPopularity(db: Database, all = true): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with changed as (
          update title_providers p set popularity = t.popularity from titles t
          where t.media_type = p.media_type and t.id = p.tmdb_id
            and ${all ? sql`p.popularity is distinct from t.popularity` : sql`p.popularity is null and t.popularity is not null`}
          returning 1)
        select count(*)::int as n from changed`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * What a server checks at start and every hour: trending scores never computed or of a type
 * whose newest year moved, provider rows never given a popularity, and an empty vocabulary over
 * a catalogue that has titles (a database upgraded from before the rankings, or restored from
 * a backup without them). Writers refresh in full at once (analyzeCatalogue).
 */
export async function refreshStaleRankings(db: Database): Promise<RankingsRefresh> {
  const scored = await refreshTrendingScores(db, false);
  const providerRows = await refreshProviderPopularity(db, false);
  const empty = await queryRows<{ words: boolean; postings: boolean }>(
    db,
    sql`select not exists (select 1 from search_words) as words,
          not exists (select 1 from search_postings) as postings
        where exists (select 1 from titles where title <> '')`,
  );
  const words = empty[0]?.words ? await refreshSearchWords(db) : 0;
  const postings = empty[0]?.postings ? await refreshSearchPostings(db) : 0;
  return { scored, providerRows, words, postings };
}

/**
 * Brings search's word index (search_postings) up to date with the titles' search vectors and
 * popularity: rows of words a title no longer holds, or of an old popularity, go; new ones come
 * (RANK-3). Writes nothing when nothing changed. @returns rows written (deleted and inserted).
 */
export async function refreshSearchPostings(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`create temporary table fresh_postings on commit drop as
          select t.media_type, w.word, t.popularity, t.id
          from titles t, unnest(tsvector_to_array(t.search_vector)) as w(word)
          where t.title <> ''`,
    );
    // A title holds each word once, so (media_type, word, id) names one row.
    const gone = await queryRows<{ n: number }>(
      tx,
      sql`with gone as (
            select media_type, word, popularity, id from search_postings
            except select media_type, word, popularity, id from fresh_postings),
          deleted as (
            delete from search_postings p using gone
            where p.media_type = gone.media_type and p.word = gone.word and p.id = gone.id
            returning 1)
          select count(*)::int as n from deleted`,
    );
    const added = await queryRows<{ n: number }>(
      tx,
      sql`with added as (
            insert into search_postings (media_type, word, popularity, id)
            select media_type, word, popularity, id from fresh_postings
            except select media_type, word, popularity, id from search_postings
            returning 1)
          select count(*)::int as n from added`,
    );
    return (gone[0]?.n ?? 0) + (added[0]?.n ?? 0);
  });
}

/**
 * Rebuilds search's vocabulary from the titles' search vectors: each word with the number of
 * titles holding it; words no title holds any more go (RANK-3). @returns words kept.
 */
export async function refreshSearchWords(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`create temporary table fresh_words on commit drop as
          select word, ndoc as titles from ts_stat('select search_vector from titles where title <> ''''')`,
    );
    await tx.execute(
      sql`delete from search_words w where not exists (select 1 from fresh_words f where f.word = w.word)`,
    );
    await tx.execute(
      sql`insert into search_words (word, titles) select word, titles from fresh_words
          on conflict (word) do update set titles = excluded.titles
          where search_words.titles <> excluded.titles`,
    );
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from fresh_words`,
    );
    return rows[0]?.n ?? 0;
  });
}
