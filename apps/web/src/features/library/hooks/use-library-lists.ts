/**
 * A page's two lists with their View More limits (LISTS-1, LISTS-2, LISTS-3 in
 * docs/requirements.md, LIMIT-12, LIMIT-13: default 12, View More adds 12; DATA-16: movie/show
 * limits remembered).
 */
import type { TitleSummary } from '@pigostream/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRemembered } from '../../../lib/local-store.ts';
import { LIBRARY_SOURCES, type LibraryLists } from '../api/library-source.ts';
import { LIST_PAGE_SIZE } from '../api/my-list.ts';
import { checkLimit, fetchLimit, nextLimit, pageOf, type LibraryKind } from '../list-rules.ts';

/** One section's shown items and whether View More applies. */
export interface ListPage {
  items: TitleSummary[];
  hasMore: boolean;
}

/** What {@link useLibraryLists} answers. */
export interface LibraryListsState {
  movies: ListPage;
  shows: ListPage;
  /** No answer yet (first load). */
  isPending: boolean;
  /** A larger limit is loading; the smaller page is still shown meanwhile. */
  isLoadingMore: boolean;
  /** The last load's failure (an ERR-1 message), or null. */
  error: Error | null;
  /** An answer is on hand (possibly older than a failed refetch). */
  hasData: boolean;
  /** Both lists answered and both are empty. */
  isEmpty: boolean;
  refetch: () => void;
  viewMoreMovies: () => void;
  viewMoreShows: () => void;
}

const EMPTY_PAGE: ListPage = { items: [], hasMore: false };

/**
 * Fetches `kind`'s lists for `uid` (nothing while `uid` is undefined) at the remembered limits
 * (`{kind}:movieLimit`, `{kind}:showLimit` in 'PigoStream.Local'), asking for one more of each
 * to know whether View More applies. Always refetched on visit (the play page may have changed
 * them); a larger limit keeps the current page on screen while it loads.
 */
export function useLibraryLists(kind: LibraryKind, uid: string | undefined): LibraryListsState {
  const source = LIBRARY_SOURCES[kind];
  const [movieLimit, setMovieLimit] = useRemembered(
    `${kind}:movieLimit`,
    checkLimit,
    LIST_PAGE_SIZE,
  );
  const [showLimit, setShowLimit] = useRemembered(`${kind}:showLimit`, checkLimit, LIST_PAGE_SIZE);
  const asked = { movieLimit: fetchLimit(movieLimit), showLimit: fetchLimit(showLimit) };

  const query = useQuery({
    queryKey: source.queryKey(uid, asked),
    queryFn: async ({
      signal,
    }): Promise<LibraryLists & { movieLimit: number; showLimit: number }> => {
      if (uid === undefined) throw new Error('No user');
      return { ...(await source.fetch(uid, asked, signal)), movieLimit, showLimit };
    },
    enabled: uid !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const data = query.data;
  const movies = data ? pageOf(data.movies, data.movieLimit) : EMPTY_PAGE;
  const shows = data ? pageOf(data.shows, data.showLimit) : EMPTY_PAGE;

  return {
    movies,
    shows,
    isPending: query.isPending,
    isLoadingMore: query.isPlaceholderData,
    hasData: data !== undefined,
    error: query.error,
    isEmpty: query.isSuccess && movies.items.length === 0 && shows.items.length === 0,
    refetch: () => void query.refetch(),
    viewMoreMovies: () => {
      setMovieLimit(nextLimit(movieLimit));
    },
    viewMoreShows: () => {
      setShowLimit(nextLimit(showLimit));
    },
  };
}
