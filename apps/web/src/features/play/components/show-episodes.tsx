/** A show's Seasons and Episodes strips together (PLAY-5 in docs/requirements.md, for tv). */
import type { ProgressEntry, SeasonDetails } from '@pigostream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, LoaderCircle, Undo2 } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { API_MESSAGES } from '../../../lib/api-client.ts';
import type { PlayTarget } from '../api/get-media-info.ts';
import { markSeason, progressQueryKey, titleProgressQueryOptions } from '../api/progress.ts';
import type { ShowSelection } from '../hooks/use-show-selection.ts';
import { isFutureEpisode } from '../play-rules.ts';
import { EpisodesStrip, type EpisodeProgress } from './episodes-strip.tsx';
import { SeasonsStrip } from './seasons-strip.tsx';

/** Stand-ins for answers not in yet, one each, so the memoised strips keep their props. */
const NONE: readonly ProgressEntry[] = [];
const NO_EPISODES: SeasonDetails['episodes'] = [];

/**
 * The Seasons strip and, below it, the chosen season's Episodes strip, driven by `show`
 * ({@link ShowSelection}); `today` (`YYYY-MM-DD`) decides which episodes are in the future.
 * With a user `uid` (PROG-4): the show's progress ('S2 E5 · 12 of 62': the episode played
 * last, and the episodes watched of `totalEpisodes`), each episode's watched mark or progress,
 * and 'Mark season as watched' / 'Unmark season'.
 */
export function ShowEpisodes({
  show,
  today,
  uid,
  target,
  totalEpisodes,
}: {
  show: ShowSelection;
  today: string;
  uid: string | undefined;
  target: PlayTarget;
  totalEpisodes: number | null | undefined;
}) {
  const { seasonQuery } = show;
  const error = seasonQuery.isError ? seasonQuery.error.message || API_MESSAGES.notOk : undefined;
  const queryClient = useQueryClient();
  const progress = useQuery({
    ...titleProgressQueryOptions(uid ?? '', 'tv', target.id),
    enabled: uid !== undefined,
  });
  const seasonNumber = show.season?.season_number;
  const mark = useMutation({
    mutationFn: (watched: boolean) => markSeason(uid ?? '', target.id, seasonNumber ?? 0, watched),
    onSettled: () => queryClient.invalidateQueries({ queryKey: progressQueryKey(uid) }),
  });

  const items = progress.data ?? NONE;
  // Kept while its answer and season are (the strips are memoised: an answer for another part
  // of the play page re-renders them only when what they show changed; PERF-4).
  const byEpisode = useMemo(() => {
    const map = new Map<number, EpisodeProgress>();
    for (const item of items) {
      if (item.season !== seasonNumber || item.episode === null) continue;
      map.set(item.episode, {
        watched: item.watched,
        share: item.duration > 0 ? Math.min(1, item.position / item.duration) : 0,
      });
    }
    return map;
  }, [items, seasonNumber]);
  const { refetch } = seasonQuery;
  const retrySeason = useCallback(() => {
    void refetch();
  }, [refetch]);
  const episodes = show.season ? (seasonQuery.data?.episodes ?? NO_EPISODES) : NO_EPISODES;
  const aired = episodes.filter((e) => !isFutureEpisode(e.air_date, today));
  const seasonWatched =
    aired.length > 0 && aired.every((e) => byEpisode.get(e.episode_number)?.watched === true);
  const lastPlayed = items.find((item) => item.duration > 0 && item.season !== null);
  const watchedCount = items.filter((item) => item.watched && (item.season ?? 0) > 0).length;
  const summary =
    lastPlayed && totalEpisodes
      ? `S${String(lastPlayed.season)} E${String(lastPlayed.episode)} · ${String(watchedCount)} of ${String(totalEpisodes)}`
      : undefined;

  return (
    <>
      <SeasonsStrip seasons={show.seasons} selected={seasonNumber} onSelect={show.selectSeason} />
      {uid && show.season && (summary || aired.length > 0) && (
        <div className="-mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-neutral-300">
            {summary && (
              <>
                <span className="sr-only">Your progress: </span>
                {summary}
              </>
            )}
          </p>
          {aired.length > 0 && progress.isSuccess && (
            <button
              type="button"
              disabled={mark.isPending}
              aria-busy={mark.isPending}
              onClick={() => {
                mark.mutate(!seasonWatched);
              }}
              className="inline-flex items-center gap-2 rounded-md bg-white/10 px-3 py-1.5 text-sm font-medium text-neutral-100 hover:bg-white/20 disabled:cursor-wait disabled:opacity-70"
            >
              {mark.isPending ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : seasonWatched ? (
                <Undo2 aria-hidden="true" className="size-4" />
              ) : (
                <CheckCheck aria-hidden="true" className="size-4" />
              )}
              {seasonWatched ? 'Unmark season' : 'Mark season as watched'}
            </button>
          )}
          {mark.isError && (
            <p role="alert" className="w-full text-sm text-rose-300">
              {mark.error.message || API_MESSAGES.notOk}
            </p>
          )}
        </div>
      )}
      <EpisodesStrip
        episodes={episodes}
        selected={show.episodeNumber}
        onSelect={show.selectEpisode}
        today={today}
        progress={byEpisode}
        loading={show.season !== undefined && seasonQuery.isPending}
        error={error}
        onRetry={retrySeason}
      />
    </>
  );
}
