/** A show's Seasons and Episodes strips together (PLAY-5 in docs/requirements.md, for tv). */
import type { SeasonDetails } from '@pigostream/contracts';
import { useCallback } from 'react';
import { isFutureEpisode } from '../../../lib/air-dates.ts';
import { API_MESSAGES } from '../../../lib/api-client.ts';
import { SeasonProgress, useShowProgress } from '../../progress/index.ts';
import type { PlayTarget } from '../api/get-media-info.ts';
import type { ShowSelection } from '../hooks/use-show-selection.ts';
import { EpisodesStrip } from './episodes-strip.tsx';
import { SeasonsStrip } from './seasons-strip.tsx';

/** Stand-in for a season not in yet, so the memoised strip keeps its props. */
const NO_EPISODES: SeasonDetails['episodes'] = [];

/**
 * The Seasons strip and, below it, the chosen season's Episodes strip, driven by `show`
 * ({@link ShowSelection}); `today` (`YYYY-MM-DD`) decides which episodes are in the future.
 * With a user `uid` (PROG-4, features/progress): between them the show's progress ('S2 E5 · 12
 * of 62': the episode played last, and the episodes watched of `totalEpisodes`) with 'Mark
 * season as watched' / 'Unmark season', and on each episode its watched mark or progress.
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
  const seasonNumber = show.season?.season_number;
  const progress = useShowProgress(uid, target.id, seasonNumber, totalEpisodes);
  const { refetch } = seasonQuery;
  const retrySeason = useCallback(() => {
    void refetch();
  }, [refetch]);
  const episodes = show.season ? (seasonQuery.data?.episodes ?? NO_EPISODES) : NO_EPISODES;
  const aired = episodes
    .filter((e) => !isFutureEpisode(e.air_date, today))
    .map((e) => e.episode_number);

  return (
    <>
      <SeasonsStrip seasons={show.seasons} selected={seasonNumber} onSelect={show.selectSeason} />
      {uid && show.season && <SeasonProgress progress={progress} aired={aired} />}
      <EpisodesStrip
        episodes={episodes}
        selected={show.episodeNumber}
        onSelect={show.selectEpisode}
        today={today}
        progress={progress.byEpisode}
        loading={show.season !== undefined && seasonQuery.isPending}
        error={error}
        onRetry={retrySeason}
      />
    </>
  );
}
