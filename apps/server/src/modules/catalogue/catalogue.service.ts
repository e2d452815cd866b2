/**
 * What the catalogue answers other modules (the recommender), from this server's database
 * whatever the catalogue source: the catalogue module owns `titles`, `credits`, `seasons`,
 * `episodes` and `title_providers`, and nobody else reads them.
 */
import type { RatingCeiling } from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import {
  findPopularTitles,
  findSimilarTitles,
  type ScoredTitle,
  type TitleRef,
} from './similar.repository.ts';

export type { ScoredTitle, TitleRef } from './similar.repository.ts';

/** What {@link similarTitles} weighs and leaves out. */
export interface SimilarOptions {
  /** Scores the caller brings (e.g. the anime franchise), added to the catalogue's own. */
  extra?: readonly ScoredTitle[];
  /** Titles never answered (those the user watched). */
  exclude?: readonly TitleRef[];
  /** Most titles answered. */
  limit: number;
  /** A kids' profile's rating limit (PROFILE-7): titles above it are never answered. */
  ceiling?: RatingCeiling | undefined;
}

/**
 * Titles like `seeds` in the catalogue, best first: per shared director 3, per shared leading cast
 * member 1 (a seed's first 5, a candidate's first 10 billed), per shared genre 0.5 (among the 100
 * most popular titles of each type), plus `extra`; ties by popularity, then id. Stub titles and
 * `exclude` are left out (DEC-17 in docs/decisions.md: the recommender's catalogue similarity),
 * and with `options.ceiling` titles above it (PROFILE-7 in docs/requirements.md).
 * @throws when the database fails.
 */
export function similarTitles(
  db: Database,
  seeds: readonly TitleRef[],
  options: SimilarOptions,
): Promise<TitleRef[]> {
  return findSimilarTitles(
    db,
    seeds,
    options.extra ?? [],
    options.exclude ?? [],
    options.limit,
    options.ceiling,
  );
}

/**
 * Up to `limit` of the catalogue's most popular titles, movies and shows together, most
 * popular first (ties: movies first, then id); with `ceiling` (a kids' profile, PROFILE-7) only
 * titles within it.
 * @throws when the database fails.
 */
export function popularTitles(
  db: Database,
  limit: number,
  ceiling?: RatingCeiling,
): Promise<TitleRef[]> {
  return findPopularTitles(db, limit, ceiling);
}
