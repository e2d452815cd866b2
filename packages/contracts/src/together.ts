/**
 * Watching together (TOGETHER-1..10 in docs/requirements.md; DEC-33 in docs/decisions.md): a
 * room plays one movie or episode from one stream link for several members, each on their own
 * device, in step. This file is the whole protocol the app speaks with the server:
 *
 * - the HTTP calls: `POST /together/rooms/create`, `GET /together/rooms/:roomId`,
 *   `POST /together/rooms/close` (their bodies and answers below);
 * - the room's socket, a WebSocket at `/pigo-stream/together/ws?room={roomId}` on the site's own
 *   origin ({@link togetherSocketUrl}): the messages a client sends ({@link clientMessageSchema})
 *   and the ones the server sends ({@link serverMessageSchema}), each one JSON text frame;
 * - the pure rules a client follows to play in step: its clock's offset from the server's
 *   ({@link estimateClock}), where the room is at a time ({@link positionAt}), how to catch up
 *   ({@link driftCorrection}), when and how soon to reconnect ({@link shouldReconnect},
 *   {@link reconnectDelayMs}).
 *
 * Times: `at`, `t0`..`t3` and `serverTime` are milliseconds since the Unix epoch on the server's
 * clock (the cluster's one clock, TOGETHER-4) unless named the client's; `position` is seconds
 * into the media; `speed` is a playback rate (1 is normal).
 *
 * How a client plays in step (TOGETHER-3, TOGETHER-4):
 * 1. Open the socket, send `join` with a `clientId` kept in the tab's session storage (so a
 *    reload or a reconnect is the same member), and `ping` every {@link PING_INTERVAL_MS}
 *    ({@link FIRST_PINGS} of them {@link FIRST_PING_INTERVAL_MS} apart at first); estimate the
 *    offset from the pongs with {@link estimateClock} and send its `rtt` in later pings.
 * 2. On `state` (and on `command`): the room's `playback` says where the media must be at the
 *    server time `at`. Until then nothing changes; from then on the media must be at
 *    {@link positionAt}. Convert with the offset: local time = server time - offset.
 * 3. After a `state` whose `you` member is `buffering` (a join, a return, a seek), load
 *    the media at the room's position and send `ready { version }` with the latest `version`
 *    seen, once the media can play there; send `buffering` whenever the player stalls and
 *    `ready` again when it can play. The server holds the room (pauses it, `waiting: true`)
 *    while a member buffers, and plays it again when every connected member is ready.
 * 4. While playing, every {@link DRIFT_CHECK_INTERVAL_MS} compare the media's position with
 *    {@link positionAt} and apply {@link driftCorrection}: a playback rate a little off the
 *    room's speed for a small drift, a seek for one over {@link SEEK_DRIFT_S}.
 * 5. A press of play, pause, a seek or a speed change sends `play`, `pause`, `seek` or `speed`
 *    and changes nothing locally: the player follows the `command` that comes back to every
 *    member (within 0.5 s of the press), so all act at the same server time.
 * 6. When the socket closes, {@link shouldReconnect} says whether to open it again (after
 *    {@link reconnectDelayMs}); the server keeps the member for its grace period (30 s by
 *    default), so a reload or a short network drop keeps the member and the room.
 */
import { z } from './zod.ts';
import { bodyIdSchema, mediaTypeSchema, showNumberSchema } from './common.ts';
import type { MediaType } from './constants.ts';
import { BODY_OBJECT } from './library.ts';

// Limits and timings (TOGETHER-6).

/** Most members a room holds by default (TOGETHER_MAX_MEMBERS); one more is refused (4409). */
export const DEFAULT_MAX_ROOM_MEMBERS = 12;
/** Most rooms an account has open at once by default (TOGETHER_MAX_ROOMS); one more is 409. */
export const DEFAULT_MAX_ROOMS_PER_ACCOUNT = 3;
/** How long the server keeps a member whose socket closed, by default, in ms (TOGETHER_GRACE_S). */
export const DEFAULT_MEMBER_GRACE_MS = 30_000;
/** How long a room with no member lives on by default, in ms (TOGETHER_EMPTY_ROOM_S). */
export const DEFAULT_EMPTY_ROOM_MS = 30 * 60_000;
/**
 * The least lead a command gets by default, in ms (TOGETHER_LEAD_MS): it acts at the server's
 * time of sending plus the larger of this and half the slowest member's round trip plus
 * {@link LEAD_MARGIN_MS}, at most {@link MAX_LEAD_MS}, so it reaches every member before its time.
 */
export const DEFAULT_COMMAND_LEAD_MS = 300;
/** What a command's lead adds to half the slowest member's round trip, in ms. */
export const LEAD_MARGIN_MS = 100;
/** Longest lead a command gets whatever the round trips, in ms (TOGETHER-3: all act within 0.5 s). */
export const MAX_LEAD_MS = 450;
/** Largest message a client may send, in bytes; a larger one closes its socket (1009). */
export const MAX_MESSAGE_BYTES = 4096;
/** Most messages a client may send a second (pings included); more closes its socket (4429). */
export const MAX_MESSAGES_PER_SECOND = 20;
/** How long the server waits for a new socket's `join`, in ms (else 4408). */
export const JOIN_TIMEOUT_MS = 10_000;
/** How often a client pings once its clock is estimated, in ms. */
export const PING_INTERVAL_MS = 10_000;
/** Pings a client sends at first, {@link FIRST_PING_INTERVAL_MS} apart, to estimate its clock. */
export const FIRST_PINGS = 5;
/** Time between a client's first pings, in ms. */
export const FIRST_PING_INTERVAL_MS = 500;
/** How often a playing client compares its position with the room's, in ms. */
export const DRIFT_CHECK_INTERVAL_MS = 1000;
/** Drift at or below which a client leaves its rate at the room's speed, in s. */
export const IGNORED_DRIFT_S = 0.04;
/** Drift over which a client seeks rather than changing its rate, in s (TOGETHER-4). */
export const SEEK_DRIFT_S = 0.4;
/** Seconds over which a rate correction makes up its drift. */
export const CORRECTION_WINDOW_S = 2;
/** Most a rate correction moves the rate off the room's speed, as a share of it (10 %). */
export const MAX_RATE_CHANGE = 0.1;
/** The samples {@link estimateClock} reads: the ones with the shortest round trips. */
export const CLOCK_BEST_SAMPLES = 5;
/** Slowest speed a room plays at. */
export const MIN_ROOM_SPEED = 0.25;
/** Fastest speed a room plays at. */
export const MAX_ROOM_SPEED = 4;
/** Longest position a room takes, in s (a week, as watch progress: MAX_PROGRESS_SECONDS). */
export const MAX_ROOM_POSITION_S = 7 * 24 * 3600;

// Texts the app shows word for word (TOGETHER-1, TOGETHER-6, TOGETHER-7).

/** 409: the account has {@link DEFAULT_MAX_ROOMS_PER_ACCOUNT} (or TOGETHER_MAX_ROOMS) rooms open. */
export function tooManyRoomsMessage(max: number): string {
  return `You have ${String(max)} rooms open. Close one or wait until it ends, then try again.`;
}
/** 404 of the room calls, and the socket's close 4404: no room of that id (ended, or never). */
export const ROOM_NOT_FOUND = 'This room has ended.';
/** 400 of `POST /together/rooms/create`: the stream link is not one the title plays from. */
export const SOURCE_NOT_OFFERED = 'This title does not play from that server.';
/** 403 of `POST /together/rooms/close`: only the account that made the room closes it. */
export const NOT_ROOM_OWNER = 'Only the one who made this room can close it.';
/** The `error` message for a control a member may not use while the host controls playback. */
export const HOST_ONLY_MESSAGE = 'Only the host controls playback in this room.';
/** The `error` message for a settings change by a member who is not the host. */
export const SETTINGS_HOST_MESSAGE = "Only the host changes the room's settings.";

// Room ids, titles and stream links.

/** A room's id: 16 random bytes (128 bits) in base64url, 22 characters. */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A client's id for its tab: 8 to 64 of A-Z, a-z, 0-9, `_` and `-`. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A room id in a path, a query or a body. Refused with 'room must be a room id'. */
export const roomIdSchema = z
  .string({ error: 'room must be a room id' })
  .check(z.regex(ROOM_ID_PATTERN, 'room must be a room id'));

/** `?room=`: the room a socket joins. */
export const roomQuerySchema = z.object({ room: roomIdSchema });
export type RoomQuery = z.infer<typeof roomQuerySchema>;

/** `:roomId` of `GET /together/rooms/:roomId`. */
export const roomParamsSchema = z.object({ roomId: roomIdSchema });

/**
 * A stream link the room plays, as `GET /sources/servers` lists it for the title (its
 * `server_name` and `server_link`): one of the media folder's files, an open movie, or a link
 * template's link. A member plays it only when its own servers list for the title holds the same
 * link (else the page says so).
 */
export const roomSourceSchema = z.object({
  name: z
    .string({ error: 'source.name is required' })
    .check(z.minLength(1, 'source.name is required'), z.maxLength(200, 'source.name is too long')),
  link: z
    .string({ error: 'source.link is required' })
    .check(z.minLength(1, 'source.link is required'), z.maxLength(2000, 'source.link is too long')),
});
export type RoomSource = z.infer<typeof roomSourceSchema>;

/** What a room plays: a movie (season and episode null) or one episode of a show. */
export const roomTitleSchema = z.object({
  type: mediaTypeSchema,
  id: z.number().check(z.int()),
  season: z.nullable(z.number().check(z.int())),
  episode: z.nullable(z.number().check(z.int())),
});
export type RoomTitle = z.infer<typeof roomTitleSchema>;

/**
 * A position in the media, in s: finite, 0 to {@link MAX_ROOM_POSITION_S} (a room's start, a
 * seek). Refused with 'position must be a number of seconds from 0 to 604800'.
 */
const positionSchema = z
  .number({ error: 'position must be a number of seconds' })
  .check(
    z.refine(
      (n) => Number.isFinite(n) && n >= 0 && n <= MAX_ROOM_POSITION_S,
      `position must be a number of seconds from 0 to ${String(MAX_ROOM_POSITION_S)}`,
    ),
  );

/**
 * `POST /together/rooms/create { type, id, season?, episode?, position?, source }` (TOGETHER-1):
 * a show's room names its episode (`season` 0 for specials, `episode` from 1), a movie's neither;
 * `position` is where the room starts, in s (where the maker's player is; 0 when absent).
 */
export const createRoomBodySchema = z
  .object(
    {
      type: mediaTypeSchema,
      id: bodyIdSchema('id'),
      season: z.optional(showNumberSchema('season', 0)),
      episode: z.optional(showNumberSchema('episode', 1)),
      position: z.optional(positionSchema),
      source: roomSourceSchema,
    },
    BODY_OBJECT,
  )
  .check(
    z.refine(
      (body) =>
        body.type === 'tv'
          ? body.season !== undefined && body.episode !== undefined
          : body.season === undefined && body.episode === undefined,
      {
        error: "A show's room names its season and episode; a movie's names neither",
        path: ['season'],
      },
    ),
  );
export type CreateRoomBody = z.infer<typeof createRoomBodySchema>;

/**
 * The answer of `POST /together/rooms/create`: the new room's id and the link that invites a
 * friend, absolute at the page's origin when trusted (else the request's, else PUBLIC_URL):
 * `{origin}/play?id={id}&type={type}&room={roomId}`.
 */
export const createdRoomSchema = z.object({ roomId: z.string(), inviteUrl: z.string() });
export type CreatedRoom = z.infer<typeof createdRoomSchema>;

/**
 * The answer of `GET /together/rooms/:roomId` (TOGETHER-1): what an invite opens, checked before
 * the socket is opened: the title and stream link, how many members it holds (`members`, of
 * `maxMembers`), and whether the caller's account made it (`yours`: it may close it).
 */
export const roomSummarySchema = z.object({
  roomId: z.string(),
  title: roomTitleSchema,
  source: roomSourceSchema,
  members: z.number().check(z.int()),
  maxMembers: z.number().check(z.int()),
  yours: z.boolean(),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;

/** `POST /together/rooms/close { roomId }`: ends the room for every member (TOGETHER-7). */
export const closeRoomBodySchema = z.object({ roomId: roomIdSchema }, BODY_OBJECT);
export type CloseRoomBody = z.infer<typeof closeRoomBodySchema>;

/** The answer of `POST /together/rooms/close`. */
export const closedRoomSchema = z.object({ ok: z.literal(true) });

/** The invite link of a room: `{origin}/play?id=&type=&room=` (TOGETHER-1). */
export function inviteUrlOf(
  origin: string,
  title: { type: MediaType; id: number },
  roomId: string,
) {
  const query = new URLSearchParams({ id: String(title.id), type: title.type, room: roomId });
  return `${origin}/play?${query.toString()}`;
}

/** The path of the room's socket under the site's origin (TOGETHER-5). */
export const TOGETHER_SOCKET_PATH = '/pigo-stream/together/ws';

/**
 * The socket's URL for a page at `pageOrigin` (`https://pigo.example.com` -> `wss://...`):
 * always the page's own origin, so the browser sends its session cookie and its Origin.
 */
export function togetherSocketUrl(pageOrigin: string, roomId: string): string {
  const url = new URL(TOGETHER_SOCKET_PATH, pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = new URLSearchParams({ room: roomId }).toString();
  return url.toString();
}

// Client -> server messages (TOGETHER-2..5).

const versionSchema = z
  .number({ error: 'version must be a whole number' })
  .check(z.int('version must be a whole number'), z.gte(0, 'version must be a whole number'));

const speedSchema = z
  .number({ error: 'speed must be a number' })
  .check(
    z.refine(
      (n) => Number.isFinite(n) && n >= MIN_ROOM_SPEED && n <= MAX_ROOM_SPEED,
      `speed must be from ${String(MIN_ROOM_SPEED)} to ${String(MAX_ROOM_SPEED)}`,
    ),
  );

/** A client-clock time in ms: finite, 0 to year 2286 (10^13). */
const clientTimeSchema = z
  .number({ error: 't0 must be a time in ms' })
  .check(z.refine((n) => Number.isFinite(n) && n >= 0 && n <= 1e13, 't0 must be a time in ms'));

/**
 * `join`: the first message on a new socket (within {@link JOIN_TIMEOUT_MS}). `clientId` names
 * the tab ({@link CLIENT_ID_PATTERN}); with the session it makes the member, so the same tab
 * reconnecting (a reload, a network drop, another server) takes its member back, its host role
 * included, and a second socket of the same member closes the first (4001).
 */
export const joinMessageSchema = z.object({
  type: z.literal('join'),
  clientId: z
    .string({ error: 'clientId is required' })
    .check(z.regex(CLIENT_ID_PATTERN, 'clientId must be 8 to 64 of A-Z, a-z, 0-9, _ and -')),
});

/**
 * `ready { version }`: the media can play at the room's position, as of the room's `version`
 * (the latest one the client saw in a `state` or `command`). A ready older than the member's
 * last seek, join or episode change is ignored.
 */
export const readyMessageSchema = z.object({ type: z.literal('ready'), version: versionSchema });

/** `buffering`: the player stalled (waiting for data); the room holds until `ready`. */
export const bufferingMessageSchema = z.object({ type: z.literal('buffering') });

/** `play`: plays the room from its position, once every connected member is ready. */
export const playMessageSchema = z.object({ type: z.literal('play') });

/** `pause`: pauses the room where it is at the command's time. */
export const pauseMessageSchema = z.object({ type: z.literal('pause') });

/** `seek { position }`: moves the room to `position` s; everyone loads it, then it goes on. */
export const seekMessageSchema = z.object({ type: z.literal('seek'), position: positionSchema });

/** `speed { speed }`: the room's playback rate, {@link MIN_ROOM_SPEED} to {@link MAX_ROOM_SPEED}. */
export const speedMessageSchema = z.object({ type: z.literal('speed'), speed: speedSchema });

/**
 * `ping { id, t0, rtt? }`: a clock sample's start; `t0` is the client's clock when sent (ms),
 * `id` any whole number the client matches the `pong` with, `rtt` the client's current round
 * trip estimate in ms ({@link estimateClock}), which the server uses for commands' lead.
 */
export const pingMessageSchema = z.object({
  type: z.literal('ping'),
  id: z
    .number({ error: 'id must be a whole number' })
    .check(
      z.int('id must be a whole number'),
      z.gte(0, 'id must be a whole number'),
      z.lte(2 ** 31, 'id is too large'),
    ),
  t0: clientTimeSchema,
  rtt: z.optional(
    z
      .number({ error: 'rtt must be a number of ms' })
      .check(
        z.refine(
          (n) => Number.isFinite(n) && n >= 0 && n <= 60_000,
          'rtt must be a number of ms from 0 to 60000',
        ),
      ),
  ),
});

/**
 * `settings { hostOnly?, host? }`, the host's only: `hostOnly` lets only the host play, pause,
 * seek and change speed (members still hold the room while they buffer); `host` hands the host
 * role to that member (by its `id`).
 */
export const settingsMessageSchema = z.object({
  type: z.literal('settings'),
  hostOnly: z.optional(z.boolean({ error: 'hostOnly must be true or false' })),
  host: z.optional(
    z
      .string({ error: 'host must be a member id' })
      .check(z.maxLength(64, 'host must be a member id')),
  ),
});

/** `leave`: leaves the room for good (no grace period); the server closes the socket (1000). */
export const leaveMessageSchema = z.object({ type: z.literal('leave') });

/** Every message a client sends, told apart by `type`. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  joinMessageSchema,
  readyMessageSchema,
  bufferingMessageSchema,
  playMessageSchema,
  pauseMessageSchema,
  seekMessageSchema,
  speedMessageSchema,
  pingMessageSchema,
  settingsMessageSchema,
  leaveMessageSchema,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientMessageType = ClientMessage['type'];

// Server -> client messages.

/**
 * Where the room's media is: at the server time `at` (ms) it is at `position` (s), `playing` or
 * paused, at `speed`. Before `at` nothing changes (a command to come); after it, while playing,
 * it moves on at `speed` ({@link positionAt}).
 */
export const roomPlaybackSchema = z.object({
  playing: z.boolean(),
  position: z.number(),
  at: z.number(),
  speed: z.number(),
});
export type RoomPlayback = z.infer<typeof roomPlaybackSchema>;

/**
 * One member as the member list shows it: the profile's `name` and `avatar` (`avatar-1`..),
 * whether it is the `host`, `buffering` (loading, holding the room), and `connected` (false
 * during its grace period after its socket closed).
 */
export const roomMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string(),
  host: z.boolean(),
  buffering: z.boolean(),
  connected: z.boolean(),
});
export type RoomMember = z.infer<typeof roomMemberSchema>;

/** The room's settings: `hostOnly`, only the host controls playback. */
export const roomSettingsSchema = z.object({ hostOnly: z.boolean() });
export type RoomSettings = z.infer<typeof roomSettingsSchema>;

/**
 * `state`: the whole room, sent on joining and whenever its members, host or settings change
 * (TOGETHER-2). `version` grows with every change of the room; `you` is the receiving member's
 * id; `waiting` is true while the room would play but holds for a buffering member; `serverTime`
 * the server's clock when sent (a first guess of the offset before any pong).
 */
export const stateMessageSchema = z.object({
  type: z.literal('state'),
  version: z.number(),
  roomId: z.string(),
  title: roomTitleSchema,
  source: roomSourceSchema,
  playback: roomPlaybackSchema,
  waiting: z.boolean(),
  members: z.array(roomMemberSchema),
  host: z.nullable(z.string()),
  settings: roomSettingsSchema,
  you: z.string(),
  serverTime: z.number(),
});
export type StateMessage = z.infer<typeof stateMessageSchema>;

/** What a command did: a member's `play`, `pause`, `seek`, `speed`, or the room's `hold` and `resume`. */
export const COMMAND_ACTIONS = ['play', 'pause', 'seek', 'speed', 'hold', 'resume'] as const;
export type CommandAction = (typeof COMMAND_ACTIONS)[number];

/**
 * `command` (TOGETHER-3): the room's new `playback`, to act on at its server time `at`.
 * `action` says why (`hold`: a member buffers, `resume`: all are ready again), `by` which member
 * asked (null for the room's own hold and resume), `version` the room's version after it,
 * `waiting` as in `state`.
 */
export const commandMessageSchema = z.object({
  type: z.literal('command'),
  version: z.number(),
  action: z.enum(COMMAND_ACTIONS),
  by: z.nullable(z.string()),
  playback: roomPlaybackSchema,
  waiting: z.boolean(),
});
export type CommandMessage = z.infer<typeof commandMessageSchema>;

/**
 * `pong { id, t0, t1, t2 }`: a clock sample's answer; `t1` is the server's time on receiving the
 * ping, `t2` on sending the pong (ms). The client notes `t3`, its own clock on receipt.
 */
export const pongMessageSchema = z.object({
  type: z.literal('pong'),
  id: z.number(),
  t0: z.number(),
  t1: z.number(),
  t2: z.number(),
});
export type PongMessage = z.infer<typeof pongMessageSchema>;

/** Why a message was refused without closing the socket. */
export const ROOM_ERROR_CODES = ['host-only', 'not-host', 'not-joined'] as const;

/**
 * `error { code, message }`: a message refused, the socket kept: `host-only` (a control while
 * only the host controls), `not-host` (settings by a member), `not-joined` (a control before
 * `join` was answered). A change the server could not make (its shared state unreachable)
 * closes the socket with 1011 instead, after which the client reconnects.
 */
export const errorMessageSchema = z.object({
  type: z.literal('error'),
  code: z.enum(ROOM_ERROR_CODES),
  message: z.string(),
});
export type ErrorMessage = z.infer<typeof errorMessageSchema>;

/** Every message the server sends, told apart by `type`. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  stateMessageSchema,
  commandMessageSchema,
  pongMessageSchema,
  errorMessageSchema,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

// Close codes (TOGETHER-5..7): WebSocket close frames the server sends, with their reasons.

/**
 * The codes and reasons the server closes a room's socket with. A refusal before the socket
 * opens is an HTTP answer instead (403 for a foreign Origin or an unknown host, 401 signed out,
 * 400 a bad room id), which a browser sees as a close with 1006 and no reason.
 */
export const SOCKET_CLOSE = {
  /** The member left (`leave`). */
  left: { code: 1000, reason: 'You left the room.' },
  /** The server is stopping (a restart, another server takes over): reconnect. */
  restarting: { code: 1001, reason: 'The server is restarting.' },
  /** A binary frame. */
  binary: { code: 1003, reason: 'Messages are JSON text.' },
  /** A message over {@link MAX_MESSAGE_BYTES} (sent by the WebSocket library itself). */
  tooBig: { code: 1009, reason: 'Max payload size exceeded' },
  /** Something failed on the server (the shared state could not be reached): reconnect. */
  failed: { code: 1011, reason: 'The room could not be reached. Trying again.' },
  /** The same member opened the room on another socket (another tab of the same tab id, a reconnect). */
  replaced: { code: 4001, reason: 'The room was opened again elsewhere.' },
  /** The session switched to another profile while in the room: open it again as that one. */
  profileSwitched: { code: 4002, reason: 'The profile was switched.' },
  /** Not JSON, or not one of {@link clientMessageSchema}'s shapes; the reason says what. */
  badMessage: { code: 4400, reason: 'Bad message.' },
  /** The session ended (signed out) while in the room. */
  signedOut: { code: 4401, reason: 'Signed out.' },
  /** The active profile's rating limit excludes the room's title (PROFILE-7). */
  notOnProfile: { code: 4403, reason: 'Not available on this profile' },
  /** No such room, or it ended. */
  notFound: { code: 4404, reason: ROOM_NOT_FOUND },
  /** No `join` within {@link JOIN_TIMEOUT_MS}. */
  noJoin: { code: 4408, reason: 'No join message was sent.' },
  /** The room holds its most members. */
  full: { code: 4409, reason: 'This room is full.' },
  /** The room was closed by the one who made it. */
  closed: { code: 4410, reason: 'The room was closed.' },
  /** More than {@link MAX_MESSAGES_PER_SECOND} messages a second. */
  tooFast: { code: 4429, reason: 'Too many messages.' },
} as const;

/**
 * Whether a client opens the socket again after it closed with `code` (TOGETHER-5): yes after a
 * drop (1006), a restart (1001, 1012), a server failure (1011, 1013) or an unexpected close with
 * no code (1005); no after leaving, a replacement by another socket of the member, a switch of
 * profile (the page opens the room again as the new profile), a refusal (bad or too many
 * messages, signed out, not on this profile, no room, full, closed).
 */
export function shouldReconnect(code: number): boolean {
  return [1001, 1005, 1006, 1011, 1012, 1013].includes(code);
}

/**
 * How long a client waits before its `attempt`-th reconnect (0 the first), in ms: 500 ms doubled
 * each time, at most 5 s, times a jitter from 0.5 to 1 (`random` in [0, 1)), so a server's
 * restart does not bring every client back at once and a member is back well within the 30 s
 * grace period.
 */
export function reconnectDelayMs(attempt: number, random: number): number {
  const base = Math.min(5000, 500 * 2 ** Math.max(0, Math.min(attempt, 10)));
  return Math.round(base * (0.5 + Math.min(Math.max(random, 0), 1) / 2));
}

// Playing in step: the pure rules (TOGETHER-3, TOGETHER-4).

/**
 * Where the room is at the server time `time` (ms), in s: `position` before `at` or while
 * paused, else `position` plus the time since `at` times `speed`.
 */
export function positionAt(playback: RoomPlayback, time: number): number {
  if (!playback.playing || time <= playback.at) return playback.position;
  return playback.position + ((time - playback.at) / 1000) * playback.speed;
}

/**
 * One clock sample, NTP's four times in ms: `t0` the client's clock when the ping left, `t1`
 * the server's when it arrived, `t2` the server's when the pong left, `t3` the client's when
 * the pong arrived.
 */
export interface ClockSample {
  t0: number;
  t1: number;
  t2: number;
  t3: number;
}

/**
 * A sample's offset (server clock minus client clock, ms) and round trip (ms, the server's
 * time between `t1` and `t2` left out), as NTP computes them. With a one-way delay `d1` out and
 * `d2` back, the offset is off by `(d1 - d2) / 2`, at most half the round trip.
 */
export function sampleOffset(sample: ClockSample): { offset: number; rtt: number } {
  return {
    offset: (sample.t1 - sample.t0 + (sample.t2 - sample.t3)) / 2,
    rtt: Math.max(0, sample.t3 - sample.t0 - (sample.t2 - sample.t1)),
  };
}

/** The median of `values` (the mean of the middle two for an even count); NaN when empty. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The client's clock offset from the server (server time = client time + `offset`, ms) and the
 * round trip (ms), from its samples: the median offset and round trip of the `best` samples with
 * the shortest round trips (the ones least bent by a slow or lopsided trip). Undefined with no
 * sample. Keep the last 20 or so samples; the estimate follows a clock that drifts.
 */
export function estimateClock(
  samples: readonly ClockSample[],
  best = CLOCK_BEST_SAMPLES,
): { offset: number; rtt: number } | undefined {
  if (samples.length === 0) return undefined;
  const measured = samples.map(sampleOffset).sort((a, b) => a.rtt - b.rtt);
  const kept = measured.slice(0, Math.max(1, best));
  return { offset: median(kept.map((m) => m.offset)), rtt: median(kept.map((m) => m.rtt)) };
}

/** What a client does about its drift: nothing (the room's speed), a rate for a while, or a seek. */
export type DriftCorrection =
  | { kind: 'none'; rate: number }
  | { kind: 'rate'; rate: number }
  | { kind: 'seek'; position: number };

/**
 * What a client does when its media is at `actual` s while the room is at `expected` s
 * (TOGETHER-4): paused, or within {@link IGNORED_DRIFT_S}, nothing but play at the room's
 * `speed`; over {@link SEEK_DRIFT_S}, seek to `expected`; between, play at a rate that makes up
 * the drift over {@link CORRECTION_WINDOW_S} (slower when ahead, faster when behind), at most
 * {@link MAX_RATE_CHANGE} off the room's speed.
 */
export function driftCorrection(input: {
  expected: number;
  actual: number;
  speed: number;
  playing: boolean;
}): DriftCorrection {
  const { expected, actual, speed, playing } = input;
  const drift = actual - expected;
  if (!playing) {
    return Math.abs(drift) > SEEK_DRIFT_S
      ? { kind: 'seek', position: expected }
      : { kind: 'none', rate: speed };
  }
  if (Math.abs(drift) <= IGNORED_DRIFT_S) return { kind: 'none', rate: speed };
  if (Math.abs(drift) > SEEK_DRIFT_S) return { kind: 'seek', position: expected };
  const change = Math.max(
    -MAX_RATE_CHANGE,
    Math.min(MAX_RATE_CHANGE, -drift / CORRECTION_WINDOW_S),
  );
  return { kind: 'rate', rate: speed * (1 + change) };
}

/**
 * The lead a command gets, in ms (TOGETHER-3): at least `minLead`, else half the slowest
 * member's round trip plus {@link LEAD_MARGIN_MS}, at most {@link MAX_LEAD_MS} (and never less
 * than `minLead`).
 */
export function commandLeadMs(minLead: number, rtts: readonly number[]): number {
  const slowest = rtts.reduce((max, rtt) => Math.max(max, rtt), 0);
  return Math.max(minLead, Math.min(MAX_LEAD_MS, slowest / 2 + LEAD_MARGIN_MS));
}
