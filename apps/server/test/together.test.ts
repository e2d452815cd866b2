/**
 * Watching together (TOGETHER-1..8 in docs/requirements.md), on the embedded database and on
 * PostgreSQL, with real WebSocket clients against the server listening on a port, one process
 * holding the rooms (no Redis): making a room and its invite, starting where its maker's player
 * is; joining (the member list with each profile's name and avatar); play, pause, seek and speed
 * fanned out to every member with a server time to act at, before that time; a late joiner
 * starting at the room's position; a buffering member holding the room and its ready resuming
 * it; host-only control; the host role passing on when the host leaves or its grace period ends;
 * a silent drop found by ping frames; a reconnect within the grace period keeping the member;
 * the limits (message size and rate, members, rooms per account); bad messages closing only
 * their socket; refusals before the upgrade (foreign Origin, unknown host, signed out, bad room
 * id); a kids' profile refused an R-rated room; closing a room; a sign-out closing its socket;
 * rooms ending when empty. Short times (grace 1 s, empty rooms 2 s, 4 members) are set for the
 * test.
 */
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SOCKET_CLOSE,
  DEFAULT_COMMAND_LEAD_MS,
  MAX_LEAD_MS,
  positionAt,
  ROOM_ID_PATTERN,
  tooManyRoomsMessage,
  type CreatedRoom,
  type RoomSummary,
} from '@pigostream/contracts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { freePort } from './helpers/server-process.ts';
import { Member } from './helpers/together-client.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

/** The Matrix: rated R. */
const MATRIX = 603;
/** Big Buck Bunny: an open movie, rated G, playing from its publisher. */
const BUNNY = 10378;
/** Breaking Bad: a show. */
const BREAKING_BAD = 1396;
const EXAMPLE = (id: number) => ({
  name: 'Example',
  link: `https://example.com/movie/${String(id)}`,
});
const GRACE_MS = 1000;
const EMPTY_MS = 2000;
const MAX_MEMBERS = 4;

let root: string;
let t: TestApp;
let base: string;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const open: Member[] = [];

/** A member of `roomId` signed in as `user` (or with `options`), closed after the file. */
function member(
  roomId: string,
  user: TestUser | null,
  options: Partial<ConstructorParameters<typeof Member>[1]> = {},
): Member {
  const m = new Member(roomId, { base, ...(user ? { cookie: user.cookie } : {}), ...options });
  open.push(m);
  return m;
}

async function createRoom(user: TestUser, body: Record<string, unknown>) {
  return request(t.app, user, 'POST', `${API}/together/rooms/create`, body);
}

/**
 * A new movie room for `id` from the Example link template, made by `user`, else by a new
 * account of its own (an account has at most 3 rooms open).
 */
async function movieRoom(user?: TestUser, id = MATRIX): Promise<string> {
  const owner = user ?? (await createUser(t.app, { name: 'Owner' }));
  const res = await createRoom(owner, { type: 'movie', id, source: EXAMPLE(id) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreatedRoom>().roomId;
}

/** Joined members of a new room, each ready; the first is the host. */
async function roomWith(users: TestUser[]): Promise<{ roomId: string; members: Member[] }> {
  const roomId = await movieRoom();
  const members: Member[] = [];
  for (const user of users) {
    const m = member(roomId, user);
    await m.join();
    m.ready();
    members.push(m);
  }
  // Everyone ready: the last state shows no one buffering.
  for (const m of members) {
    await m.stateWhere(
      (s) => s.members.length === users.length && s.members.every((x) => !x.buffering),
    );
  }
  return { roomId, members };
}

/** The server's clock now (the same process: no offset). */
const serverNow = () => Date.now();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pigo-together-'));
  const sourcesFile = path.join(root, 'sources.json');
  await writeFile(
    sourcesFile,
    JSON.stringify([
      {
        name: 'Example',
        movie: 'https://example.com/movie/{id}',
        tv: 'https://example.com/tv/{id}/{season}/{episode}',
      },
    ]),
  );
  const port = await freePort();
  base = `http://127.0.0.1:${String(port)}`;
  t = await startTestApp({
    env: {
      PORT: String(port),
      SOURCES_FILE: sourcesFile,
      ALLOWED_ORIGINS: 'http://localhost:3000',
      TOGETHER_GRACE_S: String(GRACE_MS / 1000),
      TOGETHER_EMPTY_ROOM_S: String(EMPTY_MS / 1000),
      TOGETHER_MAX_MEMBERS: String(MAX_MEMBERS),
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  [alice, bob, carol] = await Promise.all([
    createUser(t.app, { name: 'Alice' }),
    createUser(t.app, { name: 'Bob' }),
    createUser(t.app, { name: 'Carol' }),
  ]);
});

afterAll(async () => {
  for (const m of open) m.socket.terminate();
  await t.close();
  await rm(root, { recursive: true, force: true });
});

describe('making a room (TOGETHER-1)', () => {
  it('answers a 128-bit room id and an absolute invite to the play page', async () => {
    const res = await createRoom(alice, { type: 'movie', id: MATRIX, source: EXAMPLE(MATRIX) });
    expect(res.statusCode, res.body).toBe(200);
    const { roomId, inviteUrl } = res.json<CreatedRoom>();
    expect(roomId).toMatch(ROOM_ID_PATTERN);
    expect(inviteUrl).toBe(
      `http://localhost:3000/play?id=${String(MATRIX)}&type=movie&room=${roomId}`,
    );
    const summary = await request(t.app, bob, 'GET', `${API}/together/rooms/${roomId}`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json<RoomSummary>()).toEqual({
      roomId,
      title: { type: 'movie', id: MATRIX, season: null, episode: null },
      source: EXAMPLE(MATRIX),
      members: 0,
      maxMembers: MAX_MEMBERS,
      yours: false,
    });
  });

  it("makes a show's room for one episode, from that episode's link", async () => {
    const source = { name: 'Example', link: `https://example.com/tv/${String(BREAKING_BAD)}/1/2` };
    const res = await createRoom(bob, {
      type: 'tv',
      id: BREAKING_BAD,
      season: 1,
      episode: 2,
      source,
    });
    expect(res.statusCode, res.body).toBe(200);
    const wrong = await createRoom(bob, {
      type: 'tv',
      id: BREAKING_BAD,
      season: 1,
      episode: 3,
      source,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'This title does not play from that server.' });
    await request(t.app, bob, 'POST', `${API}/together/rooms/close`, {
      roomId: res.json<CreatedRoom>().roomId,
    });
  });

  it('refuses a link the title does not play from, an unknown title, bad bodies, strangers', async () => {
    const other = await createRoom(alice, {
      type: 'movie',
      id: MATRIX,
      source: { name: 'Example', link: 'https://evil.example/movie/603' },
    });
    expect(other.statusCode).toBe(400);
    const unknown = await createRoom(alice, {
      type: 'movie',
      id: 999_999_001,
      source: EXAMPLE(999_999_001),
    });
    expect(unknown.statusCode).toBe(404);
    for (const body of [
      {},
      { type: 'movie', id: MATRIX },
      { type: 'tv', id: 1396, source: EXAMPLE(1) },
    ]) {
      const res = await createRoom(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: string }>().error).toBeTruthy();
    }
    const signedOut = await createRoom(null as unknown as TestUser, {
      type: 'movie',
      id: MATRIX,
      source: EXAMPLE(MATRIX),
    });
    expect(signedOut.statusCode).toBe(401);
    const foreign = await request(
      t.app,
      alice,
      'POST',
      `${API}/together/rooms/create`,
      { type: 'movie', id: MATRIX, source: EXAMPLE(MATRIX) },
      { headers: { origin: 'http://evil.example' } },
    );
    expect(foreign.statusCode).toBe(403);
    const missing = await request(t.app, alice, 'GET', `${API}/together/rooms/${'x'.repeat(22)}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'This room has ended.' });
  });

  it("starts the room paused at the maker's position, for every member; refuses a bad one", async () => {
    const maker = await createUser(t.app, { name: 'Dana' });
    const res = await createRoom(maker, {
      type: 'movie',
      id: MATRIX,
      position: 40.25,
      source: EXAMPLE(MATRIX),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { roomId } = res.json<CreatedRoom>();
    const host = member(roomId, maker);
    const first = await host.join();
    expect(first.playback).toMatchObject({ playing: false, position: 40.25, speed: 1 });
    host.ready();
    const late = member(roomId, alice);
    expect((await late.join()).playback).toMatchObject({ playing: false, position: 40.25 });
    late.ready();
    // Played from there, the room moves on from 40.25 s.
    await host.stateWhere((s) => s.members.length === 2 && s.members.every((m) => !m.buffering));
    host.send({ type: 'play' });
    const play = await late.nextCommand('play');
    expect(play.playback).toMatchObject({ playing: true, position: 40.25 });
    await request(t.app, maker, 'POST', `${API}/together/rooms/close`, { roomId });

    for (const position of [-1, 7 * 24 * 3600 + 1, '40', null, true]) {
      const bad = await createRoom(maker, {
        type: 'movie',
        id: MATRIX,
        position,
        source: EXAMPLE(MATRIX),
      });
      expect(bad.statusCode, JSON.stringify(position)).toBe(400);
      expect(bad.json<{ error: string }>().error).toMatch(/position/);
    }
    // Without a position it starts at 0, as before.
    const plain = await createRoom(maker, { type: 'movie', id: MATRIX, source: EXAMPLE(MATRIX) });
    const atZero = member(plain.json<CreatedRoom>().roomId, maker);
    expect((await atZero.join()).playback.position).toBe(0);
    await request(t.app, maker, 'POST', `${API}/together/rooms/close`, {
      roomId: plain.json<CreatedRoom>().roomId,
    });
  });
});

describe('joining and playing in step (TOGETHER-2, TOGETHER-3)', () => {
  it("lists the members by their profile's name and avatar, the first as host", async () => {
    const roomId = await movieRoom();
    const a = member(roomId, alice);
    const first = await a.join();
    expect(first.roomId).toBe(roomId);
    expect(first.members).toEqual([
      {
        id: first.you,
        name: 'Alice',
        avatar: 'avatar-1',
        host: true,
        buffering: true,
        connected: true,
      },
    ]);
    expect(first.host).toBe(first.you);
    expect(first.playback).toMatchObject({ playing: false, position: 0, speed: 1 });
    a.ready();
    expect((await a.nextState()).members[0]?.buffering).toBe(false);
    const b = member(roomId, bob);
    const joined = await b.join();
    expect(joined.members.map((m) => [m.name, m.host, m.buffering])).toEqual([
      ['Alice', true, false],
      ['Bob', false, true],
    ]);
    expect((await a.nextState()).members).toHaveLength(2);
  });

  it('fans play, pause, seek and speed out to every member with a time to act at, before it', async () => {
    const { members } = await roomWith([alice, bob, carol]);
    const [a, b, c] = members as [Member, Member, Member];
    const check = async (
      action: 'play' | 'pause' | 'seek' | 'speed',
      from: Member,
      message: object,
    ) => {
      const sentAt = serverNow();
      from.send(message);
      const commands = await Promise.all(members.map((m) => m.nextCommand(action)));
      for (const command of commands) {
        expect(command.by).toBe(from.lastState()?.you);
        // Acts within 0.5 s of the press, and reaches everyone before its time.
        expect(command.playback.at - sentAt).toBeGreaterThanOrEqual(DEFAULT_COMMAND_LEAD_MS - 5);
        expect(command.playback.at - sentAt).toBeLessThanOrEqual(MAX_LEAD_MS + 50);
        expect(command.receivedAt).toBeLessThan(command.playback.at);
      }
      expect(new Set(commands.map((x) => JSON.stringify(x.playback))).size).toBe(1);
      return commands[0] as (typeof commands)[number];
    };
    const play = await check('play', a, { type: 'play' });
    expect(play.playback).toMatchObject({ playing: true, position: 0, speed: 1 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const pause = await check('pause', b, { type: 'pause' });
    expect(pause.playback.playing).toBe(false);
    // Paused where the room was at the pause's time.
    expect(pause.playback.position).toBeCloseTo(positionAt(play.playback, pause.playback.at), 6);
    expect(pause.playback.position).toBeGreaterThan(0.6);
    const speed = await check('speed', c, { type: 'speed', speed: 1.5 });
    expect(speed.playback).toMatchObject({ speed: 1.5, playing: false });
    const seek = await check('seek', c, { type: 'seek', position: 1234.5 });
    expect(seek.playback).toMatchObject({ position: 1234.5, playing: false });
    // A seek makes everyone load the new position: the state (sent with it) shows them buffering.
    for (const m of members) {
      expect(m.lastState()?.members.every((x) => x.buffering)).toBe(true);
      m.ready();
    }
    await a.stateWhere((s) => s.members.every((x) => !x.buffering));
    const resumed = await check('play', a, { type: 'play' });
    expect(resumed.playback).toMatchObject({ playing: true, position: 1234.5, speed: 1.5 });
  });

  it('answers pings with the server clock', async () => {
    const roomId = await movieRoom();
    const a = member(roomId, alice);
    await a.join();
    const before = Date.now();
    const pong = await a.ping(7);
    expect(pong.id).toBe(7);
    expect(pong.t1).toBeGreaterThanOrEqual(before - 5);
    expect(pong.t2).toBeGreaterThanOrEqual(pong.t1);
    expect(pong.t2).toBeLessThanOrEqual(Date.now() + 5);
  });

  it("starts a late joiner at the room's position, holding the room until it has loaded", async () => {
    const { roomId, members } = await roomWith([alice, bob]);
    const [a, b] = members as [Member, Member];
    a.send({ type: 'play' });
    const play = await a.nextCommand('play');
    await b.nextCommand('play');
    await new Promise((resolve) => setTimeout(resolve, 900));
    const c = member(roomId, carol);
    const joinedAt = serverNow();
    const state = await c.join();
    // Held where the room is at the hold's time: about 0.9 s in (plus the lead).
    expect(state.playback.playing).toBe(false);
    expect(state.waiting).toBe(true);
    expect(state.playback.position).toBeCloseTo(positionAt(play.playback, state.playback.at), 6);
    expect(state.playback.position).toBeGreaterThan(positionAt(play.playback, joinedAt) - 0.05);
    expect(state.playback.position).toBeLessThan(positionAt(play.playback, joinedAt) + 0.6);
    for (const m of [a, b]) expect((await m.nextCommand('hold')).playback).toEqual(state.playback);
    c.ready();
    const resumes = await Promise.all([a, b, c].map((m) => m.nextCommand('resume')));
    for (const resume of resumes) {
      expect(resume.playback).toMatchObject({ playing: true, position: state.playback.position });
      expect(resume.receivedAt).toBeLessThan(resume.playback.at);
    }
  });

  it('holds the room while a member buffers, and plays on when it is ready; a press of play waits', async () => {
    const { members } = await roomWith([alice, bob]);
    const [a, b] = members as [Member, Member];
    a.send({ type: 'play' });
    await b.nextCommand('play');
    b.send({ type: 'buffering' });
    const hold = await a.nextCommand('hold');
    expect(hold).toMatchObject({ by: null, waiting: true, playback: { playing: false } });
    const bobId = b.lastState()?.you;
    expect(a.lastState()?.members.find((m) => m.id === bobId)?.buffering).toBe(true);
    // Pressing play changes nothing while Bob loads.
    a.send({ type: 'pause' });
    await b.nextCommand('pause');
    a.send({ type: 'play' });
    const waiting = await b.nextCommand('play');
    expect(waiting).toMatchObject({ waiting: true, playback: { playing: false } });
    b.ready();
    const resume = await a.nextCommand('resume');
    expect(resume).toMatchObject({ waiting: false, playback: { playing: true } });
  });

  it('lets only the host control playback when the host says so', async () => {
    const { members } = await roomWith([alice, bob]);
    const [a, b] = members as [Member, Member];
    b.send({ type: 'settings', hostOnly: true });
    const refused = await b.nextError();
    expect(refused).toMatchObject({
      code: 'not-host',
      message: "Only the host changes the room's settings.",
    });
    a.send({ type: 'settings', hostOnly: true });
    await b.stateWhere((s) => s.settings.hostOnly);
    b.send({ type: 'play' });
    const error = await b.nextError();
    expect(error).toMatchObject({
      code: 'host-only',
      message: 'Only the host controls playback in this room.',
    });
    // Bob still holds the room while he buffers.
    a.send({ type: 'play' });
    await b.nextCommand('play');
    b.send({ type: 'buffering' });
    await a.nextCommand('hold');
    b.ready();
    await a.nextCommand('resume');
    // The host hands the role on.
    const bobId = b.lastState()?.you ?? '';
    a.send({ type: 'settings', host: bobId });
    await a.stateWhere((s) => s.host === bobId);
    b.send({ type: 'pause' });
    await a.nextCommand('pause');
  });
});

describe('members coming and going (TOGETHER-5)', () => {
  it('passes the host role on when the host leaves', async () => {
    const { members } = await roomWith([alice, bob, carol]);
    const [a, b, c] = members as [Member, Member, Member];
    const bobId = b.lastState()?.you;
    a.send({ type: 'leave' });
    expect(await a.ended).toMatchObject(SOCKET_CLOSE.left);
    const state = await c.stateWhere((s) => s.members.length === 2);
    expect(state.host).toBe(bobId);
    expect(state.members.map((m) => m.name)).toEqual(['Bob', 'Carol']);
  });

  it('keeps a dropped member for its grace period, then lets it go and passes the host on', async () => {
    const { members } = await roomWith([alice, bob]);
    const [a, b] = members as [Member, Member];
    const aliceId = a.lastState()?.you;
    await a.drop();
    const away = await b.stateWhere((s) => s.members.some((m) => m.id === aliceId && !m.connected));
    expect(away.host).toBe(aliceId);
    const gone = await b.stateWhere((s) => s.members.length === 1, GRACE_MS * 4);
    expect(gone.host).toBe(gone.you);
    expect(gone.receivedAt - away.receivedAt).toBeGreaterThanOrEqual(GRACE_MS - 100);
  });

  it('ends a socket that answers no ping frame (a silent drop), which starts its grace period', async () => {
    const roomId = await movieRoom();
    const b = member(roomId, bob);
    await b.join();
    const silent = member(roomId, carol, { autoPong: false });
    const silentId = (await silent.join()).you;
    // Within two heartbeats (a third of the grace period each) the server ends it.
    const ending = await silent.ended;
    expect(ending.code).toBe(1006);
    const away = await b.stateWhere((s) =>
      s.members.some((m) => m.id === silentId && !m.connected),
    );
    const gone = await b.stateWhere((s) => s.members.length === 1, GRACE_MS * 4);
    expect(gone.receivedAt - away.receivedAt).toBeGreaterThanOrEqual(GRACE_MS - 100);
  });

  it('keeps the member, its host role and the room through a reconnect within the grace period', async () => {
    const { roomId, members } = await roomWith([alice, bob]);
    const [a, b] = members as [Member, Member];
    const aliceId = a.lastState()?.you;
    a.send({ type: 'play' });
    await b.nextCommand('play');
    await a.drop();
    await b.stateWhere((s) => s.members.some((m) => m.id === aliceId && !m.connected));
    // The same tab (its clientId in session storage) comes back 300 ms later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = member(roomId, alice, { clientId: a.clientId });
    const state = await again.join();
    expect(state.you).toBe(aliceId);
    expect(state.host).toBe(aliceId);
    expect(state.members.map((m) => m.id)).toHaveLength(2);
    // It loads the room's position: the room holds, then plays on once it is ready.
    expect(state.waiting).toBe(true);
    again.ready();
    await b.nextCommand('resume');
    // Past the grace period it is still there.
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 300));
    expect((await again.ping()).type).toBe('pong');
    b.send({ type: 'pause' });
    const after = await b.nextCommand('pause');
    expect(after.version).toBeGreaterThan(state.version);
    expect(b.lastState()?.members).toHaveLength(2);
  });

  it('closes the older socket when the same tab opens the room again (4001)', async () => {
    const roomId = await movieRoom();
    const first = member(roomId, alice);
    const firstState = await first.join();
    const second = member(roomId, alice, { clientId: first.clientId });
    const secondState = await second.join();
    expect(secondState.you).toBe(firstState.you);
    expect(await first.ended).toMatchObject(SOCKET_CLOSE.replaced);
    // Another tab of the same session is another member.
    const third = member(roomId, alice);
    expect((await third.join()).members).toHaveLength(2);
  });
});

describe('limits and bad messages (TOGETHER-6)', () => {
  it('closes a socket sending a message over 4 KB (1009), and only that one', async () => {
    const { members } = await roomWith([alice, bob]);
    const [a, b] = members as [Member, Member];
    a.send({ type: 'seek', position: 1, pad: 'x'.repeat(5000) });
    expect((await a.ended).code).toBe(1009);
    expect((await b.ping()).type).toBe('pong');
  });

  it('closes a socket sending more than 20 messages a second (4429)', async () => {
    const { members } = await roomWith([alice, bob]);
    const [a, b] = members as [Member, Member];
    for (let i = 0; i < 30; i += 1) a.send({ type: 'ping', id: i, t0: Date.now() });
    const ending = await a.ended;
    expect(ending.code).toBe(SOCKET_CLOSE.tooFast.code);
    expect(ending.reason).toBe('Too many messages: at most 20 a second.');
    expect((await b.ping()).type).toBe('pong');
  });

  it('closes on a message that is not JSON, of no known shape, binary, or a second join (4400, 1003)', async () => {
    const { members } = await roomWith([alice, bob]);
    const [a, b] = members as [Member, Member];
    a.socket.send('{not json');
    expect(await a.ended).toEqual({ code: 4400, reason: 'Bad message: not JSON.' });
    const roomId = (b.lastState() as { roomId: string }).roomId;
    const cases: [unknown, RegExp][] = [
      [{ type: 'dance' }, /^Bad message: type: /],
      [{ type: 'seek', position: -5 }, /^Bad message: position: /],
      [{ type: 'seek' }, /^Bad message: position: /],
      [['play'], /^Bad message/],
      [42, /^Bad message/],
      [{ type: 'join', clientId: 'x' }, /^Bad message: clientId: /],
    ];
    for (const [message, reason] of cases) {
      // The same tab each time: it takes its member back rather than filling the room.
      const m = member(roomId, carol, { clientId: 'carol-tab-1' });
      await m.join();
      m.send(message);
      const ending = await m.ended;
      expect(ending.code, JSON.stringify(message)).toBe(SOCKET_CLOSE.badMessage.code);
      expect(ending.reason).toMatch(reason);
    }
    // A prototype key is dropped, never followed: the message is read without it.
    const sly = member(roomId, carol, { clientId: 'carol-tab-1' });
    await sly.join();
    sly.socket.send(
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"type":"pause"}',
    );
    expect((await sly.ping()).type).toBe('pong');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const binary = member(roomId, carol, { clientId: 'carol-tab-1' });
    await binary.join();
    binary.socket.send(Buffer.from([1, 2, 3]));
    expect(await binary.ended).toMatchObject(SOCKET_CLOSE.binary);
    const twice = member(roomId, carol, { clientId: 'carol-tab-1' });
    await twice.join();
    twice.send({ type: 'join', clientId: twice.clientId });
    expect(await twice.ended).toEqual({ code: 4400, reason: 'Bad message: join was sent twice.' });
    // Bob, and the server, go on.
    expect((await b.ping()).type).toBe('pong');
    expect((await request(t.app, null, 'GET', `${API}/health`)).statusCode).toBe(200);
  });

  it('answers a control sent before join with an error, keeping the socket', async () => {
    const roomId = await movieRoom();
    const m = member(roomId, bob);
    await m.opened;
    m.send({ type: 'play' });
    const error = await m.nextError();
    expect(error).toMatchObject({ code: 'not-joined' });
    expect((await m.join()).members).toHaveLength(1);
  });

  it(`refuses a member past ${String(MAX_MEMBERS)} (4409)`, async () => {
    const roomId = await movieRoom();
    for (let i = 0; i < MAX_MEMBERS; i += 1) await member(roomId, carol).join();
    const extra = member(roomId, bob);
    await extra.opened;
    extra.send({ type: 'join', clientId: extra.clientId });
    expect(await extra.ended).toEqual({
      code: SOCKET_CLOSE.full.code,
      reason: `This room is full (${String(MAX_MEMBERS)} members).`,
    });
  });

  it('refuses a 4th open room of an account (409), and takes one again once a room ended', async () => {
    const dave = await createUser(t.app, { name: 'Dave' });
    const rooms: string[] = [];
    for (let i = 0; i < 3; i += 1) rooms.push(await movieRoom(dave));
    const fourth = await createRoom(dave, { type: 'movie', id: MATRIX, source: EXAMPLE(MATRIX) });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ error: tooManyRoomsMessage(3) });
    const closed = await request(t.app, dave, 'POST', `${API}/together/rooms/close`, {
      roomId: rooms[0],
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(
      (await createRoom(dave, { type: 'movie', id: MATRIX, source: EXAMPLE(MATRIX) })).statusCode,
    ).toBe(200);
  });
});

describe('who may open a room (TOGETHER-5, TOGETHER-7)', () => {
  it('refuses before the upgrade: a foreign Origin or none (403), an unknown host (403), signed out (401), a bad room id (400)', async () => {
    const roomId = await movieRoom();
    const cases: [Member, number][] = [
      [member(roomId, alice, { origin: 'http://evil.example' }), 403],
      [member(roomId, alice, { origin: null }), 403],
      [member(roomId, alice, { origin: 'null' }), 403],
      [
        member(roomId, alice, { headers: { host: 'evil.example' }, origin: 'http://evil.example' }),
        403,
      ],
      [member(roomId, alice, { headers: { host: 'evil.example' } }), 403],
      [member(roomId, null), 401],
      [member('not-a-room', alice), 400],
    ];
    for (const [m, status] of cases) {
      const ending = await m.ended;
      expect(ending.status).toBe(status);
    }
    // The address without an upgrade.
    const plain = await request(
      t.app,
      alice,
      'GET',
      `${API}/together/ws?room=${roomId}`,
      undefined,
      {
        headers: { origin: base },
      },
    );
    expect(plain.statusCode).toBe(426);
    expect(plain.json()).toEqual({ error: 'This address takes WebSocket connections only.' });
  });

  it("refuses a kids' profile an R-rated room (403, 4403) and lets it into a G-rated one", async () => {
    const parent = await createUser(t.app, { name: 'Parent' });
    const created = await request(t.app, parent, 'POST', `${API}/profiles/create`, {
      name: 'Kid',
      avatar: 'avatar-3',
      kind: 'kids',
      maxRatingAge: 10,
    });
    expect(created.statusCode, created.body).toBe(200);
    const kidId = created.json<{ id: string }>().id;
    const switched = await request(t.app, parent, 'POST', `${API}/profiles/switch`, { id: kidId });
    expect(switched.statusCode, switched.body).toBe(200);
    const kid = parent;
    const rRoom = await movieRoom(undefined, MATRIX);
    expect(
      (await createRoom(kid, { type: 'movie', id: MATRIX, source: EXAMPLE(MATRIX) })).statusCode,
    ).toBe(403);
    const summary = await request(t.app, kid, 'GET', `${API}/together/rooms/${rRoom}`);
    expect(summary.statusCode).toBe(403);
    expect(summary.json()).toEqual({ error: 'Not available on this profile' });
    const refused = member(rRoom, kid);
    await refused.opened;
    refused.send({ type: 'join', clientId: refused.clientId });
    expect(await refused.ended).toEqual(SOCKET_CLOSE.notOnProfile);
    // Big Buck Bunny (G) from its publisher: the kid joins as 'Kid' with its avatar.
    const servers = await request(
      t.app,
      kid,
      'GET',
      `${API}/sources/servers?id=${String(BUNNY)}&type=movie`,
    );
    const source = servers.json<{ server_name: string; server_link: string }[]>()[0];
    expect(source).toBeDefined();
    const res = await createRoom(await createUser(t.app), {
      type: 'movie',
      id: BUNNY,
      source: { name: source?.server_name, link: source?.server_link },
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = await member(res.json<CreatedRoom>().roomId, kid).join();
    expect(state.members).toEqual([
      {
        id: state.you,
        name: 'Kid',
        avatar: 'avatar-3',
        host: true,
        buffering: true,
        connected: true,
      },
    ]);
  });

  it('closes every socket when the one who made the room closes it (4410); no one else may', async () => {
    const roomId = await movieRoom(alice);
    const members = [member(roomId, alice), member(roomId, bob)];
    for (const m of members) await m.join();
    const stranger = await request(t.app, bob, 'POST', `${API}/together/rooms/close`, { roomId });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ error: 'Only the one who made this room can close it.' });
    const res = await request(t.app, alice, 'POST', `${API}/together/rooms/close`, { roomId });
    expect(res.statusCode, res.body).toBe(200);
    for (const m of members) expect(await m.ended).toEqual(SOCKET_CLOSE.closed);
    expect((await request(t.app, alice, 'GET', `${API}/together/rooms/${roomId}`)).statusCode).toBe(
      404,
    );
  });

  it('closes the socket of a session that signs out (4401)', async () => {
    const erin = await createUser(t.app, { name: 'Erin' });
    const roomId = await movieRoom();
    const m = member(roomId, erin);
    await m.join();
    const out = await request(t.app, erin, 'POST', `${API}/identity/sign-out`, {});
    expect(out.statusCode, out.body).toBe(200);
    expect(await m.ended).toEqual(SOCKET_CLOSE.signedOut);
  });
});

describe('rooms end (TOGETHER-6)', () => {
  it(`ends a room ${String(EMPTY_MS / 1000)} s after its last member left`, async () => {
    const roomId = await movieRoom();
    const m = member(roomId, bob);
    await m.join();
    m.send({ type: 'leave' });
    await m.ended;
    await new Promise((resolve) => setTimeout(resolve, EMPTY_MS / 2));
    expect((await request(t.app, bob, 'GET', `${API}/together/rooms/${roomId}`)).statusCode).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, EMPTY_MS / 2 + 300));
    expect((await request(t.app, bob, 'GET', `${API}/together/rooms/${roomId}`)).statusCode).toBe(
      404,
    );
    const late = member(roomId, bob);
    await late.opened;
    late.send({ type: 'join', clientId: late.clientId });
    expect(await late.ended).toEqual(SOCKET_CLOSE.notFound);
  });
});
