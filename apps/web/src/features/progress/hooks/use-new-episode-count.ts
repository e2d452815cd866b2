/**
 * The sidebar badge's count of new episodes (PROG-7 in docs/requirements.md). The rule lives here,
 * not in progress-rules.ts, so the app frame's chunk does not take that module's chunk along.
 */
import { useQuery } from '@tanstack/react-query';
import type { NewEpisodeItem } from '@pigostream/contracts';
import { useState } from 'react';
import { localDate } from '../../../lib/air-dates.ts';
import { newEpisodesQueryOptions } from '../api/progress.ts';

/**
 * How many episodes of user `uid`'s shows aired by today (the user's local day) and are not
 * watched, from New Episodes' answer (shared with Home's row, so no second call); 0 while
 * loading, on an error, or without `uid`.
 */
export function useNewEpisodeCount(uid: string | undefined): number {
  const [today] = useState(() => localDate(new Date()));
  const list = useQuery({ ...newEpisodesQueryOptions(uid ?? ''), enabled: uid !== undefined });
  return list.data ? countNewEpisodes(list.data, today) : 0;
}

/**
 * How many of New Episodes' `items` are new to the user: aired by `today` (`YYYY-MM-DD`, the
 * user's local day) and not watched. The sidebar's badge shows it.
 */
export function countNewEpisodes(items: readonly NewEpisodeItem[], today: string): number {
  return items.filter(
    (item) => item.episode.air_date !== null && item.episode.air_date <= today && !item.watched,
  ).length;
}
