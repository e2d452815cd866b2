/**
 * Search mode's result rows (HOME-5 in docs/requirements.md: 'Search Results: Movies' and 'Search
 * Results: Shows').
 */
import type { MediaType } from '@pigostream/contracts';
import { memo, useCallback } from 'react';
import { FIRST_SCREEN_CARDS, MediaRow } from '../../../components/media-row.tsx';
import { useSearchMedia } from '../api/search-media.ts';

const ROWS: readonly { type: MediaType; title: string }[] = [
  { type: 'movie', title: 'Search Results: Movies' },
  { type: 'tv', title: 'Search Results: Shows' },
];

/** Row ids of the result rows (their scroll offsets reset for each new search). */
export const SEARCH_ROW_IDS = ROWS.map(({ type }) => `search-${type}`);

/**
 * Both result rows for the submitted `query`; still placeholders while nothing is submitted.
 * A failed or timed-out search ('Request timed out.') shows its message in the row. Memoised
 * on `query`; the first row's leading posters load at once.
 */
export const SearchResults = memo(function SearchResults({ query }: { query: string }) {
  return (
    <div className="flex flex-col gap-8">
      {ROWS.map((row, index) => (
        <SearchRow key={`${row.type}-${query}`} query={query} {...row} first={index === 0} />
      ))}
    </div>
  );
});

function SearchRow({
  type,
  title,
  query,
  first,
}: {
  type: MediaType;
  title: string;
  query: string;
  first: boolean;
}) {
  const search = useSearchMedia(type, query);
  const { refetch } = search;
  const retry = useCallback(() => void refetch(), [refetch]);
  return (
    <MediaRow
      id={`search-${type}`}
      title={title}
      items={search.data?.results}
      isLoading={search.isLoading}
      error={search.error}
      onRetry={retry}
      priorityCards={first ? FIRST_SCREEN_CARDS : 0}
    />
  );
}
