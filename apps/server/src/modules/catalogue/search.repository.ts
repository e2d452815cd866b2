/**
 * Title search at any catalogue size (RANK-3 in docs/requirements.md). A query's words are
 * matched to the words titles hold (search_words, the vocabulary) by spelling: each word, its
 * near spellings (trigram similarity) and, for the last word, the words it begins. Candidates are
 * the most popular titles holding every query word in one of those spellings
 * (titles_search_vector_idx), and titles named exactly the query; they are ranked by a blend of
 * how alike the whole title is and how popular it is ({@link SEARCH_WEIGHTS}). The work per query
 * is bounded by {@link MAX_CANDIDATES} and the matches, never the catalogue.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type MediaType } from '@pigostream/db';
import type { TitleListRow } from './catalogue.repository.ts';

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

interface Spelling {
  /** The query word's position, from 1; null on the one row of a query no word of which is held. */
  i: number | null;
  word: string;
  titles: number;
  similarity: number;
  /** Listed titles of the type searched (the same on every row). */
  listed: number;
}

/** A query word's tsquery alternatives, and how many titles hold any of them (at most). */
interface Term {
  parts: string[];
  titles: number;
}

/**
 * For each query word, its tsquery alternatives (`'word'`, or `'prefix':*` for the last word
 * when `prefixLast` and the vocabulary has words it begins): the word and its near spellings in
 * the vocabulary. An empty list: no title holds the word in any spelling.
 */
async function terms(
  db: Database,
  type: MediaType,
  words: string[],
  prefixLast: boolean,
): Promise<{ terms: Term[]; listed: number }> {
  const spellings = await queryRows<Spelling>(
    db,
    // One row at least (i null when no word has a spelling), for the listed count.
    sql`select s.i, s.word, s.titles, s.similarity,
          coalesce((select listed from catalogue_rankings where media_type = ${type}), 0) as listed
        from (select 1) one left join (
          select q.i::int as i, w.word, w.titles, similarity(w.word, q.w) as similarity
          from unnest(${`{${words.map((w) => `"${w}"`).join(',')}}`}::text[]) with ordinality as q(w, i)
          cross join lateral (
            -- (A range of one, which the primary key answers in one step; written as an equality
            -- the planner asks the trigram index, which takes a millisecond.)
            (select word, titles from search_words where word between q.w and q.w)
            union all
            -- Near spellings only for a word no title holds as spelled (a typo).
            (select word, titles from search_words
              where not exists (select 1 from search_words e where e.word between q.w and q.w)
                and word % q.w
              order by word <-> q.w limit ${SPELLINGS_PER_WORD})) w) s on true`,
  );
  const last = words.length - 1;
  const prefix = words[last] ?? '';
  let begun = 0;
  if (prefixLast && prefix.length >= 2) {
    // Titles holding a word the last word begins (a sum over at most a few hundred words).
    const rows = await queryRows<{ titles: number }>(
      db,
      sql`select coalesce(sum(titles), 0)::int as titles from (select titles from search_words
            where word like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
            limit ${MAX_CANDIDATES}) w`,
    );
    begun = rows[0]?.titles ?? 0;
  }
  const found = words.map((word, index) => {
    const near = spellings.filter(
      (s) => s.i === index + 1 && (s.word === word || s.similarity >= SPELLING_SIMILARITY),
    );
    const parts = near.map((s) => lexeme(s.word));
    let titles = near.reduce((n, s) => n + s.titles, 0);
    if (index === last && begun > 0) {
      parts.push(`${lexeme(word)}:*`);
      titles += begun;
    }
    return { parts, titles };
  });
  return { terms: found, listed: spellings[0]?.listed ?? 0 };
}

/**
 * A page of titles of `type` matching `query` (already trimmed, 1-100 characters), best first
 * by the {@link SEARCH_WEIGHTS} blend, with the number of titles ranked (at most
 * {@link MAX_CANDIDATES}).
 * `prefixLast`: the last word may be unfinished (as typed), so words it begins match too.
 */
export async function searchTitles(
  db: Database,
  type: MediaType,
  query: string,
  limit: number,
  offset: number,
): Promise<{ rows: Omit<TitleListRow, 'total'>[]; total: number }> {
  const words = queryWords(query);
  if (words.length === 0) return { rows: [], total: 0 };
  // Words no title holds in any spelling cannot narrow anything: leave them out, unless
  // nothing is left (then nothing matches).
  const spelled = await terms(db, type, words, !/\s$/.test(query));
  const found = spelled.terms.filter((t) => t.parts.length > 0);
  if (found.length === 0) return { rows: [], total: 0 };
  const tsquery = found.map((t) => `(${t.parts.join(' | ')})`).join(' & ');
  // Matches the search index finds and sorts by popularity (reading each), or a walk of
  // titles_popularity_idx testing each title until enough match: the walk reads about
  // MAX_CANDIDATES x listed / matches titles, the index every match, so common words walk.
  const matches = Math.min(...found.map((t) => t.titles));
  const listed = spelled.listed;
  const walk = matches * matches > MAX_CANDIDATES * listed;
  const holds = walk
    ? // The function behind @@, which no index answers: the planner walks by popularity.
      sql`ts_match_vq(search_vector, to_tsquery('simple', ${tsquery}))`
    : sql`search_vector @@ to_tsquery('simple', ${tsquery})`;
  const q = query.trim().toLowerCase();
  const original = sql.raw(`lower(coalesce(original_title, ''))`);
  const w = SEARCH_WEIGHTS;
  // The most popular matches (the GIN index's matches in popularity order, or a walk of
  // titles_popularity_idx when the words are common), and titles named exactly the query.
  const rows = await queryRows<TitleListRow & { total: number }>(
    db,
    sql`with candidates as (
          (select * from titles
            where media_type = ${type} and title <> ''
              and ${holds}
            order by popularity desc nulls last limit ${MAX_CANDIDATES})
          union
          (select * from titles
            where media_type = ${type} and title <> '' and lower(title) = ${q}
            limit ${EXACT_CANDIDATES}))
        select media_type, id, title, original_title, original_language, overview,
          release_date::text as release_date, poster_path, backdrop_path, vote_average,
          vote_count, popularity, genres, (count(*) over ())::int as total
        from candidates
        order by
          (case when lower(title) = ${q} or ${original} = ${q} then ${w.exact}::real else 0 end)
          + ${w.similarity}::real * greatest(similarity(${q}, lower(title)), similarity(${q}, ${original}))
          + ${w.words}::real * greatest(word_similarity(${q}, lower(title)), word_similarity(${q}, ${original}))
          + ${w.popularity}::real * least(1, ln(1 + greatest(coalesce(popularity, 0), 0))
              / ln(1 + ${POPULARITY_REFERENCE}))
            desc,
          popularity desc nulls last, vote_count desc nulls last, id
        limit ${limit} offset ${offset}`,
  );
  const total = rows[0]?.total ?? 0;
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}
