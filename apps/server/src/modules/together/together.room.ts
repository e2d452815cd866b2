/**
 * A room's rules (TOGETHER-1..7 in docs/requirements.md), as one pure function over the room's
 * record: {@link changeRoom} takes the record, what happened and the time, and answers the new
 * record with what every member must be told (a `state`, a `command`), or that nothing changed.
 * The stores (together.store.ts, together.redis.ts) keep the record and run it, once per change
 * in one process or under Redis's compare-and-set on several servers (DEC-33), so every server
 * applies the same rules to the same record.
 */
import {
  commandLeadMs,
  HOST_ONLY_MESSAGE,
  positionAt,
  SETTINGS_HOST_MESSAGE,
  type ClientMessage,
  type CommandAction,
  type CommandMessage,
  type ErrorMessage,
  type RoomMember,
  type RoomPlayback,
  type RoomSettings,
  type RoomSource,
  type RoomTitle,
  type StateMessage,
} from '@pigostream/contracts';

/** One member as the record keeps it; only {@link publicMember}'s fields are ever sent. */
export interface MemberRecord {
  /** The member's public id (random; what `you`, `host` and `by` name). */
  id: string;
  /** Who the member is: a hash of the session's id and the tab's `clientId`; never sent. */
  key: string;
  /** The socket that holds the member now (random per socket); never sent. */
  connection: string;
  /** The account and the profile it joined as. */
  uid: string;
  profileId: string;
  name: string;
  avatar: string;
  /** Loading: the room holds for it while it would play. */
  buffering: boolean;
  /** The room version a `ready` must be of to count (its last join, seek or change). */
  readyFrom: number;
  /** Whether a socket holds it; false during its grace period. */
  connected: boolean;
  /** When its server last vouched for it (connected), or when its socket closed, cluster ms. */
  seenAt: number;
  /** When it first joined, cluster ms. */
  joinedAt: number;
  /** Its round trip as its client last reported it, ms (for commands' lead). */
  rtt: number;
}

/** A room as the store keeps it (the memory map, or Redis's JSON value). */
export interface RoomRecord {
  id: string;
  /** The account that made it (its rooms count against TOGETHER_MAX_ROOMS; it may close it). */
  owner: string;
  createdAt: number;
  title: RoomTitle;
  source: RoomSource;
  /** Grows with every change members are told of. */
  version: number;
  playback: RoomPlayback;
  /** The room would play but holds for a buffering member. */
  waiting: boolean;
  settings: RoomSettings;
  /** The host's member id; null with no member. */
  host: string | null;
  /** In the order they joined. */
  members: MemberRecord[];
  /** When the last member went (or the room was made), cluster ms; null with members. */
  emptySince: number | null;
}

/** What happened to a room. */
export type RoomEvent =
  | {
      kind: 'join';
      key: string;
      connection: string;
      /** The id a new member gets (unused when the member is already in the room). */
      newMemberId: string;
      uid: string;
      profileId: string;
      name: string;
      avatar: string;
      maxMembers: number;
    }
  | {
      kind: 'message';
      connection: string;
      message: Exclude<ClientMessage, { type: 'join' | 'ping' | 'leave' }>;
    }
  | { kind: 'rtt'; connection: string; rtt: number }
  | { kind: 'disconnect'; connection: string }
  | { kind: 'leave'; connection: string }
  /** A server vouches for its members on `connections`, then stale members go. */
  | { kind: 'heartbeat'; connections: readonly string[] }
  /** Members past their grace period go. */
  | { kind: 'sweep' }
  | { kind: 'close' };

/** The times and limits a change is made with. */
export interface RoomClock {
  /** Cluster time now, ms. */
  now: number;
  /** The least lead of a command, ms (TOGETHER_LEAD_MS). */
  leadMs: number;
  /** How long a member whose socket closed is kept, ms (TOGETHER_GRACE_S). */
  graceMs: number;
  /**
   * How long a connected member is kept with no server vouching for it (its server stopped
   * without closing it), ms: the grace period plus a few heartbeats.
   */
  staleMs: number;
}

/** What members are told of a change: a new `state`, a `command`, or that the room was closed. */
export interface Announcement {
  state: boolean;
  command?: CommandMessage;
  closed?: boolean;
}

/** The outcome of {@link changeRoom}. */
export type RoomChange =
  /** Nothing to store; `error` goes to the sender alone. */
  | { kind: 'unchanged'; error?: ErrorMessage }
  /** Store `record` (null: the room goes), and tell the members `announce` (nothing if absent). */
  | { kind: 'changed'; record: RoomRecord | null; announce?: Announcement }
  /** A join refused: the room holds its most members. */
  | { kind: 'full' };

/** A member as `state` lists it (TOGETHER-2). */
export function publicMember(member: MemberRecord, host: string | null): RoomMember {
  return {
    id: member.id,
    name: member.name,
    avatar: member.avatar,
    host: member.id === host,
    buffering: member.buffering,
    connected: member.connected,
  };
}

/** The `state` message of `record` for the member `you`, sent at cluster time `serverTime`. */
export function stateMessageOf(record: RoomRecord, you: string, serverTime: number): StateMessage {
  return {
    type: 'state',
    version: record.version,
    roomId: record.id,
    title: record.title,
    source: record.source,
    playback: record.playback,
    waiting: record.waiting,
    members: record.members.map((m) => publicMember(m, record.host)),
    host: record.host,
    settings: record.settings,
    you,
    serverTime,
  };
}

/**
 * A new room, paused at `position` s (where its maker's player was; 0 when not given) with no
 * member, empty since `now` (TOGETHER-1).
 */
export function newRoom(input: {
  id: string;
  owner: string;
  title: RoomTitle;
  source: RoomSource;
  now: number;
  position?: number | undefined;
}): RoomRecord {
  return {
    id: input.id,
    owner: input.owner,
    createdAt: input.now,
    title: input.title,
    source: input.source,
    version: 1,
    playback: { playing: false, position: input.position ?? 0, at: input.now, speed: 1 },
    waiting: false,
    settings: { hostOnly: false },
    host: null,
    members: [],
    emptySince: input.now,
  };
}

/** The controls a member may be refused while only the host controls playback. */
const CONTROLS = new Set(['play', 'pause', 'seek', 'speed']);

/**
 * The room after `event` at `clock.now` (TOGETHER-2..7). Pure: `record` is not changed (the
 * answer is a copy). The rules:
 * - a join (a new member, or the same session's tab taking its member back) makes the member
 *   buffering, so a playing room holds until it has loaded the room's position; past
 *   `maxMembers` it is refused; the first member is the host;
 * - `ready` (of the member's last join or seek, or later) and `buffering` set the member's
 *   flag; a buffering member holds a playing room (`hold`), and when every connected member is
 *   ready again a holding room plays on (`resume`);
 * - `play`, `pause`, `seek` and `speed` act at now plus the lead ({@link commandLeadMs}); while
 *   `hostOnly` only the host's count; a seek makes every member buffering, so the room goes on
 *   once all have loaded the new position; `play` while a member buffers only sets `waiting`;
 * - `settings` are the host's: `hostOnly`, and `host` to hand the role on;
 * - a socket's close leaves its member for the grace period (not connected, not holding); a
 *   heartbeat or sweep drops members past it, and members no server vouched for within
 *   `staleMs`; `leave` drops at once; when the host goes, the longest-joined connected member
 *   becomes host; the last member's going starts the room's empty time;
 * - `close` removes the room.
 */
export function changeRoom(record: RoomRecord, event: RoomEvent, clock: RoomClock): RoomChange {
  const room = structuredClone(record);
  const { now } = clock;
  const next = room.version + 1;
  const at = () =>
    now +
    commandLeadMs(
      clock.leadMs,
      room.members.filter((m) => m.connected).map((m) => m.rtt),
    );
  const command = (action: CommandAction, by: string | null): CommandMessage => ({
    type: 'command',
    version: next,
    action,
    by,
    playback: room.playback,
    waiting: room.waiting,
  });
  const changed = (announce: Announcement | undefined): RoomChange => {
    if (announce) room.version = next;
    return { kind: 'changed', record: room, ...(announce ? { announce } : {}) };
  };
  /** Holds a playing room where it will be at the command's time. */
  const hold = (): boolean => {
    if (!room.playback.playing) return false;
    const when = at();
    room.playback = {
      ...room.playback,
      playing: false,
      position: positionAt(room.playback, when),
      at: when,
    };
    room.waiting = true;
    return true;
  };
  /** Plays a holding room on when no connected member buffers. */
  const resume = (): boolean => {
    if (!room.waiting || room.members.some((m) => m.connected && m.buffering)) return false;
    room.playback = { ...room.playback, playing: true, at: at() };
    room.waiting = false;
    return true;
  };
  /** The host after members went: the same, else the longest-joined connected member. */
  const passHost = () => {
    if (room.members.some((m) => m.id === room.host)) return;
    room.host = (room.members.find((m) => m.connected) ?? room.members[0])?.id ?? null;
  };
  /** Drops members `gone` says, with what follows; whether any went. */
  const drop = (gone: (m: MemberRecord) => boolean): boolean => {
    const before = room.members.length;
    room.members = room.members.filter((m) => !gone(m));
    if (room.members.length === before) return false;
    passHost();
    if (room.members.length === 0) {
      room.emptySince = now;
      room.waiting = false;
    }
    return true;
  };
  const stale = (m: MemberRecord) =>
    now - m.seenAt >= (m.connected ? clock.staleMs : clock.graceMs);

  switch (event.kind) {
    case 'join': {
      let member = room.members.find((m) => m.key === event.key);
      if (member) {
        Object.assign(member, {
          connection: event.connection,
          profileId: event.profileId,
          name: event.name,
          avatar: event.avatar,
          connected: true,
          seenAt: now,
        });
      } else {
        if (room.members.length >= event.maxMembers) return { kind: 'full' };
        member = {
          id: event.newMemberId,
          key: event.key,
          connection: event.connection,
          uid: event.uid,
          profileId: event.profileId,
          name: event.name,
          avatar: event.avatar,
          buffering: true,
          readyFrom: next,
          connected: true,
          seenAt: now,
          joinedAt: now,
          rtt: 0,
        };
        room.members.push(member);
      }
      member.buffering = true;
      member.readyFrom = next;
      room.host ??= member.id;
      room.emptySince = null;
      const held = hold();
      return changed({ state: true, ...(held ? { command: command('hold', null) } : {}) });
    }
    case 'message': {
      const member = room.members.find((m) => m.connection === event.connection);
      if (!member) {
        return {
          kind: 'unchanged',
          error: { type: 'error', code: 'not-joined', message: 'Join the room first.' },
        };
      }
      const { message } = event;
      if (CONTROLS.has(message.type) && room.settings.hostOnly && member.id !== room.host) {
        return {
          kind: 'unchanged',
          error: { type: 'error', code: 'host-only', message: HOST_ONLY_MESSAGE },
        };
      }
      switch (message.type) {
        case 'ready': {
          if (!member.buffering || message.version < member.readyFrom) return { kind: 'unchanged' };
          member.buffering = false;
          const resumed = resume();
          return changed({ state: true, ...(resumed ? { command: command('resume', null) } : {}) });
        }
        case 'buffering': {
          if (member.buffering) return { kind: 'unchanged' };
          member.buffering = true;
          const held = hold();
          return changed({ state: true, ...(held ? { command: command('hold', null) } : {}) });
        }
        case 'play': {
          if (room.playback.playing || room.waiting) return { kind: 'unchanged' };
          room.waiting = true;
          resume();
          return changed({ state: false, command: command('play', member.id) });
        }
        case 'pause': {
          if (!room.playback.playing && !room.waiting) return { kind: 'unchanged' };
          const when = at();
          room.playback = {
            ...room.playback,
            playing: false,
            position: positionAt(room.playback, when),
            at: when,
          };
          room.waiting = false;
          return changed({ state: false, command: command('pause', member.id) });
        }
        case 'seek': {
          const wasPlaying = room.playback.playing || room.waiting;
          room.playback = {
            ...room.playback,
            playing: false,
            position: message.position,
            at: at(),
          };
          room.waiting = wasPlaying;
          for (const m of room.members) {
            if (!m.connected) continue;
            m.buffering = true;
            m.readyFrom = next;
          }
          return changed({ state: true, command: command('seek', member.id) });
        }
        case 'speed': {
          if (message.speed === room.playback.speed) return { kind: 'unchanged' };
          const when = at();
          room.playback = {
            ...room.playback,
            position: positionAt(room.playback, when),
            at: when,
            speed: message.speed,
          };
          return changed({ state: false, command: command('speed', member.id) });
        }
        case 'settings': {
          if (member.id !== room.host) {
            return {
              kind: 'unchanged',
              error: { type: 'error', code: 'not-host', message: SETTINGS_HOST_MESSAGE },
            };
          }
          if (message.hostOnly !== undefined) room.settings = { hostOnly: message.hostOnly };
          if (message.host !== undefined && room.members.some((m) => m.id === message.host)) {
            room.host = message.host;
          }
          return changed({ state: true });
        }
      }
      return { kind: 'unchanged' };
    }
    case 'rtt': {
      const member = room.members.find((m) => m.connection === event.connection);
      if (!member) return { kind: 'unchanged' };
      member.rtt = event.rtt;
      return changed(undefined);
    }
    case 'disconnect': {
      const member = room.members.find((m) => m.connection === event.connection);
      if (!member?.connected) return { kind: 'unchanged' };
      member.connected = false;
      member.buffering = false;
      member.seenAt = now;
      const resumed = resume();
      return changed({ state: true, ...(resumed ? { command: command('resume', null) } : {}) });
    }
    case 'leave': {
      if (!drop((m) => m.connection === event.connection)) return { kind: 'unchanged' };
      const resumed = resume();
      return changed({ state: true, ...(resumed ? { command: command('resume', null) } : {}) });
    }
    case 'heartbeat':
    case 'sweep': {
      let vouched = false;
      if (event.kind === 'heartbeat') {
        const held = new Set(event.connections);
        for (const m of room.members) {
          if (m.connected && held.has(m.connection)) {
            m.seenAt = now;
            vouched = true;
          }
        }
      }
      if (!drop(stale)) return vouched ? changed(undefined) : { kind: 'unchanged' };
      const resumed = resume();
      return changed({ state: true, ...(resumed ? { command: command('resume', null) } : {}) });
    }
    case 'close':
      return { kind: 'changed', record: null, announce: { state: false, closed: true } };
  }
}
