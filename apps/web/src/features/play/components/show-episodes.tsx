/** A show's Seasons and Episodes strips together (spec 2 Play page, for tv). */
import { API_MESSAGES } from '../../../lib/api-client.ts';
import type { ShowSelection } from '../hooks/use-show-selection.ts';
import { EpisodesStrip } from './episodes-strip.tsx';
import { SeasonsStrip } from './seasons-strip.tsx';

/**
 * The Seasons strip and, below it, the chosen season's Episodes strip, driven by `show`
 * ({@link ShowSelection}); `today` (`YYYY-MM-DD`) decides which episodes are in the future.
 */
export function ShowEpisodes({ show, today }: { show: ShowSelection; today: string }) {
  const { seasonQuery } = show;
  const error = seasonQuery.isError ? seasonQuery.error.message || API_MESSAGES.notOk : undefined;
  return (
    <>
      <SeasonsStrip
        seasons={show.seasons}
        selected={show.season?.season_number}
        onSelect={show.selectSeason}
      />
      <EpisodesStrip
        episodes={show.season ? (seasonQuery.data?.episodes ?? []) : []}
        selected={show.episodeNumber}
        onSelect={show.selectEpisode}
        today={today}
        loading={show.season !== undefined && seasonQuery.isPending}
        error={error}
        onRetry={() => {
          void seasonQuery.refetch();
        }}
      />
    </>
  );
}
