/** The player area fed by the chosen server (PLAY-1 in docs/requirements.md). */
import type { Server } from '@pigostream/contracts';
import { lazy, Suspense } from 'react';
import { loadChunk } from '../../../lib/load-chunk.ts';
import { ProgressVideo, type ProgressTarget } from '../../progress/index.ts';
import { libraryMediaId, playerKind, safeLink } from '../play-rules.ts';
import { PlayerFrame, PlayerNote } from './player-frame.tsx';

/** Where the servers are: loading, failed, or loaded (`server` undefined when there are none). */
export type PlayerSource =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; server: Server | undefined; note?: string | undefined };

/**
 * The library player (PLAYBACK-2), a chunk of its own: only a page playing a library file loads
 * it (QUAL-1: the play page's budget), and hls.js only when that file plays as HLS.
 */
const LibraryPlayer = lazy(() =>
  loadChunk(() => import('./library-player.tsx')).then((module) => ({
    default: module.LibraryPlayer,
  })),
);

/**
 * A 16:9 area, narrowed on a short screen so its bottom stays above the floating Back/Play bar and
 * the bottom navigation (UI-2): an `<iframe>` for an embed link, the library player for this
 * site's library file (PLAYBACK-2: played as this browser can, with its audio and subtitle
 * pickers), a `<video controls>` element for a link to a video file, or a note while the servers
 * load, when they failed or when there is none. `title` names the frame and the video for screen
 * readers. A video saves how far user `uid` played `progress` (PROG-1); an embed reports nothing.
 * In a room (TOGETHER-10) `onVideo` takes the video element, which follows the room; a ready
 * source's `note` says why nothing plays (the room's server is not this profile's).
 */
export function PlayerArea({
  source,
  title,
  uid,
  progress,
  onVideo,
}: {
  source: PlayerSource;
  title: string;
  uid: string | undefined;
  progress: ProgressTarget;
  onVideo?: ((video: HTMLVideoElement | null) => void) | undefined;
}) {
  const link = source.state === 'ready' ? safeLink(source.server?.server_link) : undefined;
  if (source.state !== 'ready' || !source.server || !link) {
    return (
      <PlayerFrame>
        <PlayerNote
          loading={source.state === 'loading'}
          text={
            source.state === 'loading'
              ? 'Finding servers…'
              : source.state === 'error'
                ? 'The servers could not be loaded.'
                : (source.note ?? 'Nothing to play here yet.')
          }
        />
      </PlayerFrame>
    );
  }
  const label = `${title} (${source.server.server_name})`;
  const mediaId = libraryMediaId(link);
  if (mediaId) {
    return (
      <Suspense
        fallback={
          <PlayerFrame>
            <PlayerNote loading text="Preparing the video…" />
          </PlayerFrame>
        }
      >
        <LibraryPlayer
          key={link}
          mediaId={mediaId}
          link={link}
          label={label}
          uid={uid}
          target={progress}
          onVideo={onVideo}
        />
      </Suspense>
    );
  }
  return (
    <PlayerFrame>
      {playerKind(link) === 'video' ? (
        <ProgressVideo
          key={link}
          link={link}
          label={label}
          uid={uid}
          target={progress}
          onVideo={onVideo}
        />
      ) : (
        <iframe
          key={link}
          src={link}
          title={label}
          allow="autoplay; fullscreen; encrypted-media; picture-in-picture"
          referrerPolicy="origin"
          className="size-full border-0"
        />
      )}
    </PlayerFrame>
  );
}
