/**
 * The Seasons strip (PLAY-5 in docs/requirements.md: season poster 240 px high, w185; name
 * tooltips).
 */
import type { MediaDetails } from '@pigostream/contracts';
import { memo, useState } from 'react';
import { ArtImage } from '../../../components/art-image.tsx';
import { DelayedTooltip } from './delayed-tooltip.tsx';
import { Strip } from './strip.tsx';

type SeasonSummary = NonNullable<MediaDetails['seasons']>[number];

/**
 * 'Seasons': one 160 px card per season (poster 160x240, name below with a tooltip), the
 * `selected` one highlighted (`aria-pressed`); a click calls `onSelect(season_number)`.
 * 'No seasons available' when `seasons` is empty.
 */
export const SeasonsStrip = memo(function SeasonsStrip({
  seasons,
  selected,
  onSelect,
}: {
  seasons: readonly SeasonSummary[];
  selected: number | undefined;
  onSelect: (seasonNumber: number) => void;
}) {
  return (
    <Strip title="Seasons" count={seasons.length} empty="No seasons available">
      {seasons.length > 0 &&
        seasons.map((season) => (
          <SeasonCard
            key={season.season_number}
            season={season}
            active={season.season_number === selected}
            onSelect={onSelect}
          />
        ))}
    </Strip>
  );
});

function SeasonCard({
  season,
  active,
  onSelect,
}: {
  season: SeasonSummary;
  active: boolean;
  onSelect: (seasonNumber: number) => void;
}) {
  const [failed, setFailed] = useState(false);
  const src = failed ? undefined : season.poster_path || undefined;
  return (
    <DelayedTooltip text={season.name}>
      <button
        type="button"
        aria-pressed={active}
        data-season={season.season_number}
        onClick={() => {
          onSelect(season.season_number);
        }}
        className="group relative flex w-40 shrink-0 snap-start flex-col gap-2 rounded-xl text-left"
      >
        <span
          className={`block h-60 w-40 overflow-hidden rounded-xl bg-neutral-800 ring-2 transition ${
            active ? 'ring-accent-soft' : 'ring-transparent group-hover:ring-white/30'
          }`}
        >
          {src ? (
            <ArtImage
              path={src}
              kind="poster"
              size="w185"
              sizes="160px"
              alt=""
              width={160}
              height={240}
              loading="lazy"
              decoding="async"
              onError={() => {
                setFailed(true);
              }}
              className="size-full object-cover"
            />
          ) : (
            <span className="flex size-full items-center justify-center p-3 text-center text-sm text-neutral-300">
              {season.name}
            </span>
          )}
        </span>
        <span className="relative block">
          <span
            className={`block truncate px-0.5 text-sm font-medium ${active ? 'text-white' : 'text-neutral-300'}`}
          >
            {season.name}
          </span>
        </span>
      </button>
    </DelayedTooltip>
  );
}
