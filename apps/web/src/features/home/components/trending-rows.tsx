/**
 * The Trending tab's rows (HOME-4 in docs/requirements.md: 'Trending: Movies' and 'Trending:
 * Shows').
 */
import type { MediaType } from '@pigostream/contracts';
import { memo, useCallback } from 'react';
import { FIRST_SCREEN_CARDS, MediaRow } from '../../../components/media-row.tsx';
import { useTrending } from '../api/get-trending.ts';

const ROWS: readonly { type: MediaType; title: string }[] = [
  { type: 'movie', title: 'Trending: Movies' },
  { type: 'tv', title: 'Trending: Shows' },
];

/**
 * Both trending rows, each loading and failing on its own (memoised: Home's own updates do not
 * re-render them). The first row's leading posters load at once.
 */
export const TrendingRows = memo(function TrendingRows() {
  return (
    <div className="flex flex-col gap-8">
      {ROWS.map((row, index) => (
        <TrendingRow key={row.type} {...row} first={index === 0} />
      ))}
    </div>
  );
});

function TrendingRow({ type, title, first }: { type: MediaType; title: string; first: boolean }) {
  const query = useTrending(type);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return (
    <MediaRow
      id={`trending-${type}`}
      title={title}
      items={query.data?.results}
      isLoading={query.isPending}
      error={query.error}
      onRetry={retry}
      priorityCards={first ? FIRST_SCREEN_CARDS : 0}
    />
  );
}
