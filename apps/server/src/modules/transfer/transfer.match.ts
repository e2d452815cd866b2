/**
 * Matching an import's rows to catalogue titles (issue 21): by TMDB id when the file has one,
 * then by IMDb id, then by title and year with a confidence score. A title and year match is
 * taken at {@link IMPORT_MATCH_THRESHOLD} or above when no other title comes close; below it,
 * or when two titles tie, the row is uncertain and offers its best candidates; nothing is
 * guessed. Rows naming the same title for the same list are merged into one item.
 */
import {
  IMPORT_MATCH_THRESHOLD,
  IMPORT_MAX_CANDIDATES,
  type ImportCandidate,
  type ImportEpisode,
  type ImportPreviewItem,
} from '@pigostream/contracts';
import type { LookupTitle, TitleLookup } from '../catalogue/title-lookup.ts';
import type { ImportRow } from './transfer.parse.ts';

/** Below this score a title is not offered as a candidate at all. */
const CANDIDATE_FLOOR = 0.45;
/** Two candidates closer than this (both above the threshold) make a match uncertain. */
const TIE_MARGIN = 0.05;
/** Titles looked at per uncertain name in the fuzzy pass. */
const SIMILAR_PER_NAME = 8;

/**
 * A title as compared: Unicode letters and digits of any script, lower-cased, accents
 * dropped, '&' as 'and', one space between words, without a leading 'the', 'a' or 'an'.
 */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(the|a|an) /, '');
}

/** Bigrams of `s` (spaces dropped), counted. */
function bigrams(s: string): Map<string, number> {
  const compact = s.replace(/ /g, '');
  const grams = new Map<string, number>();
  for (let i = 0; i < compact.length - 1; i++) {
    const g = compact.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

/** How alike two normalized titles are, 0 to 1 (Sørensen–Dice over bigrams; 1 when equal). */
export function titleSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const x = bigrams(a);
  const y = bigrams(b);
  let shared = 0;
  let total = 0;
  for (const [g, n] of x) {
    shared += Math.min(n, y.get(g) ?? 0);
    total += n;
  }
  for (const n of y.values()) total += n;
  return (2 * shared) / total;
}

/** How much the years agree: 1 equal, 0.9 one apart (release dates differ by country), less further. */
function yearFactor(fileYear: number | null, titleYear: number | null): number {
  if (fileYear === null || titleYear === null) return 0.85;
  const apart = Math.abs(fileYear - titleYear);
  return apart === 0 ? 1 : apart === 1 ? 0.9 : apart === 2 ? 0.7 : 0.5;
}

/** Confidence that `title` is what the file names as `name` (normalized) and `year`. */
export function matchScore(name: string, year: number | null, title: LookupTitle): number {
  const similarity = Math.max(
    titleSimilarity(name, normalizeTitle(title.title)),
    title.originalTitle ? titleSimilarity(name, normalizeTitle(title.originalTitle)) : 0,
  );
  return Math.round(similarity * yearFactor(year, title.year) * 1000) / 1000;
}

function candidate(title: LookupTitle, score: number): ImportCandidate {
  return {
    id: title.id,
    type: title.type,
    title: title.title,
    year: title.year,
    poster_path: title.poster_path,
    score,
  };
}

/** Rows merged per list and title, before matching. */
interface Group {
  key: string;
  rows: ImportRow[];
  item: Omit<ImportPreviewItem, 'status' | 'match' | 'candidates'>;
  tmdbId: number | null;
  imdbId: string | null;
  name: string;
}

/** Episodes merged: one per season and number, the latest watch time. */
function mergeEpisodes(episodes: ImportEpisode[]): ImportEpisode[] {
  const byKey = new Map<string, ImportEpisode>();
  for (const e of episodes) {
    const key = `${String(e.season)}:${String(e.episode)}`;
    const seen = byKey.get(key);
    if (!seen || (e.watchedAt ?? '') > (seen.watchedAt ?? '')) byKey.set(key, e);
  }
  return [...byKey.values()].sort((a, b) => a.season - b.season || a.episode - b.episode);
}

function groupRows(rows: ImportRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const name = normalizeTitle(row.title);
    const key = `${row.list}|${
      row.tmdbId !== null
        ? `tmdb:${row.type ?? ''}:${String(row.tmdbId)}`
        : row.imdbId !== null
          ? `imdb:${row.imdbId}`
          : `name:${row.type ?? ''}:${name}:${String(row.year ?? '')}`
    }`;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, {
        key,
        rows: [row],
        tmdbId: row.tmdbId,
        imdbId: row.imdbId,
        name,
        item: {
          lines: [row.line],
          list: row.list,
          title: row.title,
          year: row.year,
          type: row.type,
          watchedAt: row.watchedAt,
          episodes: row.episodes,
        },
      });
      continue;
    }
    group.rows.push(row);
    group.item.lines.push(row.line);
    // History keeps the latest watch; My List the first time it was listed.
    const at = row.watchedAt;
    const current = group.item.watchedAt;
    if (at && (!current || (row.list === 'history' ? at > current : at < current))) {
      group.item.watchedAt = at;
    }
    group.item.episodes = [...group.item.episodes, ...row.episodes];
  }
  for (const group of groups.values()) group.item.episodes = mergeEpisodes(group.item.episodes);
  return [...groups.values()];
}

/**
 * Matches `rows` to catalogue titles through `lookup`: TMDB ids, IMDb ids, then titles and
 * years (on a TMDB install the lookup also asks the live source, title-lookup.ts).
 * @returns one preview item per list and title, in the order of their first row.
 */
export async function matchRows(
  rows: ImportRow[],
  lookup: TitleLookup,
): Promise<ImportPreviewItem[]> {
  const groups = groupRows(rows);
  const results = new Map<string, Pick<ImportPreviewItem, 'status' | 'match' | 'candidates'>>();
  const matched = (g: Group, title: LookupTitle) => {
    results.set(g.key, { status: 'matched', match: candidate(title, 1), candidates: [] });
  };

  // 1. TMDB ids (the file says the kind with them).
  for (const type of ['movie', 'tv'] as const) {
    const withId = groups.filter((g) => g.tmdbId !== null && (g.item.type ?? 'movie') === type);
    const ids = [...new Set(withId.map((g) => g.tmdbId ?? 0))];
    const found = new Map((await lookup.byIds(type, ids)).map((t) => [t.id, t]));
    for (const g of withId) {
      const title = found.get(g.tmdbId ?? 0);
      if (title) matched(g, title);
    }
  }

  // 2. IMDb ids.
  const byImdb = groups.filter((g) => !results.has(g.key) && g.imdbId !== null);
  if (byImdb.length > 0) {
    const found = new Map<string, LookupTitle>();
    for (const t of await lookup.byImdbIds([...new Set(byImdb.map((g) => g.imdbId ?? ''))])) {
      if (t.imdbId) found.set(t.imdbId, t);
    }
    for (const g of byImdb) {
      const title = found.get(g.imdbId ?? '');
      if (title && (g.item.type === null || g.item.type === title.type)) matched(g, title);
    }
  }

  // 3. Title and year: exact titles first, then titles like it.
  const decide = (g: Group, titles: LookupTitle[]) => {
    const scored = titles
      .filter((t) => g.item.type === null || t.type === g.item.type)
      .map((t) => ({ t, score: matchScore(g.name, g.item.year, t) }))
      .filter((c) => c.score >= CANDIDATE_FLOOR)
      .sort((a, b) => b.score - a.score || b.t.popularity - a.t.popularity);
    const unique = scored.filter(
      (c, i) => scored.findIndex((d) => d.t.type === c.t.type && d.t.id === c.t.id) === i,
    );
    const [best, second] = unique;
    if (
      best &&
      best.score >= IMPORT_MATCH_THRESHOLD &&
      (!second || best.score - second.score >= TIE_MARGIN)
    ) {
      results.set(g.key, {
        status: 'matched',
        match: candidate(best.t, best.score),
        candidates: [],
      });
      return true;
    }
    if (unique.length === 0) return false;
    results.set(g.key, {
      status: 'uncertain',
      match: null,
      candidates: unique.slice(0, IMPORT_MAX_CANDIDATES).map((c) => candidate(c.t, c.score)),
    });
    return true;
  };
  const byName = groups.filter((g) => !results.has(g.key) && g.name !== '');
  const exact = new Map<string, LookupTitle[]>();
  for (const t of await lookup.byNames([...new Set(byName.map((g) => g.item.title.trim()))])) {
    for (const n of [t.title, t.originalTitle]) {
      if (!n) continue;
      const key = normalizeTitle(n);
      exact.set(key, [...(exact.get(key) ?? []), t]);
    }
  }
  const fuzzy: Group[] = [];
  for (const g of byName) {
    const decided = decide(g, exact.get(g.name) ?? []);
    if (!decided || results.get(g.key)?.status === 'uncertain') fuzzy.push(g);
  }
  if (fuzzy.length > 0) {
    const names = [...new Set(fuzzy.map((g) => g.item.title.trim().toLowerCase()))];
    const similar = await lookup.similar(names, SIMILAR_PER_NAME);
    const byLower = new Map(names.map((n, i) => [n, similar[i] ?? []]));
    for (const g of fuzzy) {
      const pool = [
        ...(exact.get(g.name) ?? []),
        ...(byLower.get(g.item.title.trim().toLowerCase()) ?? []),
      ];
      decide(g, pool);
    }
  }

  return groups.map((g) => ({
    ...g.item,
    ...(results.get(g.key) ?? { status: 'not-found' as const, match: null, candidates: [] }),
  }));
}
