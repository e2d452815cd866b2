/**
 * The play page in a room (TOGETHER-10 in docs/requirements.md), a chunk of its own loaded only
 * when a room is used: makes the room ('Watch together'), or reads the room an invite names,
 * joins it on its socket, makes the page's video follow it, and shows the invite link, the
 * member list and why the room ended or refused.
 */
import {
  inviteUrlOf,
  type RoomMember,
  type RoomSource,
  type RoomTitle,
  type StateMessage,
} from '@pigostream/contracts';
import { Check, Copy, Crown, LoaderCircle, LogOut, Users, WifiOff, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { API_MESSAGES, ApiError } from '../../../lib/api-client.ts';
import { ProfileAvatar } from '../../profiles/index.ts';
import { closeRoom, createRoom, getRoom } from '../api/rooms.ts';
import { RoomPlayer } from '../room-player.ts';
import { RoomSocket, type SocketStatus } from '../room-socket.ts';

/** The room the page plays: its title (episode included) and stream link (TOGETHER-1). */
export interface RoomPlays {
  title: RoomTitle;
  source: RoomSource;
}

/** What the room panel is given by the play page (TOGETHER-10). */
export interface TogetherRoomProps {
  /** The room the page's link names; undefined while making one from `create`. */
  roomId: string | undefined;
  /** What a new room plays (the 'Watch together' press); undefined when joining. */
  create: RoomPlays | undefined;
  /** The page's video, once the player has one: it follows the room. */
  video: HTMLVideoElement | null;
  /** The room was made: the page's link names it from now on. */
  onCreated: (roomId: string) => void;
  /** The room's title and stream link, once known: the page plays them. */
  onRoom: (plays: RoomPlays) => void;
  /** The user left the room (or dismissed its end): the page plays on its own. */
  onLeave: () => void;
}

/**
 * The message of a failed room call (TOGETHER-1, TOGETHER-6, TOGETHER-7): the server's own text
 * for a refusal (404 'This room has ended.', 403 'Not available on this profile', 409 the open
 * rooms, 400 the server), else the app's ERR-1 message.
 */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.detail && error.status !== undefined) {
    if (error.status >= 400 && error.status < 500) return error.detail;
  }
  return error instanceof Error && error.message ? error.message : API_MESSAGES.notOk;
}

/** One member: avatar, name, and the host, buffering and not-connected marks (TOGETHER-2). */
function MemberRow({ member, you }: { member: RoomMember; you: boolean }) {
  return (
    <li className="flex min-w-0 items-center gap-3 rounded-lg bg-white/5 px-3 py-2">
      <ProfileAvatar avatar={member.avatar} name={member.name} size={32} />
      <span className="min-w-0 flex-1 truncate text-sm font-medium">
        {member.name}
        {you && <span className="font-normal text-neutral-400"> (you)</span>}
      </span>
      {member.host && (
        <span className="inline-flex items-center gap-1 rounded bg-amber-400/15 px-2 py-0.5 text-xs font-semibold text-amber-300">
          <Crown aria-hidden="true" className="size-3.5" />
          Host
        </span>
      )}
      {!member.connected ? (
        <span className="inline-flex items-center gap-1 text-xs text-neutral-400">
          <WifiOff aria-hidden="true" className="size-3.5" />
          Not connected
        </span>
      ) : (
        member.buffering && (
          <span className="inline-flex items-center gap-1 text-xs text-sky-300">
            <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
            Buffering
          </span>
        )
      )}
    </li>
  );
}

/** The invite link, read-only, with Copy (TOGETHER-1). */
function InviteLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <label htmlFor="room-invite" className="text-sm text-neutral-300">
        Invite link
      </label>
      <input
        id="room-invite"
        readOnly
        value={url}
        onFocus={(event) => {
          event.currentTarget.select();
        }}
        className="min-w-0 flex-1 basis-48 rounded-md bg-black/40 px-3 py-1.5 text-sm text-neutral-100 ring-1 ring-white/15"
      />
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard.writeText(url).then(
            () => {
              setCopied(true);
            },
            () => undefined,
          );
        }}
        className="inline-flex items-center gap-1.5 rounded-md bg-white/10 px-3 py-1.5 text-sm font-medium hover:bg-white/20"
      >
        {copied ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

/**
 * Makes room `create` when `roomId` is undefined (once), reads room `roomId` and joins it
 * (TOGETHER-1, TOGETHER-2, TOGETHER-5), and returns what the panel shows and the socket.
 */
function useRoom(props: TogetherRoomProps) {
  const { roomId, create, onCreated, onRoom } = props;
  const [failure, setFailure] = useState<string>();
  const [state, setState] = useState<StateMessage>();
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [notice, setNotice] = useState<string>();
  const [yours, setYours] = useState(false);
  const [socket, setSocket] = useState<RoomSocket>();
  const playerRef = useRef<RoomPlayer | undefined>(undefined);
  const created = useRef(false);
  const callbacks = useRef({ onCreated, onRoom });
  useEffect(() => {
    callbacks.current = { onCreated, onRoom };
  });

  useEffect(() => {
    if (roomId !== undefined || !create || created.current) return;
    created.current = true;
    const { title, source } = create;
    createRoom({
      type: title.type,
      id: title.id,
      ...(title.type === 'tv' ? { season: title.season ?? 1, episode: title.episode ?? 1 } : {}),
      source,
    }).then(
      (room) => {
        callbacks.current.onCreated(room.roomId);
      },
      (error: unknown) => {
        setFailure(messageOf(error));
      },
    );
  }, [roomId, create]);

  useEffect(() => {
    if (roomId === undefined) return;
    const abort = new AbortController();
    let live: RoomSocket | undefined;
    getRoom(roomId, abort.signal).then(
      (summary) => {
        if (abort.signal.aborted) return;
        setYours(summary.yours);
        callbacks.current.onRoom({ title: summary.title, source: summary.source });
        live = new RoomSocket(roomId, {
          message: (message) => {
            if (message.type === 'state') {
              setState(message);
              playerRef.current?.state(message);
            } else if (message.type === 'command') {
              setState((before) =>
                before
                  ? {
                      ...before,
                      version: message.version,
                      playback: message.playback,
                      waiting: message.waiting,
                    }
                  : before,
              );
              playerRef.current?.command(message);
            } else if (message.type === 'error') {
              setNotice(message.message);
            }
          },
          status: setStatus,
          end: setFailure,
        });
        live.start();
        setSocket(live);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setFailure(messageOf(error));
      },
    );
    return () => {
      abort.abort();
      live?.stop();
      setSocket(undefined);
    };
  }, [roomId]);

  return { failure, state, status, notice, setNotice, yours, socket, playerRef };
}

/**
 * The room panel (TOGETHER-10): while making or joining, 'Joining the room…'; a refusal or the
 * room's end shows its reason as the app shows errors (ERR-1) with Close; in the room, the invite
 * link, the member list, 'Waiting for everyone to load…' while the room holds, and Leave (End the
 * room for the account that made it). The page's `video` follows the room meanwhile.
 */
export function TogetherRoom(props: TogetherRoomProps) {
  const { roomId, video, onLeave } = props;
  const room = useRoom(props);
  const { socket, playerRef, state } = room;
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    if (!socket || !video) return;
    const follower = new RoomPlayer(video, socket, setBlocked);
    playerRef.current = follower;
    if (state) follower.state(state);
    return () => {
      follower.dispose();
      if (playerRef.current === follower) playerRef.current = undefined;
    };
    // The follower takes the latest state once; later ones come to it from the socket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [socket, video, playerRef]);

  const leave = () => {
    socket?.stop(true);
    onLeave();
  };

  return (
    <section
      aria-label="Watch together"
      className="flex flex-col gap-3 rounded-xl bg-neutral-900/80 p-4 ring-1 ring-white/10"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Users aria-hidden="true" className="size-5 text-accent-soft" />
        <h2 className="flex-1 text-base font-semibold">Watching together</h2>
        {state && !room.failure && (
          <>
            {room.yours && roomId && (
              <button
                type="button"
                onClick={() => {
                  void closeRoom(roomId).then(onLeave, (error: unknown) => {
                    room.setNotice(messageOf(error));
                  });
                }}
                className="inline-flex items-center gap-1.5 rounded-md bg-white/10 px-3 py-1.5 text-sm font-medium hover:bg-white/20"
              >
                <X aria-hidden="true" className="size-4" />
                End room
              </button>
            )}
            <button
              type="button"
              onClick={leave}
              className="inline-flex items-center gap-1.5 rounded-md bg-white/10 px-3 py-1.5 text-sm font-medium hover:bg-white/20"
            >
              <LogOut aria-hidden="true" className="size-4" />
              Leave
            </button>
          </>
        )}
      </div>
      {room.failure ? (
        <div className="flex flex-col gap-3">
          <ErrorNotice message={room.failure} />
          <button
            type="button"
            onClick={onLeave}
            className="self-start rounded-md bg-white/10 px-3 py-1.5 text-sm font-medium hover:bg-white/20"
          >
            Watch on my own
          </button>
        </div>
      ) : !state ? (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-300">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-soft" />
          {room.status === 'reconnecting' ? 'Reconnecting…' : 'Joining the room…'}
        </p>
      ) : (
        <>
          <InviteLink url={inviteUrlOf(window.location.origin, state.title, state.roomId)} />
          <p role="status" className="text-sm text-neutral-300">
            {room.status === 'reconnecting'
              ? 'Reconnecting…'
              : state.waiting
                ? 'Waiting for everyone to load…'
                : blocked
                  ? 'The room is playing: press play to join in.'
                  : state.playback.playing
                    ? 'Playing for everyone.'
                    : 'Paused for everyone.'}
          </p>
          {room.notice && <ErrorNotice message={room.notice} />}
          <ul aria-label="Members" className="grid gap-2 sm:grid-cols-2">
            {state.members.map((member) => (
              <MemberRow key={member.id} member={member} you={member.id === state.you} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
