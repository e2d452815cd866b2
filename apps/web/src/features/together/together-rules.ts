/**
 * The play page's side of watching together as plain functions (TOGETHER-10 in
 * docs/requirements.md; the protocol and its pure rules are contracts' together.ts): the tab's
 * member id, the clock kept from pings, what the player does to follow the room, and what a
 * closed socket says. Unit tested apart from the socket and the video (together-rules.spec.ts).
 */
import {
  DRIFT_CHECK_INTERVAL_MS,
  driftCorrection,
  estimateClock,
  positionAt,
  shouldReconnect,
  SOCKET_CLOSE,
  type ClockSample,
  type RoomPlayback,
} from '@pigostream/contracts';

/** The session-storage key of the tab's member id (TOGETHER-2: a reload is the same member). */
export const CLIENT_ID_KEY = 'PigoStream.TogetherClient';

/** How many clock samples the page keeps (TOGETHER-4: the estimate follows a drifting clock). */
export const KEPT_SAMPLES = 20;

/** Drift of a paused player from the room's position over which it seeks there, in s (TOGETHER-4). */
export const PAUSED_SEEK_S = 0.05;

/** How close to the room's position the player must be to report `ready`, in s (TOGETHER-5). */
export const READY_WITHIN_S = 0.5;

/** How long a run of the user's seeks waits for the last one before it is sent, ms (TOGETHER-3). */
export const SEEK_SETTLE_MS = 150;

/** Drift checks run this often (TOGETHER-4), re-exported for the player. */
export const SYNC_INTERVAL_MS = DRIFT_CHECK_INTERVAL_MS;

/**
 * A new member id for this tab (TOGETHER-2): 22 characters of base64url from `bytes` (16 random
 * bytes), within contracts' CLIENT_ID_PATTERN.
 */
export function clientIdFrom(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let id = '';
  for (const byte of bytes) id += alphabet.charAt(byte % 64);
  return id.padEnd(8, 'A');
}

/**
 * The clock samples kept after `sample` arrives (TOGETHER-4): the last {@link KEPT_SAMPLES}, and
 * the estimate they give (server time = client time + offset), or the first guess `fallback`
 * (the `state`'s serverTime minus the client's clock) before any.
 */
export function addClockSample(
  samples: readonly ClockSample[],
  sample: ClockSample,
): { samples: ClockSample[]; offset: number; rtt: number } {
  const kept = [...samples, sample].slice(-KEPT_SAMPLES);
  const estimate = estimateClock(kept) ?? { offset: 0, rtt: 0 };
  return { samples: kept, ...estimate };
}

/** What the video element shows now, as the player reads it (TOGETHER-4). */
export interface VideoNow {
  currentTime: number;
  paused: boolean;
  playbackRate: number;
}

/**
 * What the player does to be where the room is (TOGETHER-3, TOGETHER-4): `play` or `pause` it
 * (or neither), `seek` to a position (or not), and the playback `rate` to set. A room that holds
 * (`waiting`) or is paused is paused at its position (a seek past {@link PAUSED_SEEK_S}); a
 * playing room plays from {@link positionAt} at the server time `serverNow`, its drift made up by
 * contracts' `driftCorrection` (a rate for a small one, a seek for a large one). A player that
 * was paused while the room plays seeks first when it is off at all.
 */
export function syncStep(
  playback: RoomPlayback,
  waiting: boolean,
  serverNow: number,
  video: VideoNow,
): { play: boolean; pause: boolean; seek: number | undefined; rate: number } {
  const playing = playback.playing && !waiting;
  const expected = positionAt(playback, serverNow);
  if (!playing) {
    const off = Math.abs(video.currentTime - expected) > PAUSED_SEEK_S;
    return {
      play: false,
      pause: !video.paused,
      seek: off ? expected : undefined,
      rate: playback.speed,
    };
  }
  if (video.paused) {
    const off = Math.abs(video.currentTime - expected) > PAUSED_SEEK_S;
    return { play: true, pause: false, seek: off ? expected : undefined, rate: playback.speed };
  }
  const correction = driftCorrection({
    expected,
    actual: video.currentTime,
    speed: playback.speed,
    playing: true,
  });
  return correction.kind === 'seek'
    ? { play: false, pause: false, seek: correction.position, rate: playback.speed }
    : { play: false, pause: false, seek: undefined, rate: correction.rate };
}

/**
 * Whether the player may report `ready` (TOGETHER-5): it can play (`canPlay`: ready state at
 * least HAVE_FUTURE_DATA, not seeking) within {@link READY_WITHIN_S} of the room's position.
 */
export function readyToPlay(canPlay: boolean, currentTime: number, roomPosition: number): boolean {
  return canPlay && Math.abs(currentTime - roomPosition) <= READY_WITHIN_S;
}

/**
 * What the user did to the video, as the room's message (TOGETHER-3): a play of a room that is
 * not playing, a pause of one that is (or holds), a seek, or a speed clamped to the room's range;
 * undefined for an event that asks the room for nothing (a play while the room plays: the page
 * just follows it).
 */
export function userAction(
  event: 'play' | 'pause' | 'seek' | 'speed',
  room: { playing: boolean; waiting: boolean; speed: number },
  video: { currentTime: number; playbackRate: number },
):
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'seek'; position: number }
  | { type: 'speed'; speed: number }
  | undefined {
  switch (event) {
    case 'play':
      return room.playing || room.waiting ? undefined : { type: 'play' };
    case 'pause':
      return room.playing || room.waiting ? { type: 'pause' } : undefined;
    case 'seek':
      return { type: 'seek', position: Math.max(0, video.currentTime) };
    case 'speed': {
      const speed = Math.min(4, Math.max(0.25, video.playbackRate));
      return Math.abs(speed - room.speed) < 1e-6 ? undefined : { type: 'speed', speed };
    }
  }
}

/**
 * Why the room's socket closed, as the page tells it, and whether it opens the socket again
 * (TOGETHER-5).
 */
export interface SocketEnd {
  /** Open it again (after a delay, `reconnectDelayMs`), showing 'Reconnecting…'. */
  reconnect: boolean;
  /** Open it again at once: the profile was switched, the room is opened as the new one. */
  reopen: boolean;
  /** What the page shows when it does not reconnect. */
  message: string;
}

/**
 * What a close of the room's socket with `code` and `reason` means (TOGETHER-5..7): contracts'
 * `shouldReconnect` for a drop or a restart; 4002 (profile switched) opens it again; any other
 * code ends the room for this page with the server's reason, or the one contracts names for the
 * code ('This room is full.', 'This room has ended.', 'Not available on this profile', ...).
 */
export function socketEnd(code: number, reason: string): SocketEnd {
  if (shouldReconnect(code)) return { reconnect: true, reopen: false, message: '' };
  if (code === SOCKET_CLOSE.profileSwitched.code) {
    return { reconnect: false, reopen: true, message: '' };
  }
  const known = Object.values(SOCKET_CLOSE).find((close) => close.code === code);
  return {
    reconnect: false,
    reopen: false,
    message: reason || known?.reason || 'The room closed its connection.',
  };
}
