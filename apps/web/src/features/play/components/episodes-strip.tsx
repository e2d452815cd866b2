/**
 * The Episodes strip (PLAY-5 in docs/requirements.md: card 160 px wide, still 90 px high, w185;
 * future episodes not selectable, muted, not-allowed cursor; 'New!' on the air date; name
 * tooltips).
 */
import type { SeasonDetails } from '@pigostream/contracts';
import { Check } from 'lucide-react';
import { memo, useState } from 'react';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { ArtImage } from '../../../components/art-image.tsx';
import { airsToday, isFutureEpisode } from '../../../lib/air-dates.ts';
import type { EpisodeProgress } from '../../progress/index.ts';
import { DelayedTooltip } from './delayed-tooltip.tsx';
import { Strip } from './strip.tsx';

type Episode = SeasonDetails['episodes'][number];

/**
 * 'Episodes' of the chosen season: pulsing placeholders while `loading`, `error` with Retry,
 * 'No episodes available' when there are none; otherwise one card per episode, the `selected`
 * one highlighted. An episode airing after `today` (`YYYY-MM-DD`) is `aria-disabled` and
 * ignores clicks; one airing on `today` shows 'New!'. A watched episode (`progress`, by episode
 * number) shows a 'Watched' mark, a started one how far it was played.
 */
export const EpisodesStrip = memo(function EpisodesStrip({
  episodes,
  selected,
  onSelect,
  today,
  progress,
  loading,
  error,
  onRetry,
}: {
  episodes: readonly Episode[];
  selected: number | undefined;
  onSelect: (episodeNumber: number) => void;
  today: string;
  progress?: ReadonlyMap<number, EpisodeProgress>;
  loading: boolean;
  error: string | undefined;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <Strip title="Episodes" count={0} empty={<ErrorNotice message={error} onRetry={onRetry} />} />
    );
  }
  if (loading) {
    return (
      <Strip title="Episodes" count={0}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} aria-hidden="true" className="w-40 shrink-0">
            <div className="h-[90px] w-40 animate-pulse rounded-lg bg-neutral-800" />
            <div className="mt-2 h-4 w-24 animate-pulse rounded bg-neutral-800" />
          </div>
        ))}
      </Strip>
    );
  }
  return (
    <Strip title="Episodes" count={episodes.length} empty="No episodes available">
      {episodes.length > 0 &&
        episodes.map((episode) => (
          <EpisodeCard
            key={`${String(episode.episode_number)}:${String(episode.id)}`}
            episode={episode}
            active={episode.episode_number === selected}
            future={isFutureEpisode(episode.air_date, today)}
            fresh={airsToday(episode.air_date, today)}
            progress={progress?.get(episode.episode_number)}
            onSelect={onSelect}
          />
        ))}
    </Strip>
  );
});

function EpisodeCard({
  episode,
  active,
  future,
  fresh,
  progress,
  onSelect,
}: {
  episode: Episode;
  active: boolean;
  future: boolean;
  fresh: boolean;
  progress: EpisodeProgress | undefined;
  onSelect: (episodeNumber: number) => void;
}) {
  const [failed, setFailed] = useState(false);
  const src = failed ? undefined : episode.still_path || undefined;
  const label = `${String(episode.episode_number)}. ${episode.name}`;
  return (
    <DelayedTooltip text={label}>
      <button
        type="button"
        aria-pressed={active}
        aria-disabled={future || undefined}
        data-episode={episode.episode_number}
        onClick={() => {
          if (!future) onSelect(episode.episode_number);
        }}
        className={`group relative flex w-40 shrink-0 snap-start flex-col gap-2 rounded-lg text-left ${
          future ? 'cursor-not-allowed opacity-50 grayscale' : ''
        }`}
      >
        <span
          className={`relative block h-[90px] w-40 overflow-hidden rounded-lg bg-neutral-800 ring-2 transition ${
            active
              ? 'ring-accent-soft'
              : future
                ? 'ring-transparent'
                : 'ring-transparent group-hover:ring-white/30'
          }`}
        >
          {src && (
            <ArtImage
              path={src}
              kind="still"
              size="w185"
              sizes="160px"
              alt=""
              width={160}
              height={90}
              loading="lazy"
              decoding="async"
              onError={() => {
                setFailed(true);
              }}
              className="size-full object-cover"
            />
          )}
          {fresh && (
            <span className="absolute top-1.5 left-1.5 rounded bg-accent px-1.5 py-0.5 text-[0.7rem] font-bold text-white shadow">
              New!
            </span>
          )}
          {progress?.watched ? (
            <span
              data-watched=""
              className="absolute top-1.5 right-1.5 inline-flex items-center gap-1 rounded bg-black/75 px-1.5 py-0.5 text-[0.7rem] font-semibold text-emerald-300"
            >
              <Check aria-hidden="true" className="size-3" />
              Watched
            </span>
          ) : (
            progress &&
            progress.share > 0 && (
              <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-white/20">
                <span
                  className="block h-full bg-accent"
                  style={{ width: `${String(Math.round(progress.share * 100))}%` }}
                />
              </span>
            )
          )}
        </span>
        <span className="relative block">
          <span
            className={`line-clamp-2 px-0.5 text-sm leading-snug ${active ? 'font-semibold text-white' : 'text-neutral-300'}`}
          >
            {label}
          </span>
        </span>
        {future && episode.air_date && (
          <span className="px-0.5 text-xs text-neutral-400">Airs {episode.air_date}</span>
        )}
      </button>
    </DelayedTooltip>
  );
}
