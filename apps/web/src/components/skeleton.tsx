/**
 * Placeholder shapes drawn where content is loading or missing (CARD-4 in docs/requirements.md,
 * LIMIT-7: 6 skeletons).
 */

/**
 * A 160x240 px poster-card placeholder. `pulse` animates it while content loads; rows padded
 * up to 6 cards use a still one, so nothing looks like it is still loading.
 */
export function PosterSkeleton({ pulse }: { pulse: boolean }) {
  return (
    <div aria-hidden="true" className="w-40 shrink-0">
      <div
        className={`aspect-[2/3] w-40 rounded-lg bg-neutral-800/80 ${pulse ? 'animate-pulse' : ''}`}
      />
      <div className={`mt-2 h-4 w-16 rounded bg-neutral-800/80 ${pulse ? 'animate-pulse' : ''}`} />
    </div>
  );
}
