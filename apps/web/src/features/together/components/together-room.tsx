/**
 * The play page in a room (TOGETHER-10 in docs/requirements.md), a chunk of its own loaded only
 * when a room is used: makes the room ('Watch together'), or reads the room an invite names,
 * joins it on its socket, makes the page's video follow it, and shows the invite link, the
 * member list and why the room ended or refused.
 */
import {
  inviteUrlOf,
  type ErrorMessage,
  type RoomMember,
  type RoomSource,
  type RoomTitle,
  type StateMessage,
} from '@pigostream/contracts';
import { Check, Copy, Crown, LoaderCircle, Lock, LogOut, Users, WifiOff, X } from 'lucide-react';
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

/**
 * A room to make (TOGETHER-1): what it plays, and where it starts, in s (where the page's player
 * is at the press of 'Watch together').
 */
export interface NewRoom extends RoomPlays {
  position: number;
}

/** What the room panel is given by the play page (TOGETHER-10). */
export interface TogetherRoomProps {
  /** The room the page's link names; undefined while making one from `create`. */
  roomId: string | undefined;
  /** What a new room plays and where it starts (the 'Watch together' press); undefined when joining. */
  create: NewRoom | undefined;
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

/** The panel's small buttons. */
const SMALL_BUTTON =
  'inline-flex shrink-0 items-center gap-1.5 rounded-md bg-white/10 px-3 py-1.5 text-sm font-medium hover:bg-white/20';

/**
 * One member: avatar, name, and the host, buffering and not-connected marks (TOGETHER-2); for
 * the host, 'Make host' on every other member (TOGETHER-3: `settings { host }`).
 */
function MemberRow({
  member,
  you,
  onMakeHost,
}: {
  member: RoomMember;
  you: boolean;
  onMakeHost: (() => void) | undefined;
}) {
  return (
    <li className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-white/5 px-3 py-2">
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
      {onMakeHost && (
        <button
          type="button"
          onClick={onMakeHost}
          aria-label={`Make host: ${member.name}`}
          className={SMALL_BUTTON}
        >
          <Crown aria-hidden="true" className="size-4" />
          Make host
        </button>
      )}
    </li>
  );
}

/**
 * The host's switch 'Only the host controls playback' (TOGETHER-3: `settings { hostOnly }`): on
 * when the room says so; a press asks the room, whose next `state` moves it.
 */
function HostOnlySwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => {
        onChange(!on);
      }}
      className="inline-flex items-center gap-3 self-start rounded-md py-1 text-left text-sm font-medium"
    >
      <span
        aria-hidden="true"
        className={`relative h-5 w-9 shrink-0 rounded-full transition-colors ${on ? 'bg-accent' : 'bg-white/25'}`}
      >
        <span
          className={`absolute top-0.5 left-0.5 size-4 rounded-full bg-white transition-transform ${on ? 'translate-x-4' : ''}`}
        />
      </span>
      Only the host controls playback
    </button>
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
        className="min-w-0 flex-1 basis-32 rounded-md bg-black/40 px-3 py-1.5 text-sm text-neutral-100 ring-1 ring-white/15"
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
 * A message for the user: a refusal of the room (`code`: 'host-only' for a control while only
 * the host controls playback) or of a call, and when it came (a repeat is announced again).
 */
interface Notice {
  text: string;
  at: number;
  code?: ErrorMessage['code'];
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
  const [notice, setNotice] = useState<Notice>();
  const [yours, setYours] = useState(false);
  const [socket, setSocket] = useState<RoomSocket>();
  const playerRef = useRef<RoomPlayer | undefined>(undefined);
  // The room as the last message left it, for a player made after it came (the page's video
  // arriving after the first `state`): a render's `state` may be older than what came since.
  const latest = useRef<StateMessage | undefined>(undefined);
  const created = useRef(false);
  const callbacks = useRef({ onCreated, onRoom });
  useEffect(() => {
    callbacks.current = { onCreated, onRoom };
  });

  useEffect(() => {
    if (roomId !== undefined || !create || created.current) return;
    created.current = true;
    const { title, source, position } = create;
    createRoom({
      type: title.type,
      id: title.id,
      ...(title.type === 'tv' ? { season: title.season ?? 1, episode: title.episode ?? 1 } : {}),
      ...(position > 0 ? { position } : {}),
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
              latest.current = message;
              setState(message);
              // A refused control says nothing more once everyone controls, or to the new host.
              if (!message.settings.hostOnly || message.host === message.you) {
                setNotice((before) => (before?.code === 'host-only' ? undefined : before));
              }
              playerRef.current?.state(message);
            } else if (message.type === 'command') {
              const before = latest.current;
              if (before) {
                latest.current = {
                  ...before,
                  version: message.version,
                  playback: message.playback,
                  waiting: message.waiting,
                };
                setState(latest.current);
              }
              playerRef.current?.command(message);
            } else if (message.type === 'error') {
              // A refused control (only the host controls playback): back to the room at once.
              if (message.code === 'host-only') playerRef.current?.refused();
              setNotice({
                text: message.message || API_MESSAGES.notOk,
                at: Date.now(),
                code: message.code,
              });
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
      latest.current = undefined;
      setSocket(undefined);
    };
  }, [roomId]);

  return { failure, state, status, notice, setNotice, yours, socket, playerRef, latest };
}

/**
 * The room panel (TOGETHER-10): while making or joining, 'Joining the room…'; a refusal or the
 * room's end shows its reason as the app shows errors (ERR-1) with Close; in the room, the invite
 * link, the member list, 'Waiting for everyone to load…' while the room holds, and Leave (End the
 * room for the account that made it). The host has the switch 'Only the host controls playback'
 * and 'Make host' on the other members (TOGETHER-3); while it is on, the others read 'Only the
 * host controls playback.', and a control of theirs brings the server's refusal, shown until the
 * setting is off or they are the host. The page's `video` follows the room meanwhile.
 */
export function TogetherRoom(props: TogetherRoomProps) {
  const { roomId, video, onLeave } = props;
  const room = useRoom(props);
  const { socket, playerRef, latest, state } = room;
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    if (!socket || !video) return;
    const follower = new RoomPlayer(video, socket, setBlocked);
    playerRef.current = follower;
    // The room as it is now; later messages come to the follower from the socket.
    if (latest.current) follower.state(latest.current);
    return () => {
      follower.dispose();
      if (playerRef.current === follower) playerRef.current = undefined;
    };
  }, [socket, video, playerRef, latest]);

  const isHost = state !== undefined && state.host === state.you;
  const hostOnly = state?.settings.hostOnly ?? false;
  const { notice, setNotice } = room;

  const leave = () => {
    socket?.stop(true);
    onLeave();
  };

  return (
    <section
      aria-label="Watch together"
      className="flex flex-col gap-3 rounded-xl bg-neutral-900/80 p-4 ring-1 ring-white/10"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Users aria-hidden="true" className="size-5 shrink-0 text-accent-soft" />
        <h2 className="flex-1 text-base font-semibold whitespace-nowrap">Watching together</h2>
        {state && !room.failure && (
          <div className="flex flex-wrap gap-2">
            {room.yours && roomId && (
              <button
                type="button"
                onClick={() => {
                  void closeRoom(roomId).then(onLeave, (error: unknown) => {
                    setNotice({ text: messageOf(error), at: Date.now() });
                  });
                }}
                className={SMALL_BUTTON}
              >
                <X aria-hidden="true" className="size-4" />
                End room
              </button>
            )}
            <button type="button" onClick={leave} className={SMALL_BUTTON}>
              <LogOut aria-hidden="true" className="size-4" />
              Leave
            </button>
          </div>
        )}
      </div>
      {room.failure ? (
        <div className="flex flex-col gap-3">
          <ErrorNotice message={room.failure} />
          <button type="button" onClick={onLeave} className={`${SMALL_BUTTON} self-start`}>
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
          {isHost ? (
            <HostOnlySwitch
              on={hostOnly}
              onChange={(on) => {
                socket?.send({ type: 'settings', hostOnly: on });
              }}
            />
          ) : (
            hostOnly && (
              <p className="flex items-center gap-2 text-sm text-amber-200">
                <Lock aria-hidden="true" className="size-4 shrink-0" />
                Only the host controls playback.
              </p>
            )
          )}
          {notice && <ErrorNotice key={notice.at} message={notice.text} />}
          <ul aria-label="Members" className="grid gap-2 sm:grid-cols-2">
            {state.members.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                you={member.id === state.you}
                onMakeHost={
                  isHost && member.id !== state.you
                    ? () => {
                        socket?.send({ type: 'settings', host: member.id });
                      }
                    : undefined
                }
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
