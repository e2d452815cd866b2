/**
 * Home's overall state across its grids (HOME-9 in docs/requirements.md): a loading indicator while
 * any grid loads, the error modal when any fails, and the content notice to show.
 */
import type { Provider } from '@pigostream/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ActiveGrid } from '../../../lib/local-store.ts';
import { useProviderMedia } from '../api/get-provider-media.ts';
import { useProviders } from '../api/get-providers.ts';
import { useSearchMedia } from '../api/search-media.ts';
import { useTrending } from '../api/get-trending.ts';
import { contentNotice, type RowOutcome } from '../notices.ts';

/** Where Home is: the tab, the selected provider and the search shown. */
export interface HomeView {
  activeGrid: ActiveGrid;
  provider: Provider | undefined;
  searchMode: boolean;
  /** The submitted search ('' for none). */
  query: string;
}

/** What {@link useHomeStatus} reports. */
export interface HomeStatus {
  /** A grid (trending, providers, the provider rows or the search) is loading. */
  loading: boolean;
  /** The first grid failure, for the 'Server is not responding' modal; null when none. */
  error: Error | null;
  /** The content notice due now (HOME-10), before its 2 s delay; null when none. */
  notice: string | null;
  /** The grids of the current view have settled (loaded or failed): page scroll may restore. */
  settled: boolean;
}

function outcome(query: UseQueryResult<{ results: readonly unknown[] }>): RowOutcome {
  return { loaded: query.isSuccess, count: query.data?.results.length ?? 0 };
}

/**
 * Reads every Home grid through TanStack Query (the rows read the same cached queries): both
 * trending rows, the provider list and the selected provider's rows (loaded on either tab, so
 * tab switches are instant and 'No content available from trending or providers.' can be
 * known; on the Trending tab only once its rows have settled, so they do not compete with the
 * first screen, QUAL-2), and the two search rows while a search is shown.
 */
export function useHomeStatus(view: HomeView): HomeStatus {
  const trending = [useTrending('movie'), useTrending('tv')];
  const providers = useProviders();
  const trendingSettled = trending.every((q) => !q.isPending);
  const providerRowsWanted = view.activeGrid === 'providers' || trendingSettled;
  const providerRows = [
    useProviderMedia(view.provider, 'movie', providerRowsWanted),
    useProviderMedia(view.provider, 'tv', providerRowsWanted),
  ];
  const searchQuery = view.searchMode ? view.query : '';
  const search = [useSearchMedia('movie', searchQuery), useSearchMedia('tv', searchQuery)];

  const grids = [...trending, providers, ...providerRows, ...search];
  const error = grids.find((q) => q.error)?.error ?? null;
  const loading = grids.some((q) => q.isLoading);
  const current = view.searchMode
    ? search
    : view.activeGrid === 'trending'
      ? trending
      : [providers, ...providerRows];
  const settled = current.every((q) => !q.isLoading);

  const notice = contentNotice({
    activeGrid: view.activeGrid,
    searchMode: view.searchMode,
    query: searchQuery,
    trending: trending.map(outcome),
    providers: view.provider
      ? providerRows.map(outcome)
      : providers.isSuccess && providers.data.length === 0
        ? [{ loaded: true, count: 0 }]
        : [],
    search: searchQuery ? search.map(outcome) : [],
  });

  return { loading, error, notice, settled };
}
