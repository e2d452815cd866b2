/**
 * Rooms in Redis, for servers sharing REDIS_URL (TOGETHER-8 in docs/requirements.md; DEC-33 in
 * docs/decisions.md). Each room is one key holding its record as JSON, the one authoritative
 * copy: a server changes it by reading it, applying the rules (together.room.ts) and writing the
 * result back with a compare-and-set script that also publishes the change on the room's
 * channel, so every change is applied to the latest record and heard in the order it was made by
 * every server holding a member's socket (each subscribes while it holds one). A lost race runs
 * the rules again on the newer record. A room's key expires by itself once the room has been
 * empty for its empty time; an account's rooms are a set the create script counts.
 *
 * The servers' clocks may differ, so commands are timed on one clock: Redis's (`TIME`), whose
 * offset from this server's each server estimates the way a client estimates its own
 * (contracts' `estimateClock`, every 30 s).
 */
import { Redis } from 'ioredis';
import { estimateClock, type ClockSample } from '@pigostream/contracts';
import type { Announcement, RoomChange, RoomRecord } from './together.room.ts';
import { roomTtlMs, type RoomDelivery, type RoomStore } from './together.store.ts';

const ROOM_PREFIX = 'pigo:together:room:';
const OWNER_PREFIX = 'pigo:together:owner:';
const CHANNEL_PREFIX = 'pigo:together:events:';
/** How long an account's set of rooms is kept after its last room was made, ms. */
const OWNER_SET_TTL_MS = 24 * 60 * 60_000;
/** Retries of a change that lost its compare-and-set to another server's. */
const MAX_ATTEMPTS = 20;
/** How often the offset from Redis's clock is measured again, ms; samples kept. */
const CLOCK_EVERY_MS = 30_000;
const CLOCK_SAMPLES = 8;

/**
 * Writes the room's new record (or deletes it) only when its current value is still the one the
 * change was made from, and publishes the change; 1 when written, 0 when another change won.
 * KEYS[1] the room; ARGV: the old value, the new one ('' deletes), its TTL in ms, the channel,
 * the message ('' publishes nothing).
 */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if current ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1])
else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
if ARGV[5] ~= '' then redis.call('PUBLISH', ARGV[4], ARGV[5]) end
return 1`;

/**
 * Keeps a new room unless its owner has ARGV[4] open (rooms whose keys expired leave the set
 * first); 1 when kept. KEYS[1] the owner's set, KEYS[2] the room; ARGV: the room id, its record,
 * its TTL in ms, the most rooms, the room key prefix, the set's TTL in ms.
 */
const CREATE = `
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', ARGV[5] .. id) == 0 then redis.call('SREM', KEYS[1], id) end
end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
if not redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3], 'NX') then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1`;

/** The scripts, as ioredis defines them on the connection. */
interface ScriptedRedis extends Redis {
  togetherCas(
    key: string,
    old: string,
    next: string,
    ttl: number,
    channel: string,
    message: string,
  ): Promise<number>;
  togetherCreate(
    owner: string,
    key: string,
    id: string,
    record: string,
    ttl: number,
    max: number,
    prefix: string,
    ownerTtl: number,
  ): Promise<number>;
}

/** A change as it travels on a room's channel. */
interface ChannelMessage {
  record: RoomRecord | null;
  announce: Announcement;
}

/** Receives the store's log lines (the app's logger). */
export interface RoomStoreLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * The rooms in Redis at `redisUrl`: `emptyMs` is how long an empty room is kept, `liveMs` how
 * long a room with members is kept without any change (its servers change it at every
 * heartbeat).
 */
export class RedisRoomStore implements RoomStore {
  readonly shared = true;
  private readonly commands: ScriptedRedis;
  private readonly listener: Redis;
  private handler: (delivery: RoomDelivery) => void = () => undefined;
  /** Rooms this server holds sockets of: how many, and the subscription (resolved once on). */
  private readonly watched = new Map<string, { count: number; subscribed: Promise<unknown> }>();
  private readonly samples: ClockSample[] = [];
  private offset = 0;
  private readonly clockTimer: NodeJS.Timeout;

  constructor(
    redisUrl: string,
    private readonly times: { emptyMs: number; liveMs: number },
    private readonly log: RoomStoreLog,
  ) {
    const options = { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000 };
    this.commands = new Redis(redisUrl, options) as ScriptedRedis;
    this.listener = new Redis(redisUrl, options);
    this.commands.defineCommand('togetherCas', { numberOfKeys: 1, lua: COMPARE_AND_SET });
    this.commands.defineCommand('togetherCreate', { numberOfKeys: 2, lua: CREATE });
    for (const connection of [this.commands, this.listener]) {
      connection.on('error', (error: unknown) => {
        this.log.warn({ err: error }, 'watch together: Redis unavailable');
      });
    }
    this.listener.on('message', (channel: string, raw: string) => {
      if (!channel.startsWith(CHANNEL_PREFIX)) return;
      let message: ChannelMessage;
      try {
        message = JSON.parse(raw) as ChannelMessage;
      } catch {
        return;
      }
      this.handler({
        roomId: channel.slice(CHANNEL_PREFIX.length),
        record: message.record,
        announce: message.announce,
      });
    });
    void this.measureClock();
    this.clockTimer = setInterval(() => void this.measureClock(), CLOCK_EVERY_MS);
    this.clockTimer.unref();
  }

  /** Takes three samples of Redis's `TIME` and estimates the offset from them and the last ones. */
  private async measureClock(): Promise<void> {
    try {
      for (let i = 0; i < 3; i += 1) {
        const t0 = Date.now();
        const [seconds, micros] = await this.commands.time();
        const t3 = Date.now();
        const server = Number(seconds) * 1000 + Number(micros) / 1000;
        this.samples.push({ t0, t1: server, t2: server, t3 });
      }
      this.samples.splice(0, Math.max(0, this.samples.length - CLOCK_SAMPLES));
      this.offset = estimateClock(this.samples)?.offset ?? this.offset;
    } catch {
      // Redis is away: the last offset stands.
    }
  }

  now(): number {
    return Date.now() + this.offset;
  }

  async create(record: RoomRecord, maxPerOwner: number): Promise<boolean> {
    const kept = await this.commands.togetherCreate(
      OWNER_PREFIX + record.owner,
      ROOM_PREFIX + record.id,
      record.id,
      JSON.stringify(record),
      roomTtlMs(record, this.now(), this.times),
      maxPerOwner,
      ROOM_PREFIX,
      OWNER_SET_TTL_MS,
    );
    return kept === 1;
  }

  async get(roomId: string): Promise<RoomRecord | undefined> {
    const raw = await this.commands.get(ROOM_PREFIX + roomId);
    return raw === null ? undefined : (JSON.parse(raw) as RoomRecord);
  }

  async update(
    roomId: string,
    change: (record: RoomRecord, now: number) => RoomChange,
  ): Promise<RoomChange | undefined> {
    const key = ROOM_PREFIX + roomId;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const raw = await this.commands.get(key);
      if (raw === null) return undefined;
      const now = this.now();
      const outcome = change(JSON.parse(raw) as RoomRecord, now);
      if (outcome.kind !== 'changed') return outcome;
      const next = outcome.record ? JSON.stringify(outcome.record) : '';
      const message = outcome.announce
        ? JSON.stringify({
            record: outcome.record,
            announce: outcome.announce,
          } satisfies ChannelMessage)
        : '';
      const ttl = outcome.record ? roomTtlMs(outcome.record, now, this.times) : 1;
      const written = await this.commands.togetherCas(
        key,
        raw,
        next,
        ttl,
        CHANNEL_PREFIX + roomId,
        message,
      );
      if (written === 1) return outcome;
      // Another server changed the room meanwhile: a short, random wait, then again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
    }
    throw new Error(`room ${roomId}: too many concurrent changes`);
  }

  async watch(roomId: string): Promise<void> {
    let entry = this.watched.get(roomId);
    if (entry) entry.count += 1;
    else {
      entry = { count: 1, subscribed: this.listener.subscribe(CHANNEL_PREFIX + roomId) };
      this.watched.set(roomId, entry);
    }
    try {
      await entry.subscribed;
    } catch (error) {
      this.unwatch(roomId);
      throw error;
    }
  }

  unwatch(roomId: string): void {
    const entry = this.watched.get(roomId);
    if (!entry) return;
    entry.count -= 1;
    if (entry.count > 0) return;
    this.watched.delete(roomId);
    this.listener.unsubscribe(CHANNEL_PREFIX + roomId).catch(() => undefined);
  }

  onDelivery(handler: (delivery: RoomDelivery) => void): void {
    this.handler = handler;
  }

  close(): Promise<void> {
    clearInterval(this.clockTimer);
    this.commands.disconnect();
    this.listener.disconnect();
    return Promise.resolve();
  }
}
