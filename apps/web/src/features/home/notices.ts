/**
 * Home's content notices (HOME-10 in docs/requirements.md, LIMIT-4: after 2 s, visible 5 s). Pure
 * functions.
 */
import type { ActiveGrid } from '../../lib/local-store.ts';

/** The notices, word for word (HOME-10). */
export const HOME_NOTICES = {
  noTrending: 'No trending content available.',
  noProviderContent: 'No content found for available providers.',
  noContent: 'No content available from trending or providers.',
  noResults: (query: string) => `No results found for "${query}".`,
} as const;

/** What a notice needs of one row: loaded successfully, and how many items it has. */
export interface RowOutcome {
  loaded: boolean;
  count: number;
}

/** Where Home is and what its rows answered. */
export interface HomeContent {
  activeGrid: ActiveGrid;
  /** Search mode on (DATA-14: showSearchBar). */
  searchMode: boolean;
  /** The submitted search ('' for none). */
  query: string;
  trending: readonly RowOutcome[];
  /** The selected provider's rows; empty while no provider is known. */
  providers: readonly RowOutcome[];
  /** The search rows of `query`. */
  search: readonly RowOutcome[];
}

/** True when every row loaded and none has an item (false for no rows at all). */
function allEmpty(rows: readonly RowOutcome[]): boolean {
  return rows.length > 0 && rows.every((r) => r.loaded && r.count === 0);
}

/**
 * The notice Home should show now, or null. In search mode: 'No results found for "{query}".'
 * once both search rows loaded empty. Otherwise: 'No content available from trending or
 * providers.' when both trending and the provider rows loaded empty, else the active tab's own
 * notice when its rows loaded empty.
 */
export function contentNotice(content: HomeContent): string | null {
  if (content.searchMode) {
    return content.query && allEmpty(content.search) ? HOME_NOTICES.noResults(content.query) : null;
  }
  const trendingEmpty = allEmpty(content.trending);
  const providersEmpty = allEmpty(content.providers);
  if (trendingEmpty && providersEmpty) return HOME_NOTICES.noContent;
  if (content.activeGrid === 'trending' && trendingEmpty) return HOME_NOTICES.noTrending;
  if (content.activeGrid === 'providers' && providersEmpty) return HOME_NOTICES.noProviderContent;
  return null;
}
