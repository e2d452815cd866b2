/**
 * A show's season and episode choice (PLAY-9 in docs/requirements.md: season remembered if it
 * exists, else season number 1, else the first; per season the remembered episode if present, else
 * the first), remembered in 'PigoStream.Local' under `play:tv:{id}:season` and
 * `play:tv:{id}:episode:{season_number}`.
 */
import type { MediaDetails } from '@pigostream/contracts';
import { useMemo } from 'react';
import { useRemembered, wholeNumberFrom } from '../../../lib/local-store.ts';
import { rememberKey } from '../../../lib/media.ts';
import type { PlayTarget } from '../api/get-media-info.ts';
import { useSeason } from '../api/get-season.ts';
import { pickEpisode, pickSeason } from '../play-rules.ts';

type SeasonSummary = NonNullable<MediaDetails['seasons']>[number];

/** What {@link useShowSelection} answers. */
export interface ShowSelection {
  /** The show's seasons, in the answer's order (empty when it lists none). */
  seasons: SeasonSummary[];
  /** The chosen season; undefined when the show has none. */
  season: SeasonSummary | undefined;
  /** The chosen season's detail query (episodes). */
  seasonQuery: ReturnType<typeof useSeason>;
  /** The chosen episode's number; undefined while loading or when the season has none. */
  episodeNumber: number | undefined;
  /** Chooses (and remembers) the season with this `season_number`. */
  selectSeason: (seasonNumber: number) => void;
  /** Chooses (and remembers, for the chosen season) the episode with this `episode_number`. */
  selectEpisode: (episodeNumber: number) => void;
}

const NO_NUMBER = -1;

/**
 * The season and episode chosen for show `target` with details `media`; idle (no season fetch)
 * while `enabled` is false (a movie, or the anime view in place of the show view).
 */
export function useShowSelection(
  target: PlayTarget,
  media: MediaDetails,
  enabled: boolean,
): ShowSelection {
  const seasons = useMemo(() => media.seasons ?? [], [media.seasons]);
  const [rememberedSeason, rememberSeason] = useRemembered(
    rememberKey(target, 'season'),
    wholeNumberFrom(0),
    NO_NUMBER,
  );
  const season = enabled ? pickSeason(seasons, rememberedSeason) : undefined;
  const seasonQuery = useSeason(target.id, season?.season_number);

  const episodeKey = rememberKey(target, `episode:${String(season?.season_number ?? NO_NUMBER)}`);
  const [rememberedEpisode, rememberEpisode] = useRemembered(
    episodeKey,
    wholeNumberFrom(0),
    NO_NUMBER,
  );
  const episodes = seasonQuery.data?.episodes ?? [];
  const episode = season ? pickEpisode(episodes, rememberedEpisode) : undefined;

  return {
    seasons,
    season,
    seasonQuery,
    episodeNumber: episode?.episode_number,
    selectSeason: rememberSeason,
    selectEpisode: rememberEpisode,
  };
}
