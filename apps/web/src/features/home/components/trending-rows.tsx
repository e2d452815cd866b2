/** The Trending tab's rows (spec 2 Home: 'Trending: Movies' and 'Trending: Shows'). */
import type { MediaType } from '@pigostream/contracts';
import { MediaRow } from '../../../components/media-row.tsx';
import { useTrending } from '../api/get-trending.ts';

const ROWS: readonly { type: MediaType; title: string }[] = [
  { type: 'movie', title: 'Trending: Movies' },
  { type: 'tv', title: 'Trending: Shows' },
];

/** Both trending rows, each loading and failing on its own. */
export function TrendingRows() {
  return (
    <div className="flex flex-col gap-8">
      {ROWS.map((row) => (
        <TrendingRow key={row.type} {...row} />
      ))}
    </div>
  );
}

function TrendingRow({ type, title }: { type: MediaType; title: string }) {
  const query = useTrending(type);
  return (
    <MediaRow
      id={`trending-${type}`}
      title={title}
      items={query.data?.results}
      isLoading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
    />
  );
}
