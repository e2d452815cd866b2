/**
 * Title search at any catalogue size (RANK-3 in docs/requirements.md). A query's words are
 * matched to the words titles hold (search_words, the vocabulary) by spelling: each word, its
 * near spellings (trigram similarity) and, for the last word, the words it begins. Candidates are
 * the most popular titles holding every query word in one of those spellings, and titles named
 * exactly the query; they are ranked by a blend of how alike the whole title is and how popular
 * it is ({@link SEARCH_WEIGHTS}). Candidates come from the word index (search_postings: each
 * word's titles in popularity order): the most popular titles of the query word held by fewest
 * titles, at most {@link DRIVER_POSTINGS} of them, kept when they hold the other words too. The
 * work per query is bounded by those numbers, never by the catalogue or a word's titles.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type MediaType } from '@pigostream/db';
import type { RatingCeiling } from '@pigostream/contracts';
import { andWithinCeiling, type TitleListRow } from './catalogue.repository.ts';

/**
 * The ranking blend (RANK-3): score = exact + similarity + words + popularity, where
 * - exact: {@link SEARCH_WEIGHTS.exact} when the title or original title is the query itself;
 * - similarity: trigram similarity of the query and the whole title (or original title, the
 *   better), 0-1, times its weight (a longer title that merely contains the words scores less);
 * - words: pg_trgm word similarity (the query against the title's best-matching run of words),
 *   0-1, times its weight (typos and partial words);
 * - popularity: `ln(1 + popularity) / ln(1 + POPULARITY_REFERENCE)`, at most 1, times its weight,
 *   so a famous title beats an obscure one that spells the query a little closer.
 * Equal scores go to the more popular title, then the one with more votes, then the lower id.
 */
export const SEARCH_WEIGHTS = { exact: 0.5, similarity: 0.5, words: 0.5, popularity: 0.4 };
/** TMDB popularity at which a title counts as fully famous in the blend. */
export const POPULARITY_REFERENCE = 1000;
/** Least trigram similarity of a vocabulary word to a query word for it to stand in (0-1). */
export const SPELLING_SIMILARITY = 0.4;
/** Near spellings looked at per query word no title holds as spelled. */
const SPELLINGS_PER_WORD = 5;
/** Query words used; the rest are ignored. */
export const MAX_QUERY_WORDS = 8;
/**
 * Most matches a search ranks: the most popular titles holding the query's words (or near
 * spellings of them), plus titles named exactly the query. A search answers at most this many
 * titles (10 pages of 20; DEC-26 in docs/decisions.md).
 */
export const MAX_CANDIDATES = 200;
/** Titles named exactly the query taken whatever their popularity. */
const EXACT_CANDIDATES = 20;
/**
 * Most titles of the query's rarest word (in popularity order) tested for the other words
 * (DEC-29 in docs/decisions.md): a query of several common words ranks the matches among the
 * most popular titles of its rarest word, not every title.
 */
export const DRIVER_POSTINGS = 2000;
/** Words the last query word begins that stand in for it, the ones most titles hold first. */
export const PREFIX_WORDS = 30;

/** The query's words as the search vector splits titles: lower-cased letters and digits. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, MAX_QUERY_WORDS);
}

/** A tsquery lexeme, quoted (words hold letters, digits and the hyphens of compounds). */
const lexeme = (word: string) => `'${word.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`;

/** A PostgreSQL text array literal of `words`, each quoted. */
const textArray = (words: string[]) =>
  `{${words.map((w) => `"${w.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

interface Spelling {
  /** The query word's position, from 1; null on the one row of a query no word of which is held. */
  i: number | null;
  word: string;
  titles: number;
  similarity: number;
  /** Listed titles of the type searched (the same on every row). */
  listed: number;
}

/** A query word as the vocabulary holds it. */
interface Term {
  /** Its tsquery alternatives: the word and its near spellings, `'prefix':*` for the last word. */
  parts: string[];
  /** The words whose titles the word index lists for it: the same, the prefix as its words. */
  words: string[];
  /** Titles holding any of its parts (at most). */
  titles: number;
  /** Titles the word index lists for its `words` (at most): what driving it reads. */
  listed: number;
}

/**
 * For each query word, its spellings in the vocabulary: the word and its near spellings and,
 * for the last word when `prefixLast`, the words it begins (the {@link PREFIX_WORDS} most held
 * in the word index; all of them in the tsquery). A term with no parts: no title holds the word
 * in any spelling.
 */
async function terms(
  db: Database,
  type: MediaType,
  words: string[],
  prefixLast: boolean,
): Promise<{ terms: Term[]; listed: number }> {
  const last = words.length - 1;
  const prefix = words[last] ?? '';
  const withPrefix = prefixLast && prefix.length >= 2;
  // Words the last word begins (out of at most 2,000), the most held first, with how many
  // titles hold any of them (at most): rows of `i` 0, read in the same round trip.
  const begunRows = withPrefix
    ? sql`union all
        select 0, word, titles, 0, 0, begun from (
          select word, titles, (sum(titles) over ())::int as begun from (
            select word, titles from search_words
            where word like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} and word <> ${prefix}
            limit 2000) w
          order by titles desc, word limit ${PREFIX_WORDS}) b`
    : sql``;
  const rows = await queryRows<Spelling & { begun: number | null }>(
    db,
    // One row at least (i null when no word has a spelling), for the listed count.
    sql`select s.i, s.word, s.titles, s.similarity,
          coalesce((select listed from catalogue_rankings where media_type = ${type}), 0) as listed,
          null::int as begun
        from (select 1) one left join (
          select q.i::int as i, w.word, w.titles, similarity(w.word, q.w) as similarity
          from unnest(${textArray(words)}::text[]) with ordinality as q(w, i)
          cross join lateral (
            -- (A range of one, which the primary key answers in one step; written as an equality
            -- the planner asks the trigram index, which takes a millisecond.)
            (select word, titles from search_words where word between q.w and q.w)
            union all
            -- Near spellings only for a word no title holds as spelled (a typo).
            (select word, titles from search_words
              where not exists (select 1 from search_words e where e.word between q.w and q.w)
                and word % q.w
              order by word <-> q.w limit ${SPELLINGS_PER_WORD})) w) s on true
        ${begunRows}`,
  );
  const spellings = rows.filter((r) => r.i !== 0);
  const begun = rows.filter((r) => r.i === 0);
  const found = words.map((word, index) => {
    const near = spellings.filter(
      (s) => s.i === index + 1 && (s.word === word || s.similarity >= SPELLING_SIMILARITY),
    );
    const term: Term = {
      parts: near.map((s) => lexeme(s.word)),
      words: near.map((s) => s.word),
      titles: near.reduce((n, s) => n + s.titles, 0),
      listed: 0,
    };
    term.listed = term.titles;
    if (index === last && begun.length > 0) {
      term.parts.push(`${lexeme(word)}:*`);
      term.words.push(...begun.map((b) => b.word));
      term.titles += begun[0]?.begun ?? 0;
      term.listed += begun.reduce((n, b) => n + b.titles, 0);
    }
    return term;
  });
  return { terms: found, listed: spellings[0]?.listed ?? 0 };
}

/**
 * A page of titles of `type` matching `query` (already trimmed, 1-100 characters), best first
 * by the {@link SEARCH_WEIGHTS} blend, with the number of titles ranked (at most
 * {@link MAX_CANDIDATES}). The last word may be unfinished (as typed, no trailing space), so
 * words it begins match too. Under `ceiling` (a kids' profile, PROFILE-7) only titles within it
 * are candidates, so the ranking, the page and the total hold no other title.
 */
export async function searchTitles(
  db: Database,
  type: MediaType,
  query: string,
  limit: number,
  offset: number,
  ceiling?: RatingCeiling,
): Promise<{ rows: Omit<TitleListRow, 'total'>[]; total: number }> {
  const words = queryWords(query);
  if (words.length === 0) return { rows: [], total: 0 };
  // Words no title holds in any spelling cannot narrow anything: leave them out, unless
  // nothing is left (then nothing matches).
  const spelled = await terms(db, type, words, !/\s$/.test(query));
  const found = spelled.terms.filter((t) => t.parts.length > 0);
  if (found.length === 0) return { rows: [], total: 0 };
  // The word held by fewest titles drives: its most popular titles, from the word index, are
  // tested for the others' words (one title read each), until MAX_CANDIDATES hold them all.
  const driver = found.reduce((a, b) => (b.listed < a.listed ? b : a));
  const others = found.filter((t) => t !== driver);
  // Under a rating limit a lone word's titles are filtered too: as many are read as for several.
  const taken = others.length === 0 && !ceiling ? MAX_CANDIDATES : DRIVER_POSTINGS;
  const holdsOthers =
    others.length === 0
      ? sql``
      : sql`and t.search_vector @@ to_tsquery('simple', ${others
          .map((t) => `(${t.parts.join(' | ')})`)
          .join(' & ')})`;
  const q = query.trim().toLowerCase();
  const original = sql.raw(`lower(coalesce(original_title, ''))`);
  const w = SEARCH_WEIGHTS;
  // Candidates ranked on the few columns the blend reads; only the page's rows read whole.
  // The original title is compared only where it differs from the title (most titles).
  const alike = (fn: string) => {
    const f = sql.raw(fn);
    return sql`case when original_title is null or original_title = title
        then ${f}(${q}, lower(title))
        else greatest(${f}(${q}, lower(title)), ${f}(${q}, ${original})) end`;
  };
  const score = sql`(case when lower(title) = ${q} or ${original} = ${q} then ${w.exact}::real else 0 end)
    + ${w.similarity}::real * ${alike('similarity')}
    + ${w.words}::real * ${alike('word_similarity')}
    + ${w.popularity}::real * least(1, ln(1 + greatest(coalesce(popularity, 0), 0))
        / ln(1 + ${POPULARITY_REFERENCE}))`;
  const rows = await queryRows<TitleListRow & { total: number }>(
    db,
    sql`with driver as (
          select p.id, max(p.popularity) as popularity
          from unnest(${textArray(driver.words)}::text[]) as d(word)
          cross join lateral (
            select id, popularity from search_postings
            where media_type = ${type} and word = d.word
            order by popularity desc nulls last, id limit ${taken}) p
          group by p.id
          order by popularity desc nulls last, p.id
          limit ${taken}),
        candidates as (
          (select t.id, t.title, t.original_title, t.popularity, t.vote_count
            from driver d join titles t on t.media_type = ${type} and t.id = d.id
            where t.title <> '' ${holdsOthers}${andWithinCeiling(ceiling, 't')}
            order by d.popularity desc nulls last, d.id
            limit ${MAX_CANDIDATES})
          union
          (select id, title, original_title, popularity, vote_count from titles
            where media_type = ${type} and title <> '' and lower(title) = ${q}${andWithinCeiling(ceiling)}
            limit ${EXACT_CANDIDATES})),
        page as (
          select id, ${score} as score, popularity, vote_count, (count(*) over ())::int as total
          from candidates
          order by score desc, popularity desc nulls last, vote_count desc nulls last, id
          limit ${limit} offset ${offset})
        select t.media_type, t.id, t.title, t.original_title, t.original_language, t.overview,
          t.release_date::text as release_date, t.poster_path, t.backdrop_path, t.vote_average,
          t.vote_count, t.popularity, t.genres, page.total
        from page join titles t on t.media_type = ${type} and t.id = page.id
        order by page.score desc, page.popularity desc nulls last, page.vote_count desc nulls last,
          page.id`,
  );
  const total = rows[0]?.total ?? 0;
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}
