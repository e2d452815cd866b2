/**
 * Anime matching (VALID-8 in docs/requirements.md; LIMIT-15: match threshold 0.4): which anime-info
 * candidate of the lookup is the play page's title.
 */
import type { AnimeMedia } from '@pigostream/contracts';
import { animeLookupSearch, parseYearMonth } from '@pigostream/contracts/anime-queries';

/** Share of the title's words a candidate must match (LIMIT-15: 0.4). */
export const MATCH_THRESHOLD = 0.4;

/** Word separators (VALID-8: spaces and `: . - _ /`; any whitespace counts as a space). */
const SEPARATORS = /[\s:.\-_/]+/u;

/** What the matcher needs of the play page's media item. */
export interface MatchTarget {
  /** The display title (a movie's title, a show's name). */
  title: string;
  /** `YYYY-MM-DD` (a `YYYY-MM` prefix is enough); null when unknown. */
  releaseDate: string | null;
}

/**
 * The distinct words of `title`: split on spaces and `: . - _ /` (VALID-8), lower-cased, with
 * accents removed so that 'Shippūden' and 'Shippuden' are one word; empty words dropped.
 */
export function titleWords(title: string): Set<string> {
  const folded = title.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return new Set(folded.split(SEPARATORS).filter((w) => w.length > 0));
}

/**
 * Whether the lookup runs at all (VALID-8: skipped when the title or the release date is
 * missing). A malformed release date counts as missing.
 */
export function canLookUp(target: MatchTarget): boolean {
  return animeLookupSearch(target.title, target.releaseDate) !== undefined;
}

/**
 * The share (0-1) of `title`'s words found among `candidateTitle`'s words (VALID-8: "at least
 * 40% of the title words match"); 0 when either has no words.
 */
export function wordMatchRatio(title: string, candidateTitle: string | null | undefined): number {
  const wanted = titleWords(title);
  if (wanted.size === 0 || !candidateTitle) return 0;
  const offered = titleWords(candidateTitle);
  let shared = 0;
  for (const w of wanted) if (offered.has(w)) shared += 1;
  return shared / wanted.size;
}

/**
 * How well `candidate` matches `target`: the better word-match ratio of its English and romaji
 * titles when it counts (VALID-8: shares a word, start year-month equals the release
 * year-month, ratio at least {@link MATCH_THRESHOLD}), else 0.
 */
export function matchScore(
  candidate: Pick<AnimeMedia, 'title' | 'startDate'>,
  target: MatchTarget,
): number {
  const release = parseYearMonth(target.releaseDate);
  const start = candidate.startDate;
  if (!release || start?.year !== release.year || start.month !== release.month) return 0;
  const ratio = Math.max(
    wordMatchRatio(target.title, candidate.title.english),
    wordMatchRatio(target.title, candidate.title.romaji),
  );
  // A ratio above 0 means at least one shared word.
  return ratio > 0 && ratio >= MATCH_THRESHOLD ? ratio : 0;
}

/**
 * The candidate that is `target` (VALID-8): among those that count (see {@link matchScore}),
 * the one with the highest word-match ratio; on a tie the earlier one (the lookup answers best
 * search matches first). Undefined when none counts or the lookup is skipped.
 */
export function findMatch<T extends Pick<AnimeMedia, 'title' | 'startDate'>>(
  candidates: readonly T[],
  target: MatchTarget,
): T | undefined {
  if (!canLookUp(target)) return undefined;
  let best: T | undefined;
  let bestScore = 0;
  for (const c of candidates) {
    const score = matchScore(c, target);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}
