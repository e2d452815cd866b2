/**
 * The episodes of a title the user has watched, for the anime view's grid (PROG-4 in
 * docs/requirements.md).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { titleProgressQueryOptions, type ProgressTarget } from '../api/progress.ts';

const NONE: ReadonlySet<number> = new Set();

/**
 * The episode numbers of season 1 of show `target` that user `uid` has watched (the anime view
 * asks servers for season 1 and its episode numbers), or `{1}` for a watched movie; empty while
 * loading, on an error, or without `uid` (signed out, or not the anime view: nothing is asked).
 */
export function useWatchedEpisodes(
  uid: string | undefined,
  target: Pick<ProgressTarget, 'id' | 'type'>,
): ReadonlySet<number> {
  const progress = useQuery({
    ...titleProgressQueryOptions(uid ?? '', target.type, target.id),
    enabled: uid !== undefined,
  });
  return useMemo(() => {
    const items = progress.data;
    if (!items) return NONE;
    return new Set(
      items.flatMap((item) => {
        if (!item.watched) return [];
        if (target.type === 'movie') return [1];
        return item.season === 1 && item.episode !== null ? [item.episode] : [];
      }),
    );
  }, [progress.data, target.type]);
}
