/**
 * The Episodes grid of the anime view (ANIME-1, ANIME-3 in docs/requirements.md; LIMIT-13: 50 per
 * page).
 */
import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { clampPage, pageCount, pageEpisodes } from '../rules/selection.ts';

/** Props of {@link EpisodesGrid}. */
export interface EpisodesGridProps {
  /** Number of episodes, at least 1. */
  count: number;
  /** Shown page, 0-based (clamped here too). */
  page: number;
  /** Selected episode, 1-based. */
  selected: number;
  /** Episode numbers watched (PROG-4), each marked with a check and named 'watched'. */
  watched: ReadonlySet<number>;
  onPageChange: (page: number) => void;
  onSelect: (episode: number) => void;
}

/**
 * 'Episodes': one button per episode number of the shown page of 50, the selected one
 * highlighted (`aria-pressed`), watched ones marked with a check ('Episode 3, watched');
 * 'Previous page' and 'Next page' buttons, disabled on the first
 * and last page, around the label 'Page: first - last'.
 */
export function EpisodesGrid({
  count,
  page,
  selected,
  watched,
  onPageChange,
  onSelect,
}: EpisodesGridProps) {
  const { first, last, numbers } = pageEpisodes(page, count);
  const current = clampPage(page, count);
  const lastPage = pageCount(count) - 1;

  return (
    <section aria-labelledby="anime-episodes-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="anime-episodes-heading" className="text-lg font-semibold tracking-tight md:text-xl">
          Episodes
        </h2>
        <div className="flex items-center gap-2">
          <PageButton
            label="Previous page"
            disabled={current <= 0}
            onClick={() => {
              onPageChange(current - 1);
            }}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </PageButton>
          <span
            aria-live="polite"
            className="min-w-28 text-center text-sm text-neutral-200 tabular-nums"
          >
            Page: {first} - {last}
          </span>
          <PageButton
            label="Next page"
            disabled={current >= lastPage}
            onClick={() => {
              onPageChange(current + 1);
            }}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </PageButton>
        </div>
      </div>
      <ul
        className="grid grid-cols-[repeat(auto-fill,minmax(3rem,1fr))] gap-2"
        aria-label="Episode numbers"
      >
        {numbers.map((n) => {
          const isSelected = n === selected;
          const isWatched = watched.has(n);
          return (
            <li key={n}>
              <button
                type="button"
                aria-pressed={isSelected}
                aria-label={`Episode ${String(n)}${isWatched ? ', watched' : ''}`}
                data-watched={isWatched ? '' : undefined}
                onClick={() => {
                  onSelect(n);
                }}
                className={`relative h-10 w-full rounded-md text-sm font-medium tabular-nums transition ${
                  isSelected
                    ? 'bg-sky-500 text-neutral-950 ring-2 ring-sky-300'
                    : isWatched
                      ? 'bg-emerald-900/60 text-emerald-100 hover:bg-emerald-800/70'
                      : 'bg-white/10 text-neutral-100 hover:bg-white/20'
                }`}
              >
                {n}
                {isWatched && (
                  <Check
                    aria-hidden="true"
                    className={`absolute top-0.5 right-0.5 size-3 ${isSelected ? 'text-neutral-950' : 'text-emerald-300'}`}
                  />
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PageButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="flex size-9 items-center justify-center rounded-full bg-white/10 text-neutral-100 transition hover:bg-white/20 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-white/10"
    >
      {children}
    </button>
  );
}
