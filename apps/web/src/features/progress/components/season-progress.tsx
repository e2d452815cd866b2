/**
 * A show's progress line on its play page, between the Seasons and Episodes strips (PROG-4 in
 * docs/requirements.md): 'S2 E5 · 12 of 62' (the episode played last, and the episodes watched),
 * and 'Mark season as watched' or 'Unmark season' for the chosen season.
 */
import { CheckCheck, LoaderCircle, Undo2 } from 'lucide-react';
import type { ShowProgress } from '../hooks/use-show-progress.ts';

/**
 * The line of `progress` ({@link ShowProgress}) for a season whose aired episodes are `aired`
 * (their numbers); the button once the progress is in and the season has aired episodes, and
 * 'Unmark season' when all of them are watched. Nothing when there is neither a summary nor an
 * aired episode.
 */
export function SeasonProgress({
  progress,
  aired,
}: {
  progress: ShowProgress;
  aired: readonly number[];
}) {
  const { summary, byEpisode, marking, markError } = progress;
  if (!summary && aired.length === 0) return null;
  const seasonWatched =
    aired.length > 0 && aired.every((episode) => byEpisode.get(episode)?.watched === true);
  return (
    <div className="-mt-2 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-neutral-300">
        {summary && (
          <>
            <span className="sr-only">Your progress: </span>
            {summary}
          </>
        )}
      </p>
      {aired.length > 0 && progress.loaded && (
        <button
          type="button"
          disabled={marking}
          aria-busy={marking}
          onClick={() => {
            progress.markSeason(!seasonWatched);
          }}
          className="inline-flex items-center gap-2 rounded-md bg-white/10 px-3 py-1.5 text-sm font-medium text-neutral-100 hover:bg-white/20 disabled:cursor-wait disabled:opacity-70"
        >
          {marking ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : seasonWatched ? (
            <Undo2 aria-hidden="true" className="size-4" />
          ) : (
            <CheckCheck aria-hidden="true" className="size-4" />
          )}
          {seasonWatched ? 'Unmark season' : 'Mark season as watched'}
        </button>
      )}
      {markError && (
        <p role="alert" className="w-full text-sm text-rose-300">
          {markError}
        </p>
      )}
    </div>
  );
}
