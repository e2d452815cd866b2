/**
 * The catalogue source as the API sees it: one interface with two implementations, the local
 * database (`CATALOG_SOURCE=local`, local.source.ts) and live TMDB v3 (`tmdb`,
 * tmdb/tmdb.source.ts). Every method answers TMDB-shaped objects (DATA-4 in docs/requirements.md).
 */
import type {
  EpisodeSummary,
  MediaDetails,
  MediaPage,
  MediaType,
  RatingCeiling,
  SeasonDetails,
  TitleSummary,
} from '@pigostream/contracts';
import { NOT_AVAILABLE_ON_PROFILE } from '@pigostream/contracts';
import { DomainError } from '../../lib/domain-error.ts';

/** Raised when a title or season does not exist; the API answers 404 `{ error: message }`. */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
  readonly statusCode = 404;
}

/**
 * 403 `{ error: 'Not available on this profile' }`: a title above the active profile's rating
 * limit (PROFILE-7 in docs/requirements.md), raised by every module that answers titles.
 */
export class NotAvailableOnProfileError extends DomainError {
  override readonly name = 'NotAvailableOnProfileError';
  readonly statusCode = 403;
  constructor() {
    super(NOT_AVAILABLE_ON_PROFILE);
  }
}

/**
 * The calls that list titles take the active profile's rating limit (PROFILE-7 in
 * docs/requirements.md): with one, only titles within it are answered (pages stay 20 long where
 * the catalogue has enough); undefined answers every title, as for adults and signed-out visitors.
 */
export interface CatalogueSource {
  /** Titles trending this week, 20 per page. */
  trending(type: MediaType, page: number, ceiling?: RatingCeiling): Promise<MediaPage>;
  /** Titles by popularity, 20 per page. */
  popular(type: MediaType, page: number, ceiling?: RatingCeiling): Promise<MediaPage>;
  /** Typo-tolerant title search (title and original title), 20 per page. */
  search(type: MediaType, query: string, page: number, ceiling?: RatingCeiling): Promise<MediaPage>;
  /** Titles on a streaming provider (canonical id) in an ISO 3166-1 region, 20 per page. */
  byProvider(
    type: MediaType,
    providerId: number,
    region: string,
    page: number,
    ceiling?: RatingCeiling,
  ): Promise<MediaPage>;
  /**
   * Full details with credits and videos, and `certification` (null when unknown): callers with
   * a rating limit check it with `ratingAgeOf` and `withinCeiling` (contracts' ratings.ts).
   * @throws NotFoundError
   */
  details(type: MediaType, id: number): Promise<MediaDetails>;
  /** A season with its episodes. @throws NotFoundError */
  season(showId: number, seasonNumber: number): Promise<SeasonDetails>;
  /**
   * Summaries of titles for user lists, in the order of `ids`; ids the catalogue does not know,
   * and with `ceiling` titles above it, are left out (so a caller can tell them apart).
   */
  summaries(type: MediaType, ids: number[], ceiling?: RatingCeiling): Promise<TitleSummary[]>;
  /**
   * Episode guides of shows, for Up Next and New Episodes (PROG-7, PROG-9): for each of `showIds`
   * the catalogue knows, the episodes of the seasons `pick` chooses from the show's season numbers
   * (specials are season 0), by season then episode number. The local database answers all shows in
   * two queries; TMDB reads each show's details and chosen seasons (cached answers), shows in
   * parallel. Unknown shows, and on TMDB shows whose answers are unusable, are absent.
   * @throws UpstreamError when TMDB cannot be reached
   */
  episodeGuides(showIds: number[], pick: SeasonPick): Promise<Map<number, EpisodeSummary[]>>;
}

/** Chooses the seasons of show `showId` to read, from its season numbers (ascending). */
export type SeasonPick = (seasonNumbers: number[], showId: number) => number[];

export const PAGE_SIZE = 20;
