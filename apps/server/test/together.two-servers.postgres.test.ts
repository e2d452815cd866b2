/**
 * Watching together across two servers on one PostgreSQL database and one Redis (TOGETHER-8 in
 * docs/requirements.md; DEC-33 in docs/decisions.md): members of one room on different servers
 * see each other in the member list and each other's play, pause, seek and buffering, each
 * command with one server time to act at that reaches both before it; a member whose server
 * goes away reconnects to the other one within its grace period and keeps its member and host
 * role; both servers answer pings on one clock; an account's open rooms are counted across the
 * servers; an empty room ends in Redis for both.
 *
 * The two servers run in this process (two apps on their own ports, the same AUTH_SECRET, so a
 * session works on either), with a redis-server of the test's own. Only the server-postgres
 * project runs this file (vitest.config.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  SOCKET_CLOSE,
  tooManyRoomsMessage,
  type CreatedRoom,
  type RoomSummary,
} from '@pigostream/contracts';
import { openDatabase, type DatabaseHandle } from '@pigostream/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import { freePort } from './helpers/server-process.ts';
import { Member } from './helpers/together-client.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

const AUTH_SECRET = 'together-servers-share-this-secret-0123456789';
const GRACE_MS = 1500;
const EMPTY_MS = 2000;
/** An open movie, playing from its publisher on every server. */
const BUNNY = 10378;

interface Server {
  app: FastifyInstance;
  base: string;
  database: DatabaseHandle;
}

let redis: ChildProcess;
let redisPort: number;
let database: TestDatabase;
let a: Server;
let b: Server;
let alice: TestUser;
let bob: TestUser;
let bunnySource: { name: string; link: string };
const open: Member[] = [];

async function startRedis(): Promise<void> {
  redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = await fetch(`http://127.0.0.1:${String(redisPort)}`).catch(
      (error: unknown) => error,
    );
    const code = (probe as { cause?: { code?: string } } | undefined)?.cause?.code;
    if (code !== 'ECONNREFUSED' && redis.exitCode === null) return;
    if (redis.exitCode !== null) throw new Error(`redis-server exited (${String(redis.exitCode)})`);
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A server on `handle`, listening on a port of its own, sharing Redis. */
async function startServer(handle: DatabaseHandle): Promise<Server> {
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    AUTH_SECRET,
    REDIS_URL: `redis://127.0.0.1:${String(redisPort)}`,
    ALLOWED_ORIGINS: 'http://localhost:3000',
    TOGETHER_GRACE_S: String(GRACE_MS / 1000),
    TOGETHER_EMPTY_ROOM_S: String(EMPTY_MS / 1000),
  });
  const app = await buildApp({ config, database: handle, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${String(port)}`, database: handle };
}

function member(on: Server, roomId: string, user: TestUser, clientId?: string): Member {
  const m = new Member(roomId, {
    base: on.base,
    cookie: user.cookie,
    ...(clientId ? { clientId } : {}),
  });
  open.push(m);
  return m;
}

async function createRoom(on: Server, user: TestUser) {
  return request(on.app, user, 'POST', `${API}/together/rooms/create`, {
    type: 'movie',
    id: BUNNY,
    source: bunnySource,
  });
}

/** A new room made on `on` by a new account of that server. */
async function newRoom(on: Server): Promise<string> {
  const res = await createRoom(on, await createUser(on.app));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreatedRoom>().roomId;
}

beforeAll(async () => {
  redisPort = await freePort();
  await startRedis();
  database = await openTestDatabase({ seeded: true });
  const url = database.url;
  if (!url) throw new Error('this file needs TEST_DB=postgres');
  a = await startServer(database);
  b = await startServer(await openDatabase({ url, poolSize: 4, dataDir: '' }));
  // Alice signs in on A, Bob on B (either session works on both servers).
  alice = await createUser(a.app, { name: 'Alice' });
  bob = await createUser(b.app, { name: 'Bob' });
  const servers = await request(
    b.app,
    bob,
    'GET',
    `${API}/sources/servers?id=${String(BUNNY)}&type=movie`,
  );
  const first = servers.json<{ server_name: string; server_link: string }[]>()[0];
  if (!first) throw new Error('Big Buck Bunny has no server');
  bunnySource = { name: first.server_name, link: first.server_link };
});

afterAll(async () => {
  for (const m of open) m.socket.terminate();
  await a.app.close().catch(() => undefined);
  await b.app.close();
  await b.database.close();
  await database.close();
  redis.kill('SIGKILL');
});

it('keeps members on different servers in step: members, commands, buffering', async () => {
  const roomId = await newRoom(a);
  const onA = member(a, roomId, alice);
  await onA.join();
  onA.ready();
  const onB = member(b, roomId, bob);
  const joined = await onB.join();
  expect(joined.members.map((m) => m.name)).toEqual(['Alice', 'Bob']);
  onB.ready();
  await onA.stateWhere((s) => s.members.length === 2 && s.members.every((m) => !m.buffering));
  const summary = await request(b.app, bob, 'GET', `${API}/together/rooms/${roomId}`);
  expect(summary.json<RoomSummary>().members).toBe(2);

  // Play on A reaches B, pause on B reaches A: the same command, before its time, on both.
  for (const [from, action] of [
    [onA, 'play'],
    [onB, 'pause'],
    [onB, 'play'],
  ] as const) {
    from.send({ type: action });
    const [onAGot, onBGot] = await Promise.all([onA.nextCommand(action), onB.nextCommand(action)]);
    expect(onAGot.playback).toEqual(onBGot.playback);
    expect(onAGot.version).toBe(onBGot.version);
    for (const got of [onAGot, onBGot]) expect(got.receivedAt).toBeLessThan(got.playback.at);
  }
  // Bob buffers on B: the room holds on A, and resumes when he is ready.
  onB.send({ type: 'buffering' });
  expect((await onA.nextCommand('hold')).playback.playing).toBe(false);
  onB.ready();
  expect((await onA.nextCommand('resume')).playback.playing).toBe(true);
  // A seek on A: both load, then both play on.
  onA.send({ type: 'seek', position: 42 });
  await Promise.all([onA.nextCommand('seek'), onB.nextCommand('seek')]);
  onA.ready();
  onB.ready();
  const resumed = await Promise.all([onA.nextCommand('resume'), onB.nextCommand('resume')]);
  expect(resumed[0].playback).toEqual(resumed[1].playback);
  expect(resumed[0].playback.position).toBe(42);
});

it('answers pings on one clock on both servers', async () => {
  const roomId = await newRoom(b);
  const onA = member(a, roomId, alice);
  const onB = member(b, roomId, bob);
  await Promise.all([onA.join(), onB.join()]);
  for (const m of [onA, onB]) {
    const before = Date.now();
    const pong = await m.ping();
    // One machine: the cluster clock (Redis's) is this process's within a few ms.
    expect(pong.t1).toBeGreaterThanOrEqual(before - 20);
    expect(pong.t2).toBeLessThanOrEqual(Date.now() + 20);
  }
});

it("counts an account's open rooms across both servers", async () => {
  const carol = await createUser(a.app, { name: 'Carol' });
  expect((await createRoom(a, carol)).statusCode).toBe(200);
  expect((await createRoom(b, carol)).statusCode).toBe(200);
  expect((await createRoom(a, carol)).statusCode).toBe(200);
  const fourth = await createRoom(b, carol);
  expect(fourth.statusCode).toBe(409);
  expect(fourth.json()).toEqual({ error: tooManyRoomsMessage(3) });
});

it('ends an empty room for both servers', async () => {
  const roomId = await newRoom(a);
  const m = member(b, roomId, bob);
  await m.join();
  m.send({ type: 'leave' });
  expect(await m.ended).toEqual(SOCKET_CLOSE.left);
  await new Promise((resolve) => setTimeout(resolve, EMPTY_MS + 300));
  for (const [on, user] of [
    [a, alice],
    [b, bob],
  ] as const) {
    expect((await request(on.app, user, 'GET', `${API}/together/rooms/${roomId}`)).statusCode).toBe(
      404,
    );
  }
});

it('moves a member whose server stops to the other server within its grace period, host role and all', async () => {
  const roomId = await newRoom(b);
  const onA = member(a, roomId, alice);
  const first = await onA.join();
  onA.ready();
  const onB = member(b, roomId, bob);
  await onB.join();
  onB.ready();
  onA.send({ type: 'play' });
  await onB.nextCommand('play');
  // Server A stops: its sockets close with 1001, which says to reconnect.
  await a.app.close();
  const ending = await onA.ended;
  expect(ending).toEqual(SOCKET_CLOSE.restarting);
  // Alice's tab reconnects, this time to server B.
  const again = member(b, roomId, alice, onA.clientId);
  const state = await again.join();
  expect(state.you).toBe(first.you);
  expect(state.host).toBe(first.you);
  expect(state.members).toHaveLength(2);
  again.ready();
  await onB.nextCommand('resume');
  // Past the grace period and a few heartbeats, both are still there.
  await new Promise((resolve) => setTimeout(resolve, GRACE_MS * 2));
  onB.send({ type: 'pause' });
  const pause = await again.nextCommand('pause');
  expect(pause.by).toBe(onB.lastState()?.you);
  expect(onB.lastState()?.members).toHaveLength(2);
});
