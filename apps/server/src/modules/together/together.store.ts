/**
 * Where rooms are kept (TOGETHER-6, TOGETHER-8 in docs/requirements.md; DEC-33 in
 * docs/decisions.md): the {@link RoomStore} the hub reads and changes rooms through. Without
 * REDIS_URL one process holds every room in memory ({@link MemoryRoomStore}); with it, Redis
 * does, for every server (together.redis.ts). Either way a change is the pure rules of
 * together.room.ts applied to the one current record, and every change members must hear of is
 * delivered, in order, to each server that holds a socket of the room.
 */
import type { Announcement, RoomChange, RoomRecord } from './together.room.ts';

/** A change of a room to pass on to its sockets here: the room after it, and what to tell. */
export interface RoomDelivery {
  roomId: string;
  /** The room after the change; null when it was closed. */
  record: RoomRecord | null;
  announce: Announcement;
}

/** The rooms of the cluster, as one server sees them. */
export interface RoomStore {
  /** Whether the rooms are shared with other servers (Redis). */
  readonly shared: boolean;
  /** The cluster's clock (ms since the epoch): every server's commands use it (TOGETHER-4). */
  now(): number;
  /**
   * Keeps a new room unless its owner already has `maxPerOwner` rooms (TOGETHER-6).
   * @returns whether it was kept.
   * @throws when Redis fails.
   */
  create(record: RoomRecord, maxPerOwner: number): Promise<boolean>;
  /**
   * The room, or undefined when there is none (never made, closed, or past its empty time).
   * @throws when Redis fails.
   */
  get(roomId: string): Promise<RoomRecord | undefined>;
  /**
   * Applies `change` to the room's current record at the cluster's time and keeps the result,
   * atomically: with Redis, a change made meanwhile by another server runs `change` again on
   * the newer record. Announced changes are delivered to every server watching the room.
   * @returns `change`'s answer, or undefined when there is no such room.
   * @throws when Redis fails, or another server kept changing the room for every retry.
   */
  update(
    roomId: string,
    change: (record: RoomRecord, now: number) => RoomChange,
  ): Promise<RoomChange | undefined>;
  /** Starts delivering the room's changes to this server (resolves once they will come). */
  watch(roomId: string): Promise<void>;
  /** Stops delivering the room's changes here. */
  unwatch(roomId: string): void;
  /** The one handler deliveries go to (the hub's). */
  onDelivery(handler: (delivery: RoomDelivery) => void): void;
  /** Stops timers and connections. */
  close(): Promise<void>;
}

/** How long a room is kept from now without a change, ms: its empty time, or the live margin. */
export function roomTtlMs(
  record: RoomRecord,
  now: number,
  times: { emptyMs: number; liveMs: number },
): number {
  if (record.emptySince === null) return Math.max(times.emptyMs, times.liveMs);
  return Math.max(1, times.emptyMs - (now - record.emptySince));
}

/**
 * Every room in this process's memory, for a server without REDIS_URL: changes are applied at
 * once, in order; a room empty for `emptyMs` is forgotten (checked every `emptyMs / 2`, at most
 * every minute, and whenever it is read).
 */
export class MemoryRoomStore implements RoomStore {
  readonly shared = false;
  private readonly rooms = new Map<string, RoomRecord>();
  private handler: (delivery: RoomDelivery) => void = () => undefined;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly emptyMs: number) {
    this.sweeper = setInterval(
      () => {
        this.forgetExpired();
      },
      Math.max(50, Math.min(60_000, emptyMs / 2)),
    );
    this.sweeper.unref();
  }

  now(): number {
    return Date.now();
  }

  private expired(record: RoomRecord, now: number): boolean {
    return record.emptySince !== null && now - record.emptySince >= this.emptyMs;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [id, record] of this.rooms) {
      if (this.expired(record, now)) this.rooms.delete(id);
    }
  }

  private current(roomId: string): RoomRecord | undefined {
    const record = this.rooms.get(roomId);
    if (record && this.expired(record, this.now())) {
      this.rooms.delete(roomId);
      return undefined;
    }
    return record;
  }

  create(record: RoomRecord, maxPerOwner: number): Promise<boolean> {
    this.forgetExpired();
    let owned = 0;
    for (const room of this.rooms.values()) if (room.owner === record.owner) owned += 1;
    if (owned >= maxPerOwner || this.rooms.has(record.id)) return Promise.resolve(false);
    this.rooms.set(record.id, record);
    return Promise.resolve(true);
  }

  get(roomId: string): Promise<RoomRecord | undefined> {
    return Promise.resolve(this.current(roomId));
  }

  update(
    roomId: string,
    change: (record: RoomRecord, now: number) => RoomChange,
  ): Promise<RoomChange | undefined> {
    const record = this.current(roomId);
    if (!record) return Promise.resolve(undefined);
    const outcome = change(record, this.now());
    if (outcome.kind === 'changed') {
      if (outcome.record) this.rooms.set(roomId, outcome.record);
      else this.rooms.delete(roomId);
      if (outcome.announce) {
        this.handler({ roomId, record: outcome.record, announce: outcome.announce });
      }
    }
    return Promise.resolve(outcome);
  }

  watch(): Promise<void> {
    return Promise.resolve();
  }

  unwatch(): void {
    // Every change is delivered here anyway.
  }

  onDelivery(handler: (delivery: RoomDelivery) => void): void {
    this.handler = handler;
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    this.rooms.clear();
    return Promise.resolve();
  }
}
