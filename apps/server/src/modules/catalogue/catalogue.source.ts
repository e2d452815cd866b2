/**
 * The catalogue source as the API sees it: one interface with two implementations, the local
 * database (`CATALOG_SOURCE=local`, local.source.ts) and live TMDB v3 (`tmdb`,
 * tmdb/tmdb.source.ts). Every method answers TMDB-shaped objects (spec section 3).
 */
import type {
  MediaDetails,
  MediaPage,
  MediaType,
  SeasonDetails,
  TitleSummary,
} from '@pigostream/contracts';

/** Raised when a title or season does not exist; routes answer 404. */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}

export interface CatalogueSource {
  /** Titles trending this week, 20 per page. */
  trending(type: MediaType, page: number): Promise<MediaPage>;
  /** Titles by popularity, 20 per page. */
  popular(type: MediaType, page: number): Promise<MediaPage>;
  /** Typo-tolerant title search (title and original title), 20 per page. */
  search(type: MediaType, query: string, page: number): Promise<MediaPage>;
  /** Titles on a streaming provider (canonical id) in an ISO 3166-1 region, 20 per page. */
  byProvider(type: MediaType, providerId: number, region: string, page: number): Promise<MediaPage>;
  /** Full details with credits and videos. @throws NotFoundError */
  details(type: MediaType, id: number): Promise<MediaDetails>;
  /** A season with its episodes. @throws NotFoundError */
  season(showId: number, seasonNumber: number): Promise<SeasonDetails>;
  /**
   * Summaries of titles for user lists, in the order of `ids`; ids the catalogue does not know
   * are left out (so a caller can tell them apart).
   */
  summaries(type: MediaType, ids: number[]): Promise<TitleSummary[]>;
}

export const PAGE_SIZE = 20;
