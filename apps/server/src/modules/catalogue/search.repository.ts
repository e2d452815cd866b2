/**
 * Title search at any catalogue size (RANK-3 in docs/requirements.md). A query's words are
 * matched to the words titles hold (search_words, the vocabulary) by spelling: each word, its
 * near spellings (trigram similarity) and, for the last word, the words it begins. Candidates are
 * the titles holding every query word in one of those spellings (titles_search_vector_idx), and
 * they are ranked by a blend of how alike the whole title is and how popular it is
 * ({@link SEARCH_WEIGHTS}). The work per query grows with the matches, never with the catalogue.
 */
import { sql, type SQL } from 'drizzle-orm';
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
/** Near spellings looked at per query word. */
const SPELLINGS_PER_WORD = 5;
/** Query words used; the rest are ignored. */
export const MAX_QUERY_WORDS = 8;
/**
 * Most candidates ranked in full. A query whose rarest word (with its spellings) is held by
 * more titles than this is answered from the {@link POPULAR_WALK} most popular titles that
 * match it instead (a common word such as 'love': the famous matches come first anyway).
 */
export const MAX_CANDIDATES = 4000;
/** Matching titles read in popularity order for a common-word query. */
export const POPULAR_WALK = 400;
/** Largest total a search reports (TMDB's 500 pages of 20). */
const MAX_TOTAL = 10_000;

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
  i: number;
  word: string;
  titles: number;
  similarity: number;
}

interface Term {
  /** tsquery alternatives: `'word'` or `'prefix':*`. */
  parts: string[];
  /** Titles holding any of them (an upper bound). */
  titles: number;
}

/** Each query word's spellings in the vocabulary, and for the last one its words' count. */
async function terms(db: Database, words: string[], prefixLast: boolean): Promise<Term[]> {
  const spellings = await queryRows<Spelling>(
    db,
    sql`select q.i::int as i, w.word, w.titles, similarity(w.word, q.w) as similarity
        from unnest(${`{${words.map((w) => `"${w}"`).join(',')}}`}::text[]) with ordinality as q(w, i)
        cross join lateral (
          select word, titles from search_words where word % q.w
          order by word <-> q.w limit ${SPELLINGS_PER_WORD}) w`,
  );
  const last = words.length - 1;
  let prefixTitles = 0;
  const prefix = words[last] ?? '';
  if (prefixLast && prefix.length >= 2) {
    const rows = await queryRows<{ titles: number }>(
      db,
      sql`select coalesce(sum(titles), 0)::int as titles from (
            select titles from search_words where word like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
            limit ${MAX_CANDIDATES}) w`,
    );
    prefixTitles = rows[0]?.titles ?? 0;
  }
  return words.map((word, index) => {
    const near = spellings.filter(
      (s) => s.i === index + 1 && (s.word === word || s.similarity >= SPELLING_SIMILARITY),
    );
    const parts = near.map((s) => lexeme(s.word));
    let titles = near.reduce((n, s) => n + s.titles, 0);
    if (index === last && prefixTitles > 0) {
      parts.push(`${lexeme(word)}:*`);
      titles += prefixTitles;
    }
    return { parts, titles };
  });
}

/**
 * A page of titles of `type` matching `query` (already trimmed, 1-100 characters), best first
 * by the {@link SEARCH_WEIGHTS} blend, with the number of matches (at most 10,000).
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
  const found = (await terms(db, words, !/\s$/.test(query))).filter((t) => t.parts.length > 0);
  if (found.length === 0) return { rows: [], total: 0 };
  const tsquery = found.map((t) => `(${t.parts.join(' | ')})`).join(' & ');
  const q = query.trim().toLowerCase();
  const estimate = Math.min(...found.map((t) => t.titles));
  const matches = sql`media_type = ${type} and title <> ''
    and search_vector @@ to_tsquery('simple', ${tsquery})`;
  const candidates: SQL =
    estimate <= MAX_CANDIDATES
      ? sql`select * from titles where ${matches}`
      : sql`select * from titles where ${matches}
            order by popularity desc nulls last limit ${POPULAR_WALK}`;
  const original = sql.raw(`lower(coalesce(original_title, ''))`);
  const w = SEARCH_WEIGHTS;
  const rows = await queryRows<Omit<TitleListRow, 'total'> & { total: number }>(
    db,
    sql`with candidates as (${candidates})
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
  const counted = rows[0]?.total ?? 0;
  // A common-word query ranks its most popular matches; its total is the vocabulary's count.
  const total = estimate <= MAX_CANDIDATES ? counted : Math.min(estimate, MAX_TOTAL);
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}
