/**
 * A room's rules as one pure function (TOGETHER-2..7 in docs/requirements.md): joins and the
 * member limit, ready and buffering with the versions they count from, the lead of commands,
 * host-only control, the grace period and stale members, the host passing on, and the record
 * never changed in place.
 */
import { describe, expect, it } from 'vitest';
import {
  changeRoom,
  newRoom,
  type RoomChange,
  type RoomEvent,
  type RoomRecord,
} from './together.room.ts';

const clock = (now: number) => ({ now, leadMs: 300, graceMs: 30_000, staleMs: 60_000 });

/** The record after `change`, which must be a change. */
function after(change: RoomChange): RoomRecord {
  if (change.kind !== 'changed' || !change.record)
    throw new Error(`no change: ${JSON.stringify(change)}`);
  return change.record;
}

function join(key: string, maxMembers = 12): RoomEvent {
  return {
    kind: 'join',
    key,
    connection: `c-${key}`,
    newMemberId: `m-${key}`,
    uid: `u-${key}`,
    profileId: `p-${key}`,
    name: key,
    avatar: 'avatar-2',
    maxMembers,
  };
}

const message = (
  key: string,
  m: Extract<RoomEvent, { kind: 'message' }>['message'],
): RoomEvent => ({
  kind: 'message',
  connection: `c-${key}`,
  message: m,
});

/** A room with `keys` joined and ready at time 1000. */
function roomOf(...keys: string[]): RoomRecord {
  let room = newRoom({
    id: 'r',
    owner: 'u-a',
    title: { type: 'movie', id: 603, season: null, episode: null },
    source: { name: 'Example', link: 'https://example.com/movie/603' },
    now: 0,
  });
  for (const key of keys) room = after(changeRoom(room, join(key), clock(1000)));
  for (const key of keys) {
    room = after(
      changeRoom(room, message(key, { type: 'ready', version: room.version }), clock(1000)),
    );
  }
  return room;
}

describe('changeRoom', () => {
  it('makes the first member host, every joiner buffering, and refuses one past the limit', () => {
    const room = roomOf('a', 'b');
    expect(room.host).toBe('m-a');
    expect(room.emptySince).toBeNull();
    const joined = after(changeRoom(room, join('c'), clock(2000)));
    expect(joined.members.map((m) => [m.id, m.buffering])).toEqual([
      ['m-a', false],
      ['m-b', false],
      ['m-c', true],
    ]);
    expect(changeRoom(room, join('c', 2), clock(2000))).toEqual({ kind: 'full' });
    // The same key takes its member back, whatever the limit.
    expect(changeRoom(room, join('a', 2), clock(2000)).kind).toBe('changed');
    // The record given is left as it was.
    expect(room.members).toHaveLength(2);
  });

  it('plays at now plus the lead, longer for a slow member, and holds for a buffering one', () => {
    let room = roomOf('a', 'b');
    const play = changeRoom(room, message('a', { type: 'play' }), clock(5000));
    room = after(play);
    expect(play.kind === 'changed' && play.announce?.command?.playback).toEqual({
      playing: true,
      position: 0,
      at: 5300,
      speed: 1,
    });
    room = after(changeRoom(room, { kind: 'rtt', connection: 'c-b', rtt: 600 }, clock(5000)));
    const hold = changeRoom(room, message('b', { type: 'buffering' }), clock(7300));
    // Half of 600 ms plus 100 ms: 400 ms of lead; held where the room will be then.
    expect(hold.kind === 'changed' && hold.announce?.command).toMatchObject({
      action: 'hold',
      by: null,
      waiting: true,
      playback: { playing: false, position: 2.4, at: 7700 },
    });
    room = after(hold);
    // A ready older than the member's last join does not count; a current one resumes.
    const stale = changeRoom(room, message('b', { type: 'ready', version: 1 }), clock(8000));
    expect(stale.kind).toBe('unchanged');
    const resumed = changeRoom(
      room,
      message('b', { type: 'ready', version: room.version }),
      clock(8000),
    );
    expect(resumed.kind === 'changed' && resumed.announce?.command).toMatchObject({
      action: 'resume',
      playback: { playing: true, position: 2.4, at: 8400 },
    });
  });

  it('refuses controls of others while only the host controls, and settings of others always', () => {
    let room = roomOf('a', 'b');
    room = after(changeRoom(room, message('a', { type: 'settings', hostOnly: true }), clock(2000)));
    expect(
      changeRoom(room, message('b', { type: 'seek', position: 5 }), clock(2000)),
    ).toMatchObject({
      kind: 'unchanged',
      error: { code: 'host-only' },
    });
    expect(
      changeRoom(room, message('b', { type: 'settings', hostOnly: false }), clock(2000)),
    ).toMatchObject({
      kind: 'unchanged',
      error: { code: 'not-host' },
    });
    // Buffering is never refused.
    expect(changeRoom(room, message('b', { type: 'buffering' }), clock(2000)).kind).toBe('changed');
  });

  it('keeps a dropped member for the grace period, then passes the host on and empties the room', () => {
    let room = roomOf('a', 'b');
    room = after(changeRoom(room, { kind: 'disconnect', connection: 'c-a' }, clock(10_000)));
    expect(room.host).toBe('m-a');
    expect(changeRoom(room, { kind: 'sweep' }, clock(39_999)).kind).toBe('unchanged');
    room = after(changeRoom(room, { kind: 'sweep' }, clock(40_000)));
    expect(room.members.map((m) => m.id)).toEqual(['m-b']);
    expect(room.host).toBe('m-b');
    room = after(changeRoom(room, { kind: 'leave', connection: 'c-b' }, clock(41_000)));
    expect(room.members).toEqual([]);
    expect(room.host).toBeNull();
    expect(room.emptySince).toBe(41_000);
  });

  it('drops a connected member no server vouched for within the stale time', () => {
    let room = roomOf('a', 'b');
    room = after(changeRoom(room, { kind: 'heartbeat', connections: ['c-b'] }, clock(50_000)));
    expect(room.members).toHaveLength(2);
    room = after(changeRoom(room, { kind: 'heartbeat', connections: ['c-b'] }, clock(61_000)));
    expect(room.members.map((m) => m.id)).toEqual(['m-b']);
    expect(room.host).toBe('m-b');
  });

  it('makes everyone load after a seek, and goes on playing once all are ready', () => {
    let room = roomOf('a', 'b');
    room = after(changeRoom(room, message('a', { type: 'play' }), clock(1000)));
    const seek = changeRoom(room, message('b', { type: 'seek', position: 90 }), clock(3000));
    room = after(seek);
    expect(room.waiting).toBe(true);
    expect(room.members.every((m) => m.buffering)).toBe(true);
    room = after(
      changeRoom(room, message('a', { type: 'ready', version: room.version }), clock(3100)),
    );
    expect(room.playback.playing).toBe(false);
    room = after(
      changeRoom(room, message('b', { type: 'ready', version: room.version }), clock(3200)),
    );
    expect(room.playback).toEqual({ playing: true, position: 90, at: 3500, speed: 1 });
  });
});
