/**
 * Watch history, My List and search history of a user (DATA-1, DATA-2, DATA-3, DATA-9, LISTS-4..7
 * in docs/requirements.md 'History and list pages', API-GEN-1). Titles are checked against the
 * catalogue before anything is written, and lists are answered as catalogue summaries (id, type,
 * title or name, poster_path, vote_average, genres), newest first, movies and shows apart. A kids'
 * profile (PROFILE-7) saves and is answered only titles within its rating limit; rows above it
 * stay stored and show again when the limit changes.
 */
import {
  SEARCH_HISTORY_CAP,
  type MediaType,
  type MyList,
  type RatingCeiling,
  type SearchHistoryEntry,
  type TitleSummary,
  type WatchHistory,
} from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { NotFoundError, type CatalogueSource } from '../catalogue/index.ts';
import * as repo from './library.repository.ts';
import type { UserList } from './library.repository.ts';
import { firstShown, RatingGate } from './rating-gate.ts';

/** Per-type limits of a list fetch: 1 to 200 each (validated by the route). */
export interface ListLimits {
  movieLimit: number;
  showLimit: number;
}

const LIST_NAMES: Record<UserList, string> = {
  watch_history: 'the watch history',
  my_list: 'My List',
};

const kind = (type: MediaType) => (type === 'movie' ? 'Movie' : 'Show');

/**
 * The library's rules over library.repository.ts; every method acts for a user id the route has
 * checked is the signed-in user's.
 */
export class LibraryService {
  /**
   * Whether the catalogue knows a title and the profile may see it, for every save asked during
   * one turn of the event loop with one catalogue call per type (PERF-7, SEC-3: under load, 100
   * saves cost one lookup instead of 100). Nothing is kept between turns: a title removed from
   * the catalogue is refused from the next turn on.
   */
  private readonly gate: RatingGate;

  constructor(
    private readonly db: Database,
    private readonly catalogue: CatalogueSource,
  ) {
    this.gate = new RatingGate(catalogue);
  }

  /**
   * Adds a title to a list (idempotent: the watch history moves it to the front, My List
   * leaves it). `ceiling` is the active profile's rating limit (PROFILE-7; undefined for adults).
   * @returns whether the title was new to the list.
   * @throws NotFoundError (404) for an unknown title; NotAvailableOnProfileError (403
   *   `{ error: 'Not available on this profile' }`) for one above `ceiling`; nothing is written
   *   then.
   */
  async save(
    list: UserList,
    userId: string,
    type: MediaType,
    id: number,
    ceiling?: RatingCeiling,
  ): Promise<boolean> {
    await this.gate.assertShown(type, id, ceiling);
    return repo.saveEntry(this.db, list, userId, type, id);
  }

  /**
   * Removes a title from a list.
   * @throws NotFoundError (404) when it is not there; nothing changes then.
   */
  async remove(list: UserList, userId: string, type: MediaType, id: number): Promise<void> {
    if (!(await repo.removeEntry(this.db, list, userId, type, id))) {
      throw new NotFoundError(`${kind(type)} ${id} is not in ${LIST_NAMES[list]}`);
    }
  }

  /** Empties the watch history (movies and shows). @returns the number of titles removed. */
  clearHistory(userId: string): Promise<number> {
    return repo.removeAllEntries(this.db, 'watch_history', userId);
  }

  /**
   * Whether a title is in My List; without a type the id matches a movie or a show. Under a
   * rating limit (PROFILE-7) a title above it is not in the list (false), as the list leaves it
   * out.
   */
  async inMyList(
    userId: string,
    id: number,
    type: MediaType | undefined,
    ceiling?: RatingCeiling,
  ): Promise<boolean> {
    const types = await repo.entryTypes(this.db, 'my_list', userId, id, type);
    const shown = await this.gate.shown(
      types.map((t) => ({ type: t, id })),
      ceiling,
    );
    return shown.length > 0;
  }

  /**
   * `{ moviesHistory, showsHistory }`, newest first, bounded by the limits; under a rating limit
   * (PROFILE-7) only titles within it.
   */
  async watchHistory(
    userId: string,
    limits: ListLimits,
    ceiling?: RatingCeiling,
  ): Promise<WatchHistory> {
    const [moviesHistory, showsHistory] = await this.lists(
      'watch_history',
      userId,
      limits,
      ceiling,
    );
    return { moviesHistory, showsHistory };
  }

  /**
   * `{ moviesList, showsList }`, newest first, bounded by the limits; under a rating limit
   * (PROFILE-7) only titles within it.
   */
  async myList(userId: string, limits: ListLimits, ceiling?: RatingCeiling): Promise<MyList> {
    const [moviesList, showsList] = await this.lists('my_list', userId, limits, ceiling);
    return { moviesList, showsList };
  }

  /**
   * Saves a search query (already trimmed and checked) unless it equals the latest saved one.
   * @returns the latest entry and whether this call added it.
   */
  saveSearch(userId: string, query: string): Promise<SearchHistoryEntry & { saved: boolean }> {
    return repo.saveSearch(this.db, userId, query, SEARCH_HISTORY_CAP);
  }

  /** The user's saved searches, newest first, at most {@link SEARCH_HISTORY_CAP}. */
  searchHistory(userId: string): Promise<SearchHistoryEntry[]> {
    return repo.listSearches(this.db, userId, SEARCH_HISTORY_CAP);
  }

  /**
   * Removes one saved search.
   * @throws NotFoundError (404) when the user has no entry with that id.
   */
  async removeSearch(userId: string, historyId: number): Promise<void> {
    if (!(await repo.removeSearch(this.db, userId, historyId))) {
      throw new NotFoundError(`No search history entry ${historyId}`);
    }
  }

  /**
   * Movies then shows of a list as summaries; titles the catalogue lost, and under `ceiling`
   * titles above it, are left out (a kid's list reads on past them to fill its limits).
   */
  private async lists(
    list: UserList,
    userId: string,
    { movieLimit, showLimit }: ListLimits,
    ceiling: RatingCeiling | undefined,
  ): Promise<[TitleSummary[], TitleSummary[]]> {
    const of = (type: MediaType, limit: number) =>
      firstShown(
        limit,
        ceiling,
        (offset, count) => repo.listEntryIds(this.db, list, userId, type, count, offset),
        (ids) => this.catalogue.summaries(type, ids, ceiling),
      );
    return Promise.all([of('movie', movieLimit), of('tv', showLimit)]);
  }
}
