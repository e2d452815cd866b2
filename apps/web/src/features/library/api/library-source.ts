/**
 * The Watch History and My List calls behind one shape, so both pages share their screen: a
 * fetch answering `{ movies, shows }`, a removal and the query key (from my-list.ts and
 * watch-history.ts).
 */
import type { MediaType, TitleSummary } from '@pigostream/contracts';
import type { LibraryKind } from '../list-rules.ts';
import { fetchMyList, myListQueryKey, removeFromMyList, type ListLimits } from './my-list.ts';
import {
  fetchWatchHistory,
  removeFromWatchHistory,
  watchHistoryQueryKey,
} from './watch-history.ts';

/** A page's lists, newest first. */
export interface LibraryLists {
  movies: TitleSummary[];
  shows: TitleSummary[];
}

/** One page's calls. */
export interface LibrarySource {
  /** Query key at `limits`; without limits, the prefix covering every limit. */
  queryKey: (uid: string | undefined, limits?: ListLimits) => readonly unknown[];
  /**
   * Fetches at most `limits` of each. @throws ApiError with an ERR-1 in docs/requirements.md
   * message.
   */
  fetch: (uid: string, limits: ListLimits, signal?: AbortSignal) => Promise<LibraryLists>;
  /** Removes one title. @throws ApiError with an ERR-1 message. */
  remove: (uid: string, id: number, type: MediaType) => Promise<unknown>;
}

/** The calls of each page. */
export const LIBRARY_SOURCES: Record<LibraryKind, LibrarySource> = {
  'watch-history': {
    queryKey: watchHistoryQueryKey,
    fetch: async (uid, limits, signal) => {
      const { moviesHistory, showsHistory } = await fetchWatchHistory(uid, limits, signal);
      return { movies: moviesHistory, shows: showsHistory };
    },
    remove: removeFromWatchHistory,
  },
  'my-list': {
    queryKey: myListQueryKey,
    fetch: async (uid, limits, signal) => {
      const { moviesList, showsList } = await fetchMyList(uid, limits, signal);
      return { movies: moviesList, shows: showsList };
    },
    remove: removeFromMyList,
  },
};
