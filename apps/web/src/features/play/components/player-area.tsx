/** The player area fed by the chosen server (PLAY-1 in docs/requirements.md). */
import type { Server } from '@pigostream/contracts';
import { LoaderCircle, MonitorPlay } from 'lucide-react';
import { ProgressVideo, type ProgressTarget } from '../../progress/index.ts';
import { playerKind, safeLink } from '../play-rules.ts';

/** Where the servers are: loading, failed, or loaded (`server` undefined when there are none). */
export type PlayerSource =
  { state: 'loading' } | { state: 'error' } | { state: 'ready'; server: Server | undefined };

/**
 * A 16:9 area, narrowed on a short screen so its bottom stays above the floating Back/Play bar and
 * the bottom navigation (UI-2): an `<iframe>` for an embed link, a `<video controls>` element for a
 * media file (this server's library or a link to a video file), or a note while the servers load,
 * when they failed or when there is none. `title` names the frame and the video for screen readers.
 * A video saves how far user `uid` played `progress` (PROG-1); an embed reports nothing.
 */
export function PlayerArea({
  source,
  title,
  uid,
  progress,
}: {
  source: PlayerSource;
  title: string;
  uid: string | undefined;
  progress: ProgressTarget;
}) {
  const link = source.state === 'ready' ? safeLink(source.server?.server_link) : undefined;
  return (
    <section
      aria-label="Player"
      className="relative mx-auto aspect-video w-full max-w-[calc((100dvh-15rem)*16/9)] overflow-hidden rounded-xl bg-black shadow-2xl ring-1 shadow-black/60 ring-white/10"
    >
      {source.state === 'ready' && source.server && link ? (
        playerKind(link) === 'video' ? (
          <ProgressVideo
            key={link}
            link={link}
            label={`${title} (${source.server.server_name})`}
            uid={uid}
            target={progress}
          />
        ) : (
          <iframe
            key={link}
            src={link}
            title={`${title} (${source.server.server_name})`}
            allow="autoplay; fullscreen; encrypted-media; picture-in-picture"
            referrerPolicy="origin"
            className="size-full border-0"
          />
        )
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-3 p-6 text-center text-neutral-300">
          {source.state === 'loading' ? (
            <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-accent-soft" />
          ) : (
            <MonitorPlay aria-hidden="true" className="size-10 text-neutral-500" />
          )}
          <p className="text-sm">
            {source.state === 'loading'
              ? 'Finding servers…'
              : source.state === 'error'
                ? 'The servers could not be loaded.'
                : 'Nothing to play here yet.'}
          </p>
        </div>
      )}
    </section>
  );
}
