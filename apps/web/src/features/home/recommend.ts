/**
 * The 'Picked Just for You' ranking (RECO-3 in docs/requirements.md, DATA-11 Recommendation
 * candidate, LIMIT-14). Pure functions: no DOM, no fetching.
 */
import { MAX_HERO_CANDIDATES } from '@pigostream/contracts/api-paths';

/** Lowest `vote_average` a candidate may have (LIMIT-14: vote_average >= 6). */
export const MIN_RECOMMENDED_RATING = 6;

/** Most recommendation ids whose details are fetched as candidates (contracts' api-paths). */
export const MAX_CANDIDATES = MAX_HERO_CANDIDATES;

/** What the ranking reads of a title: its id and type, rating and genre names. */
export interface CandidateInput {
  id: number;
  type: string;
  vote_average: number | null | undefined;
  genres: readonly { name: string }[];
}

/** A ranked candidate (DATA-11: id, matchCount, rating) with the title it came from. */
export interface RankedCandidate<T extends CandidateInput> {
  id: number;
  /** How many of the title's genres appear in the watch history's genres. */
  matchCount: number;
  rating: number;
  item: T;
}

/** A genre name as compared (RECO-3: case-insensitive and trimmed). */
export function normalizeGenre(name: string): string {
  return name.trim().toLocaleLowerCase('en');
}

/** The distinct, normalised genre names of watch-history `items`; blank names are skipped. */
export function historyGenres(
  items: readonly { genres: readonly { name: string }[] }[],
): Set<string> {
  const genres = new Set<string>();
  for (const item of items) {
    for (const { name } of item.genres) {
      const genre = normalizeGenre(name);
      if (genre) genres.add(genre);
    }
  }
  return genres;
}

/**
 * RECO-2, RECO-3: keeps `candidates` with `vote_average >= 6` (one per id and type,
 * the first seen), counts each one's distinct genres found in `genres` (normalised names), and
 * sorts by that count descending, then rating descending; ties keep their given order.
 */
export function rankCandidates<T extends CandidateInput>(
  candidates: readonly T[],
  genres: ReadonlySet<string>,
): RankedCandidate<T>[] {
  const seen = new Set<string>();
  const ranked: RankedCandidate<T>[] = [];
  for (const item of candidates) {
    const rating = item.vote_average ?? Number.NaN;
    const key = `${item.type}:${String(item.id)}`;
    if (!(rating >= MIN_RECOMMENDED_RATING) || seen.has(key)) continue;
    seen.add(key);
    const own = new Set(item.genres.map((g) => normalizeGenre(g.name)));
    let matchCount = 0;
    for (const genre of own) if (genre && genres.has(genre)) matchCount += 1;
    ranked.push({ id: item.id, matchCount, rating, item });
  }
  return ranked
    .map((candidate, index) => ({ candidate, index }))
    .sort(
      (a, b) =>
        b.candidate.matchCount - a.candidate.matchCount ||
        b.candidate.rating - a.candidate.rating ||
        a.index - b.index,
    )
    .map(({ candidate }) => candidate);
}

/**
 * The random number for the hero's first pick on a page the server rendered (PERF-2): the
 * server drew it, rendered its pick with it and wrote it on `#root` (`data-seed`), so the app
 * takes over with the same title. Used once; every later pick is random again. Undefined
 * elsewhere.
 */
let firstRandom: number | undefined =
  typeof document === 'undefined'
    ? undefined
    : Number(document.getElementById('root')?.dataset.seed ?? Number.NaN);

/** Sets the number the next {@link pageRandom} returns (the server's render, per request). */
export function setFirstRandom(value: number | undefined): void {
  firstRandom = value;
}

/** A number in [0, 1): the page's first number (see {@link setFirstRandom}) once, then random. */
export function pageRandom(): number {
  const value = firstRandom;
  firstRandom = undefined;
  return value !== undefined && value >= 0 && value < 1 ? value : Math.random();
}

/**
 * HOME-8: one random item of `list` as the seed, or undefined when it is empty. `random`
 * returns a number in [0, 1) (Math.random by default; tests pass their own).
 */
export function pickSeed<T>(list: readonly T[], random: () => number = Math.random): T | undefined {
  if (list.length === 0) return undefined;
  const index = Math.min(list.length - 1, Math.max(0, Math.floor(random() * list.length)));
  return list[index];
}
