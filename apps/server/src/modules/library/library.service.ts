/**
 * Watch history, My List and search history of a user (DATA-1, DATA-2, DATA-3, DATA-9, LISTS-4..7
 * in docs/requirements.md 'History and list pages', API-GEN-1). Titles are checked against the
 * catalogue before anything is written, and lists are answered as catalogue summaries (id, type,
 * title or name, poster_path, vote_average, genres), newest first, movies and shows apart.
 */
import {
  SEARCH_HISTORY_CAP,
  type MediaType,
  type MyList,
  type SearchHistoryEntry,
  type TitleSummary,
  type WatchHistory,
} from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import DataLoader from 'dataloader';
import { NotFoundError, type CatalogueSource } from '../catalogue/index.ts';
import * as repo from './library.repository.ts';
import type { UserList } from './library.repository.ts';

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
   * Whether the catalogue knows a title, for every save asked during one turn of the event loop
   * with one catalogue call per type (PERF-7, SEC-3: under load, 100 saves cost one lookup instead
   * of 100). Nothing is kept between turns: a title removed from the catalogue is refused from the
   * next turn on.
   */
  private readonly knownTitles = new DataLoader<readonly [MediaType, number], boolean>(
    async (titles) => {
      const known = new Set<string>();
      for (const type of ['movie', 'tv'] as const) {
        const ids = titles.filter(([t]) => t === type).map(([, id]) => id);
        if (ids.length === 0) continue;
        for (const title of await this.catalogue.summaries(type, [...new Set(ids)])) {
          known.add(`${type}:${String(title.id)}`);
        }
      }
      return titles.map(([type, id]) => known.has(`${type}:${String(id)}`));
    },
    { cache: false, batchScheduleFn: (load) => setImmediate(load) },
  );

  constructor(
    private readonly db: Database,
    private readonly catalogue: CatalogueSource,
  ) {}

  /**
   * Throws unless the catalogue knows the title.
   * @throws NotFoundError (404) for an id the catalogue does not know as `type`.
   */
  async assertKnownTitle(type: MediaType, id: number): Promise<void> {
    if (!(await this.knownTitles.load([type, id]))) {
      throw new NotFoundError(`No ${type === 'movie' ? 'movie' : 'show'} with id ${id}`);
    }
  }

  /**
   * Adds a title to a list (idempotent: the watch history moves it to the front, My List
   * leaves it).
   * @returns whether the title was new to the list.
   * @throws NotFoundError (404) for an unknown title; nothing is written then.
   */
  async save(list: UserList, userId: string, type: MediaType, id: number): Promise<boolean> {
    await this.assertKnownTitle(type, id);
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

  /** Whether a title is in My List; without a type the id matches a movie or a show. */
  inMyList(userId: string, id: number, type: MediaType | undefined): Promise<boolean> {
    return repo.hasEntry(this.db, 'my_list', userId, id, type);
  }

  /** `{ moviesHistory, showsHistory }`, newest first, bounded by the limits. */
  async watchHistory(userId: string, limits: ListLimits): Promise<WatchHistory> {
    const [moviesHistory, showsHistory] = await this.lists('watch_history', userId, limits);
    return { moviesHistory, showsHistory };
  }

  /** `{ moviesList, showsList }`, newest first, bounded by the limits. */
  async myList(userId: string, limits: ListLimits): Promise<MyList> {
    const [moviesList, showsList] = await this.lists('my_list', userId, limits);
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

  /** Movies then shows of a list as summaries; titles the catalogue lost are left out. */
  private async lists(
    list: UserList,
    userId: string,
    { movieLimit, showLimit }: ListLimits,
  ): Promise<[TitleSummary[], TitleSummary[]]> {
    const movieIds = await repo.listEntryIds(this.db, list, userId, 'movie', movieLimit);
    const showIds = await repo.listEntryIds(this.db, list, userId, 'tv', showLimit);
    return Promise.all([
      this.catalogue.summaries('movie', movieIds),
      this.catalogue.summaries('tv', showIds),
    ]);
  }
}
