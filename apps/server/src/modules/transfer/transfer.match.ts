/**
 * Matching an import's rows to catalogue titles (IMP-3 and IMP-4 of docs/imports.md): by TMDB
 * id when the file has one, then by IMDb id, then by title and year with a confidence score,
 * over every title the file gives (IMDb's `Title` and `Original Title`) against the catalogue's
 * title and original title. A title and year match is taken at {@link IMPORT_MATCH_THRESHOLD}
 * or above when no other title comes close; below it, or when two titles tie, the row is
 * uncertain and offers its best candidates; nothing is guessed, and nothing the file's own
 * facts rule out is offered: another title than its TMDB id names, another IMDb id, a year
 * {@link YEARS_APART_RULED_OUT} or more apart. Rows naming the same title for the same list are
 * merged into one item, never two rows with different ids. A kids' profile's preview then loses
 * every title above its rating limit ({@link hideAboveCeiling}, PROFILE-7).
 */
import {
  IMPORT_MATCH_THRESHOLD,
  IMPORT_MAX_CANDIDATES,
  type ImportCandidate,
  type ImportEpisode,
  type ImportPreviewItem,
  type RatingCeiling,
} from '@pigostream/contracts';
import type { LookupTitle, TitleLookup } from '../catalogue/index.ts';
import type { ImportRow } from './transfer.parse.ts';

/** Below this score a title is not offered as a candidate at all. */
const CANDIDATE_FLOOR = 0.45;
/** Two candidates closer than this (both above the threshold) make a match uncertain. */
const TIE_MARGIN = 0.05;
/** Titles looked at per uncertain name in the fuzzy pass. */
const SIMILAR_PER_NAME = 8;
/**
 * A catalogue title this many years or more from the file's is not the file's title: release
 * dates differ by country and festival by a year or two, a remake or a reboot by more.
 */
export const YEARS_APART_RULED_OUT = 3;

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
  /** The normalized titles the file gives (the first is `name`); never empty strings. */
  names: string[];
  name: string;
}

/** Whether `title` is one the file's own facts (its TMDB id, IMDb id, year) rule out. */
function ruledOut(g: Group, title: LookupTitle): boolean {
  if (g.tmdbId !== null && title.id !== g.tmdbId) return true;
  if (g.imdbId !== null && title.imdbId !== null && title.imdbId !== g.imdbId) return true;
  if (g.item.type !== null && title.type !== g.item.type) return true;
  const year = g.item.year;
  return (
    year !== null && title.year !== null && Math.abs(year - title.year) >= YEARS_APART_RULED_OUT
  );
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

/**
 * Rows grouped per list and title: by TMDB id, else IMDb id, else the row's own id in its
 * service (a Letterboxd URI, a Trakt id) with its title, year and kind, else those alone. Rows
 * with different ids therefore never share a group (IMP-4), nor rows whose titles or years
 * differ.
 */
function groupRows(rows: ImportRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const names = [
      ...new Set([row.title, row.originalTitle ?? ''].map(normalizeTitle).filter(Boolean)),
    ];
    const name = names[0] ?? '';
    const key = `${row.list}|${
      row.tmdbId !== null
        ? `tmdb:${row.type ?? ''}:${String(row.tmdbId)}`
        : row.imdbId !== null
          ? `imdb:${row.imdbId}`
          : `${row.sourceId === null ? '' : `own:${row.sourceId}:`}name:${row.type ?? ''}:${name}:${String(row.year ?? '')}`
    }`;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, {
        key,
        rows: [row],
        tmdbId: row.tmdbId,
        imdbId: row.imdbId,
        names,
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
      .filter((t) => !ruledOut(g, t))
      .map((t) => ({
        t,
        score: Math.max(...g.names.map((name) => matchScore(name, g.item.year, t))),
      }))
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
  // A row whose TMDB id the catalogue lacks names a title it does not have: no other is offered.
  const byName = groups.filter((g) => !results.has(g.key) && g.name !== '' && g.tmdbId === null);
  const givenTitles = (g: Group) =>
    [g.item.title, g.rows[0]?.originalTitle ?? ''].map((n) => n.trim()).filter(Boolean);
  // The exact lookup compares whole titles: ask for each with straight and typographic
  // apostrophes and quotes too (a spreadsheet types 'd’Amélie' where the catalogue has 'd'Amélie').
  const spellings = (name: string) => [
    name,
    name.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"'),
    name.replace(/'/g, '\u2019'),
  ];
  const exact = new Map<string, LookupTitle[]>();
  for (const t of await lookup.byNames([
    ...new Set(byName.flatMap((g) => givenTitles(g).flatMap(spellings))),
  ])) {
    for (const n of [t.title, t.originalTitle]) {
      if (!n) continue;
      const key = normalizeTitle(n);
      exact.set(key, [...(exact.get(key) ?? []), t]);
    }
  }
  const fuzzy: Group[] = [];
  const exactOf = (g: Group) => g.names.flatMap((n) => exact.get(n) ?? []);
  for (const g of byName) {
    const decided = decide(g, exactOf(g));
    if (!decided || results.get(g.key)?.status === 'uncertain') fuzzy.push(g);
  }
  if (fuzzy.length > 0) {
    const lowered = (g: Group) => givenTitles(g).map((n) => n.toLowerCase());
    const names = [...new Set(fuzzy.flatMap(lowered))];
    const similar = await lookup.similar(names, SIMILAR_PER_NAME);
    const byLower = new Map(names.map((n, i) => [n, similar[i] ?? []]));
    for (const g of fuzzy) {
      const pool = [...exactOf(g), ...lowered(g).flatMap((n) => byLower.get(n) ?? [])];
      decide(g, pool);
    }
  }

  return groups.map((g) => ({
    ...g.item,
    ...(results.get(g.key) ?? { status: 'not-found' as const, match: null, candidates: [] }),
  }));
}

/** A title as {@link shownUnder} tells it: type (`movie`, `tv`) and TMDB id. */
interface NamedTitle {
  type: string;
  id: number;
}

/**
 * Whether each of `titles` is within `ceiling`, a kids' profile's limit (PROFILE-7 in
 * docs/requirements.md), as a test; one `lookup.within` call per type. Titles the catalogue
 * does not know are not within it.
 */
export async function shownUnder(
  titles: readonly NamedTitle[],
  lookup: TitleLookup,
  ceiling: RatingCeiling,
): Promise<(title: NamedTitle) => boolean> {
  const shown = new Set<string>();
  for (const type of ['movie', 'tv'] as const) {
    const ids = [...new Set(titles.filter((t) => t.type === type).map((t) => t.id))];
    if (ids.length === 0) continue;
    for (const id of await lookup.within(type, ids, ceiling)) shown.add(`${type}:${String(id)}`);
  }
  return (title) => shown.has(`${title.type}:${String(title.id)}`);
}

/**
 * A kids' profile's preview (PROFILE-7 in docs/requirements.md): no title above `ceiling` is
 * matched or offered. A row matched to such a title is not found (the preview's shape has no
 * other word for it, and its counts follow), never matched to a lesser title instead; an
 * uncertain row keeps only the candidates within the limit, and is not found when none is left.
 * @returns the items in their order, changed where they named a title above the limit.
 */
export async function hideAboveCeiling(
  items: readonly ImportPreviewItem[],
  lookup: TitleLookup,
  ceiling: RatingCeiling,
): Promise<ImportPreviewItem[]> {
  const named = items.flatMap((i) => [...(i.match ? [i.match] : []), ...i.candidates]);
  const isShown = await shownUnder(named, lookup, ceiling);
  const notFound = (item: ImportPreviewItem): ImportPreviewItem => ({
    ...item,
    status: 'not-found',
    match: null,
    candidates: [],
  });
  return items.map((item) => {
    if (item.status === 'matched' && item.match && !isShown(item.match)) return notFound(item);
    if (item.status !== 'uncertain') return item;
    const candidates = item.candidates.filter(isShown);
    return candidates.length > 0 ? { ...item, candidates } : notFound(item);
  });
}
