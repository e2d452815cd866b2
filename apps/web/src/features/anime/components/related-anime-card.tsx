/** One card of the Related Anime strip (ANIME-1, ANIME-2 in docs/requirements.md: related card). */
import type { RelatedAnime } from '@pigostream/contracts';
import { Clapperboard } from 'lucide-react';
import { formatLabel, formatStartDate, relationTitle } from '../rules/display.ts';

/** Props of {@link RelatedAnimeCard}. */
export interface RelatedAnimeCardProps {
  entry: RelatedAnime;
  /** The card's number in the strip, 1-based. */
  index: number;
  selected: boolean;
  onSelect: () => void;
}

/**
 * A 160 px wide button: the cover image (a placeholder when missing), the title (English, else
 * romaji, else 'Untitled'), the start date as month/day/year ('--' for missing parts, 'Unknown'
 * without a year), the format and the index number. The selected card is ringed and marked
 * `aria-pressed`.
 */
export function RelatedAnimeCard({ entry, index, selected, onSelect }: RelatedAnimeCardProps) {
  const title = relationTitle(entry);
  const cover = entry.coverImage?.large;
  const format = formatLabel(entry.format);

  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      data-testid="related-anime-card"
      className={`group flex w-40 shrink-0 flex-col rounded-lg p-1 text-left transition ${
        selected ? 'bg-sky-500/15 ring-2 ring-sky-400' : 'hover:bg-white/5'
      }`}
    >
      <span className="relative block aspect-[2/3] w-full overflow-hidden rounded-md bg-neutral-800 ring-1 ring-white/10">
        {cover ? (
          <img
            src={cover}
            alt=""
            loading="lazy"
            decoding="async"
            draggable={false}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : (
          <span
            data-testid="related-anime-placeholder"
            className="flex size-full flex-col items-center justify-center gap-2 p-3 text-center text-xs text-neutral-400"
          >
            <Clapperboard aria-hidden="true" className="size-8" />
            No cover
          </span>
        )}
        <span className="absolute top-1.5 left-1.5 rounded bg-black/75 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
          <span className="sr-only">Number </span>
          {index}
        </span>
      </span>
      <span className="mt-2 line-clamp-2 px-0.5 text-sm font-medium text-neutral-100">{title}</span>
      <span className="mt-1 flex items-center justify-between gap-2 px-0.5 text-xs text-neutral-300">
        <span className="tabular-nums">{formatStartDate(entry.startDate)}</span>
        {format && <span>{format}</span>}
      </span>
    </button>
  );
}
