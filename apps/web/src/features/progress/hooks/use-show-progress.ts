/**
 * A show's watch progress on its play page (PROG-4 in docs/requirements.md): each episode's
 * watched mark or share played in the chosen season, the show's progress line ('S2 E5 · 12 of
 * 62'), and marking a season watched or unmarking it.
 */
import type { ProgressEntry } from '@pigostream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { API_MESSAGES } from '../../../lib/api-client.ts';
import { markSeason, progressQueryKey, titleProgressQueryOptions } from '../api/progress.ts';

/** How far an episode was played (PROG-1, PROG-4): watched, and the share played (0 to 1). */
export interface EpisodeProgress {
  watched: boolean;
  share: number;
}

/** What {@link useShowProgress} answers. */
export interface ShowProgress {
  /** The chosen season's episodes played, by episode number (kept while nothing changed). */
  byEpisode: ReadonlyMap<number, EpisodeProgress>;
  /** 'S2 E5 · 12 of 62': the episode played last, and the episodes watched of the show's. */
  summary: string | undefined;
  /** The show's progress is in (the season can be marked). */
  loaded: boolean;
  /** Marks the chosen season's aired episodes watched (`true`), or forgets its progress. */
  markSeason: (watched: boolean) => void;
  /** While a mark is sent. */
  marking: boolean;
  /** Why the last mark failed, if it did. */
  markError: string | undefined;
}

/** Stand-in for an answer not in yet, so the memoised map keeps its identity. */
const NONE: readonly ProgressEntry[] = [];

/**
 * The progress of user `uid` (none asked without one) in show `showId`, season `season` (its
 * number; undefined while none is chosen), which has `totalEpisodes` episodes in all.
 */
export function useShowProgress(
  uid: string | undefined,
  showId: number,
  season: number | undefined,
  totalEpisodes: number | null | undefined,
): ShowProgress {
  const queryClient = useQueryClient();
  const progress = useQuery({
    ...titleProgressQueryOptions(uid ?? '', 'tv', showId),
    enabled: uid !== undefined,
  });
  const mark = useMutation({
    mutationFn: (watched: boolean) => markSeason(uid ?? '', showId, season ?? 0, watched),
    onSettled: () => queryClient.invalidateQueries({ queryKey: progressQueryKey(uid) }),
  });

  const items = progress.data ?? NONE;
  // Kept while its answer and season are (the play page's strips are memoised: an answer for
  // another part of the page re-renders them only when what they show changed; PERF-4).
  const byEpisode = useMemo(() => {
    const map = new Map<number, EpisodeProgress>();
    for (const item of items) {
      if (item.season !== season || item.episode === null) continue;
      map.set(item.episode, {
        watched: item.watched,
        share: item.duration > 0 ? Math.min(1, item.position / item.duration) : 0,
      });
    }
    return map;
  }, [items, season]);
  const lastPlayed = items.find((item) => item.duration > 0 && item.season !== null);
  const watchedCount = items.filter((item) => item.watched && (item.season ?? 0) > 0).length;
  const summary =
    lastPlayed && totalEpisodes
      ? `S${String(lastPlayed.season)} E${String(lastPlayed.episode)} · ${String(watchedCount)} of ${String(totalEpisodes)}`
      : undefined;

  return {
    byEpisode,
    summary,
    loaded: progress.isSuccess,
    markSeason: mark.mutate,
    marking: mark.isPending,
    markError: mark.isError ? mark.error.message || API_MESSAGES.notOk : undefined,
  };
}
