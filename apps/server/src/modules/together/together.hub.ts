/**
 * The rooms' sockets on this server (TOGETHER-2..8 in docs/requirements.md): the
 * {@link RoomHub} takes each signed-in socket, reads its messages (size, rate and shape checked:
 * a bad one closes that socket alone, TOGETHER-6), changes the room through the store
 * (together.store.ts) and passes each change the store delivers to the room's sockets here.
 * It also answers pings with the cluster's time, vouches for its members at every heartbeat,
 * drops members past their grace period, and closes a socket whose session ended.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import type { WebSocket } from 'ws';
import {
  SOCKET_CLOSE,
  clientMessageSchema,
  JOIN_TIMEOUT_MS,
  MAX_MESSAGES_PER_SECOND,
  type ClientMessage,
  type RoomTitle,
  type ServerMessage,
} from '@pigostream/contracts';
import type { VerifiedUser } from '../identity/index.ts';
import {
  changeRoom,
  stateMessageOf,
  type RoomChange,
  type RoomClock,
  type RoomEvent,
} from './together.room.ts';
import type { RoomDelivery, RoomStore } from './together.store.ts';

/** A close frame's code and reason. */
interface CloseFrame {
  code: number;
  reason: string;
}

/** Whether the user's active profile may watch a room's title (PROFILE-7). */
export type TitleCheck = (user: VerifiedUser, title: RoomTitle) => Promise<boolean>;

/** What the hub is built with. */
export interface RoomHubOptions {
  store: RoomStore;
  /** Most members a room holds (TOGETHER_MAX_MEMBERS). */
  maxMembers: number;
  /** The least lead of a command, ms (TOGETHER_LEAD_MS). */
  leadMs: number;
  /** How long a member whose socket closed is kept, ms (TOGETHER_GRACE_S). */
  graceMs: number;
  /** Whether the user's active profile may watch the title (PROFILE-7). */
  mayWatch: TitleCheck;
  /** The name and avatar the member list shows for the user's active profile. */
  cardOf: (user: VerifiedUser) => Promise<{ name: string; avatar: string }>;
  /**
   * The request's session now (its active profile), or null when it ended; read again for a
   * copy of the request, so the lookup is a fresh one.
   */
  sessionNow: (req: FastifyRequest) => Promise<{ profileId: string } | null>;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

/** One socket of a room on this server. */
interface Connection {
  socket: WebSocket;
  req: FastifyRequest;
  roomId: string;
  /** Random per socket: which socket holds a member (MemberRecord.connection). */
  id: string;
  user: VerifiedUser;
  sessionId: string;
  /** Set on `join`: the member this socket is (session and tab). */
  memberKey?: string;
  /** The room's version when this socket's join was applied; deliveries before it are old. */
  joinedVersion?: number;
  /** The round trip last written to the room for it, ms. */
  rtt: number;
  /** The rate limit's bucket: messages it may still send, refilled at the rate per second. */
  tokens: number;
  refilledAt: number;
  /** Messages are handled one after the other. */
  queue: Promise<void>;
  closing: boolean;
  /** It sent `leave`: the change that drops its member is not a reason to close it otherwise. */
  leaving: boolean;
  /** It answered the last heartbeat's ping frame (or sent a message since). */
  alive: boolean;
  joinTimer: NodeJS.Timeout;
}

/** A close reason fits a close frame: at most 123 bytes of UTF-8. */
function fitReason(reason: string): string {
  let text = reason;
  while (Buffer.byteLength(text) > 123) text = text.slice(0, -1);
  return text;
}

/** A member's key: the session and the tab, hashed (the session id is never kept). */
function memberKeyOf(sessionId: string, clientId: string): string {
  return createHash('sha256').update(sessionId).update('\0').update(clientId).digest('base64url');
}

/** How often each server vouches for its members and sweeps the grace periods, ms. */
export function heartbeatMs(graceMs: number): number {
  return Math.max(50, Math.min(10_000, Math.floor(graceMs / 3)));
}

/**
 * How long a connected member is kept with no heartbeat from its server (the server stopped),
 * ms: the grace period plus three heartbeats.
 */
export function staleMs(graceMs: number): number {
  return graceMs + 3 * heartbeatMs(graceMs);
}

/** A new room's id: 16 random bytes, base64url (TOGETHER-1). */
export function newRoomId(): string {
  return randomBytes(16).toString('base64url');
}

export class RoomHub {
  private readonly rooms = new Map<string, Set<Connection>>();
  private readonly heartbeat: NodeJS.Timeout;
  private recheckTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private warned = false;

  constructor(private readonly options: RoomHubOptions) {
    options.store.onDelivery((delivery) => {
      this.deliver(delivery);
    });
    this.heartbeat = setInterval(() => {
      this.vouch();
    }, heartbeatMs(options.graceMs));
    this.heartbeat.unref();
  }

  /** The times a change is made with, at cluster time `now`. */
  private clock(now: number): RoomClock {
    const { leadMs, graceMs } = this.options;
    return { now, leadMs, graceMs, staleMs: staleMs(graceMs) };
  }

  /**
   * Applies `event` to the room (the rules of together.room.ts through the store).
   * @returns the change, or undefined when the room is gone.
   * @throws when the store fails.
   */
  change(roomId: string, event: RoomEvent): Promise<RoomChange | undefined> {
    return this.options.store.update(roomId, (record, now) =>
      changeRoom(record, event, this.clock(now)),
    );
  }

  /**
   * Takes a new socket for `roomId` from a signed-in, verified user whose Origin was checked
   * (TOGETHER-5): it must send `join` within {@link JOIN_TIMEOUT_MS}.
   */
  accept(
    socket: WebSocket,
    req: FastifyRequest,
    roomId: string,
    user: VerifiedUser,
    sessionId: string,
  ): void {
    const conn: Connection = {
      socket,
      req,
      roomId,
      id: randomUUID(),
      user,
      sessionId,
      rtt: 0,
      tokens: MAX_MESSAGES_PER_SECOND,
      refilledAt: performance.now(),
      queue: Promise.resolve(),
      closing: false,
      leaving: false,
      alive: true,
      joinTimer: setTimeout(() => {
        if (conn.memberKey === undefined) this.closeSocket(conn, SOCKET_CLOSE.noJoin);
      }, JOIN_TIMEOUT_MS),
    };
    conn.joinTimer.unref();
    if (this.closed) {
      this.closeSocket(conn, SOCKET_CLOSE.restarting);
      return;
    }
    socket.on('message', (data, isBinary) => {
      this.receive(conn, data, isBinary);
    });
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('close', () => {
      this.closed_(conn);
    });
  }

  /** One message from a socket: rate, frame and shape checks, then its handling in order. */
  private receive(conn: Connection, data: unknown, isBinary: boolean): void {
    if (conn.closing) return;
    conn.alive = true;
    const receivedAt = this.options.store.now();
    const now = performance.now();
    conn.tokens = Math.min(
      MAX_MESSAGES_PER_SECOND,
      conn.tokens + ((now - conn.refilledAt) / 1000) * MAX_MESSAGES_PER_SECOND,
    );
    conn.refilledAt = now;
    if (conn.tokens < 1) {
      this.closeSocket(conn, {
        code: SOCKET_CLOSE.tooFast.code,
        reason: `Too many messages: at most ${String(MAX_MESSAGES_PER_SECOND)} a second.`,
      });
      return;
    }
    conn.tokens -= 1;
    if (isBinary) {
      this.closeSocket(conn, SOCKET_CLOSE.binary);
      return;
    }
    const text = Buffer.isBuffer(data)
      ? data.toString('utf8')
      : Array.isArray(data)
        ? Buffer.concat(data as Buffer[]).toString('utf8')
        : Buffer.from(data as ArrayBuffer).toString('utf8');
    let value: unknown;
    try {
      // Prototype keys are dropped (never followed); the rest is read as sent.
      value = secureJson.parse(text, undefined, {
        protoAction: 'remove',
        constructorAction: 'remove',
      });
    } catch {
      this.closeSocket(conn, {
        code: SOCKET_CLOSE.badMessage.code,
        reason: 'Bad message: not JSON.',
      });
      return;
    }
    const parsed = clientMessageSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      this.closeSocket(conn, {
        code: SOCKET_CLOSE.badMessage.code,
        reason: fitReason(`Bad message: ${where}${issue?.message ?? 'not a message'}.`),
      });
      return;
    }
    const message = parsed.data;
    if (message.type === 'ping') {
      this.send(conn, {
        type: 'pong',
        id: message.id,
        t0: message.t0,
        t1: receivedAt,
        t2: this.options.store.now(),
      });
      const { rtt } = message;
      if (rtt !== undefined && conn.joinedVersion !== undefined && Math.abs(rtt - conn.rtt) >= 50) {
        conn.rtt = rtt;
        this.enqueue(conn, async () => {
          await this.change(conn.roomId, {
            kind: 'rtt',
            connection: conn.id,
            rtt: Math.round(rtt),
          });
        });
      }
      return;
    }
    this.enqueue(conn, () => this.handle(conn, message));
  }

  /** Runs `work` after the socket's earlier messages; a failure closes the socket (1011). */
  private enqueue(conn: Connection, work: () => Promise<void>): void {
    conn.queue = conn.queue.then(async () => {
      if (conn.closing) return;
      try {
        await work();
      } catch (error) {
        this.warnOnce(error);
        this.closeSocket(conn, SOCKET_CLOSE.failed);
      }
    });
  }

  private warnOnce(error: unknown): void {
    if (this.warned) return;
    this.warned = true;
    this.options.log.warn({ err: error }, 'watch together: a room could not be changed');
    setTimeout(() => {
      this.warned = false;
    }, 60_000).unref();
  }

  /** A message other than `ping`, in the order the socket sent it. */
  private async handle(
    conn: Connection,
    message: Exclude<ClientMessage, { type: 'ping' }>,
  ): Promise<void> {
    if (message.type === 'join') {
      if (conn.memberKey !== undefined) {
        this.closeSocket(conn, {
          code: SOCKET_CLOSE.badMessage.code,
          reason: 'Bad message: join was sent twice.',
        });
        return;
      }
      await this.join(conn, message.clientId);
      return;
    }
    if (conn.joinedVersion === undefined) {
      this.send(conn, { type: 'error', code: 'not-joined', message: 'Join the room first.' });
      return;
    }
    if (message.type === 'leave') {
      conn.leaving = true;
      await this.change(conn.roomId, { kind: 'leave', connection: conn.id });
      this.closeSocket(conn, SOCKET_CLOSE.left);
      return;
    }
    const outcome = await this.change(conn.roomId, {
      kind: 'message',
      connection: conn.id,
      message,
    });
    if (outcome === undefined) {
      this.closeSocket(conn, SOCKET_CLOSE.notFound);
      return;
    }
    if (outcome.kind === 'unchanged' && outcome.error) this.send(conn, outcome.error);
  }

  /**
   * A socket's `join` (TOGETHER-2, PROFILE-7): the room must exist and its title be within the
   * profile's limit; the member list shows the profile's name and avatar; the same session's
   * tab (`clientId`) takes its member back.
   */
  private async join(conn: Connection, clientId: string): Promise<void> {
    const { store } = this.options;
    const record = await store.get(conn.roomId);
    if (!record) {
      this.closeSocket(conn, SOCKET_CLOSE.notFound);
      return;
    }
    if (!(await this.options.mayWatch(conn.user, record.title))) {
      this.closeSocket(conn, SOCKET_CLOSE.notOnProfile);
      return;
    }
    const card = await this.options.cardOf(conn.user);
    // Closed meanwhile: nothing to join (no await until it is counted in its room below).
    if (conn.closing) return;
    conn.memberKey = memberKeyOf(conn.sessionId, clientId);
    clearTimeout(conn.joinTimer);
    await this.attach(conn);
    const outcome = await this.change(conn.roomId, {
      kind: 'join',
      key: conn.memberKey,
      connection: conn.id,
      newMemberId: randomBytes(9).toString('base64url'),
      uid: conn.user.uid,
      profileId: conn.user.profileId,
      name: card.name,
      avatar: card.avatar,
      maxMembers: this.options.maxMembers,
    });
    if (outcome === undefined) {
      this.closeSocket(conn, SOCKET_CLOSE.notFound);
    } else if (outcome.kind === 'full') {
      this.closeSocket(conn, {
        code: SOCKET_CLOSE.full.code,
        reason: `This room is full (${String(this.options.maxMembers)} members).`,
      });
    } else if (outcome.kind === 'changed' && outcome.record) {
      conn.joinedVersion ??= outcome.record.version;
    }
  }

  /** Counts the socket in its room here, watching the room's changes from its first socket. */
  private async attach(conn: Connection): Promise<void> {
    let sockets = this.rooms.get(conn.roomId);
    if (!sockets) {
      sockets = new Set();
      this.rooms.set(conn.roomId, sockets);
    }
    sockets.add(conn);
    await this.options.store.watch(conn.roomId);
  }

  /** Forgets a closed socket; a joined member's is kept for its grace period (TOGETHER-5). */
  private closed_(conn: Connection): void {
    conn.closing = true;
    clearTimeout(conn.joinTimer);
    const sockets = this.rooms.get(conn.roomId);
    if (sockets?.delete(conn)) {
      this.options.store.unwatch(conn.roomId);
      if (sockets.size === 0) this.rooms.delete(conn.roomId);
    }
    if (conn.memberKey === undefined || this.closed) return;
    const { roomId } = conn;
    conn.queue = conn.queue
      .then(async () => {
        await this.change(roomId, { kind: 'disconnect', connection: conn.id });
      })
      .catch((error: unknown) => {
        this.warnOnce(error);
      });
    // When its grace period is over the member goes, unless it came back (on any server).
    setTimeout(() => {
      if (this.closed) return;
      this.change(roomId, { kind: 'sweep' }).catch((error: unknown) => {
        this.warnOnce(error);
      });
    }, this.options.graceMs + 20).unref();
  }

  /**
   * Passes a change of a room to its sockets here: `state` (with `you`) and `command` to each
   * socket that still holds its member; a socket whose member another socket took, or whose room
   * closed, is closed (4001, 4410, 4404).
   */
  private deliver(delivery: RoomDelivery): void {
    const sockets = this.rooms.get(delivery.roomId);
    if (!sockets) return;
    const { record, announce } = delivery;
    const serverTime = this.options.store.now();
    for (const conn of [...sockets]) {
      if (conn.closing || conn.leaving || conn.memberKey === undefined) continue;
      if (record === null) {
        this.closeSocket(conn, announce.closed ? SOCKET_CLOSE.closed : SOCKET_CLOSE.notFound);
        continue;
      }
      const member = record.members.find((m) => m.key === conn.memberKey);
      if (conn.joinedVersion === undefined) {
        // Its join is not applied yet: only the change that applied it counts.
        if (member?.connection !== conn.id) continue;
        conn.joinedVersion = record.version;
      }
      if (record.version < conn.joinedVersion) continue;
      if (!member) {
        // Dropped while its socket is open (its server was thought gone): it joins again.
        this.closeSocket(conn, SOCKET_CLOSE.failed);
        continue;
      }
      if (member.connection !== conn.id) {
        this.closeSocket(conn, SOCKET_CLOSE.replaced);
        continue;
      }
      if (announce.state) this.send(conn, stateMessageOf(record, member.id, serverTime));
      if (announce.command) this.send(conn, announce.command);
    }
  }

  /**
   * Vouches for this server's joined members and drops members past their grace period. A
   * socket that answered neither the last heartbeat's ping frame nor sent anything since is
   * a connection lost without a close (a network drop): it is ended, which starts its member's
   * grace period (browsers answer ping frames by themselves).
   */
  private vouch(): void {
    for (const [roomId, sockets] of this.rooms) {
      for (const conn of sockets) {
        if (conn.closing) continue;
        if (!conn.alive) {
          conn.closing = true;
          conn.socket.terminate();
          continue;
        }
        conn.alive = false;
        try {
          conn.socket.ping();
        } catch {
          // Closing already: its close event follows.
        }
      }
      const connections = [...sockets]
        .filter((c) => !c.closing && c.joinedVersion !== undefined)
        .map((c) => c.id);
      this.change(roomId, { kind: 'heartbeat', connections }).catch((error: unknown) => {
        this.warnOnce(error);
      });
    }
  }

  /**
   * Reads every socket's session again (after a sign-out or profile switch anywhere, which the
   * cluster bus announces): an ended session's socket closes with 4401, one switched to another
   * profile with 4002. Several announcements within 200 ms are read once.
   */
  recheckSessions(): void {
    if (this.recheckTimer || this.closed) return;
    this.recheckTimer = setTimeout(() => {
      this.recheckTimer = undefined;
      for (const sockets of this.rooms.values()) {
        for (const conn of sockets) {
          this.options
            .sessionNow(conn.req)
            .then((session) => {
              if (session === null) this.closeSocket(conn, SOCKET_CLOSE.signedOut);
              else if (session.profileId !== conn.user.profileId) {
                this.closeSocket(conn, SOCKET_CLOSE.profileSwitched);
              }
            })
            .catch(() => undefined);
        }
      }
    }, 200);
    this.recheckTimer.unref();
  }

  /** Sends one message, unless the socket is closing. */
  private send(conn: Connection, message: ServerMessage): void {
    if (conn.closing || conn.socket.readyState !== conn.socket.OPEN) return;
    conn.socket.send(JSON.stringify(message));
  }

  /** Closes the socket with `frame`; its messages still queued are dropped. */
  private closeSocket(conn: Connection, frame: CloseFrame): void {
    if (conn.closing) return;
    conn.closing = true;
    clearTimeout(conn.joinTimer);
    try {
      conn.socket.close(frame.code, fitReason(frame.reason));
    } catch {
      conn.socket.terminate();
    }
  }

  /**
   * Stops: every socket here closes with 1001 (its client reconnects, to another server when
   * there is one), members keep their grace period, timers stop.
   */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.recheckTimer) clearTimeout(this.recheckTimer);
    for (const sockets of this.rooms.values()) {
      for (const conn of sockets) this.closeSocket(conn, SOCKET_CLOSE.restarting);
    }
  }
}
