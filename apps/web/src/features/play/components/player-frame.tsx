/** The player area's frame and its note (PLAY-1, PLAYBACK-2 in docs/requirements.md). */
import { LoaderCircle, MonitorPlay } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The 'Player' region: a 16:9 black box holding `children` (the player, or a note), narrowed on a
 * short screen so its bottom stays above the floating Back/Play bar and the bottom navigation
 * (UI-2); `below` (the library player's audio and subtitle pickers, PLAYBACK-3) sits under the
 * box, which is then narrowed by their height too, and never covers the video's own controls.
 */
export function PlayerFrame({ children, below }: { children: ReactNode; below?: ReactNode }) {
  return (
    <section
      aria-label="Player"
      className={`mx-auto flex w-full flex-col gap-3 ${
        below ? 'max-w-[calc((100dvh-18rem)*16/9)]' : 'max-w-[calc((100dvh-15rem)*16/9)]'
      }`}
    >
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black shadow-2xl ring-1 shadow-black/60 ring-white/10">
        {children}
      </div>
      {below}
    </section>
  );
}

/** A note centred in the player box: `text` under a spinner while `loading`, else a screen icon. */
export function PlayerNote({ text, loading = false }: { text: string; loading?: boolean }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 p-6 text-center text-neutral-300">
      {loading ? (
        <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-accent-soft" />
      ) : (
        <MonitorPlay aria-hidden="true" className="size-10 text-neutral-500" />
      )}
      <p className="max-w-md text-sm">{text}</p>
    </div>
  );
}
