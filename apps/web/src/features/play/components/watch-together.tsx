/**
 * The play page's 'Watch together' (TOGETHER-10 in docs/requirements.md): the button that makes a
 * room for what plays, or the room panel (features/together, a lazy chunk) once a room is used.
 */
import { Users } from 'lucide-react';
import { Suspense, useState } from 'react';
import { TogetherRoom, type NewRoom, type RoomPlays } from '../../together/index.ts';

/**
 * Where the page's player is, in s (TOGETHER-1: a new room starts there): its video's time, 0
 * without one (a frame, nothing loaded yet).
 */
function playerPosition(): number {
  const video = document.querySelector<HTMLVideoElement>('section[aria-label="Player"] video');
  const time = video?.currentTime ?? 0;
  return Number.isFinite(time) && time > 0 ? time : 0;
}

/**
 * 'Watch together' for `plays` (the title, episode and stream link the player shows): the button
 * when the page plays the link itself (`syncable`), a note that a site's own player cannot be
 * kept in step otherwise; with `roomId` (the link's `?room=`) or once pressed, the room panel,
 * which makes the room where the player is (`onCreated` names it in the link), tells the page
 * what the room plays
 * (`onRoom`), makes `video` follow it and ends with `onLeave`.
 */
export function WatchTogether({
  roomId,
  plays,
  syncable,
  video,
  onCreated,
  onRoom,
  onLeave,
}: {
  roomId: string | undefined;
  plays: RoomPlays | undefined;
  syncable: boolean;
  video: HTMLVideoElement | null;
  onCreated: (roomId: string) => void;
  onRoom: (plays: RoomPlays) => void;
  onLeave: () => void;
}) {
  const [creating, setCreating] = useState<NewRoom>();
  if (roomId !== undefined || creating) {
    return (
      <Suspense
        fallback={
          <p role="status" className="text-sm text-neutral-300">
            Joining the room…
          </p>
        }
      >
        <TogetherRoom
          roomId={roomId}
          create={creating}
          video={video}
          onCreated={(created) => {
            // The room plays what the page plays already: the player stays as it is.
            if (creating) onRoom({ title: creating.title, source: creating.source });
            onCreated(created);
          }}
          onRoom={onRoom}
          onLeave={() => {
            setCreating(undefined);
            onLeave();
          }}
        />
      </Suspense>
    );
  }
  if (!plays) return null;
  if (!syncable) {
    return (
      <p className="flex items-center gap-2 text-sm text-neutral-400">
        <Users aria-hidden="true" className="size-4 shrink-0" />
        Watch together: this server plays in another site&apos;s player, which cannot be
        synchronised. Choose your library or an open movie to watch together.
      </p>
    );
  }
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          setCreating({ ...plays, position: playerPosition() });
        }}
        className="inline-flex items-center gap-2 rounded-md bg-white/10 px-4 py-2 text-sm font-semibold hover:bg-white/20"
      >
        <Users aria-hidden="true" className="size-4" />
        Watch together
      </button>
    </div>
  );
}
