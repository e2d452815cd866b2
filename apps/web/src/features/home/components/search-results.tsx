/** Search mode's result rows (spec 2 Home: 'Search Results: Movies' and 'Search Results: Shows'). */
import type { MediaType } from '@pigostream/contracts';
import { MediaRow } from '../../../components/media-row.tsx';
import { useSearchMedia } from '../api/search-media.ts';

const ROWS: readonly { type: MediaType; title: string }[] = [
  { type: 'movie', title: 'Search Results: Movies' },
  { type: 'tv', title: 'Search Results: Shows' },
];

/** Row ids of the result rows (their scroll offsets reset for each new search). */
export const SEARCH_ROW_IDS = ROWS.map(({ type }) => `search-${type}`);

/**
 * Both result rows for the submitted `query`; still placeholders while nothing is submitted.
 * A failed or timed-out search ('Request timed out.') shows its message in the row.
 */
export function SearchResults({ query }: { query: string }) {
  return (
    <div className="flex flex-col gap-8">
      {ROWS.map((row) => (
        <SearchRow key={`${row.type}-${query}`} query={query} {...row} />
      ))}
    </div>
  );
}

function SearchRow({ type, title, query }: { type: MediaType; title: string; query: string }) {
  const search = useSearchMedia(type, query);
  return (
    <MediaRow
      id={`search-${type}`}
      title={title}
      items={search.data?.results}
      isLoading={search.isLoading}
      error={search.error}
      onRetry={() => void search.refetch()}
    />
  );
}
