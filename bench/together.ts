/**
 * `BENCH_ONLY=together npm run bench` (TOGETHER-9 in docs/requirements.md): one server (the real
 * one, a child process on the embedded database, rooms in its memory) holds 200 rooms of 3
 * members each, every member a WebSocket client of this process (`ws`). It measures how long a
 * command takes from its member's send to each member's receipt (fan-out latency), one room at
 * a time and with every room sending at once, p50 and p99 (target p99 under 50 ms), and the
 * server's resident memory before the rooms, with the 600 sockets open, and after they left.
 * Figures go through bench/report.ts's `record`; nothing is asserted.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createVerifiedAccount, type VerifiedAccount } from '../tools/server-process.ts';
import { percentile, record } from './report.ts';
import { listeningPid, startAppServer } from './server.ts';

/** The bench server's port (the bench's range, 3500-3599). */
const PORT = 3545;
const ROOMS = Number(process.env.BENCH_TOGETHER_ROOMS ?? 200);
const MEMBERS = 3;
/** Rounds of every room sending at once. */
const BURST_ROUNDS = 5;
/** An open movie of the starter catalogue: it plays from its publisher with nothing set. */
const BUNNY = 10378;

/** The server's resident memory in MB, from /proc. */
function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** One member's socket: waits for its next command of an action, timed on this clock. */
class BenchMember {
  readonly socket: WebSocket;
  version = 0;
  private waiter: { action: string; resolve: (at: number) => void } | undefined;
  private stateWaiter: ((state: { members: { buffering: boolean }[] }) => boolean) | undefined;
  private stateResolve: (() => void) | undefined;

  /** Resolves once the socket is open (it opens as soon as it is made). */
  private readonly opened: Promise<void>;

  constructor(base: string, roomId: string, cookie: string) {
    const url = `${base.replace(/^http/, 'ws')}/pigo-stream/together/ws?room=${roomId}`;
    this.socket = new WebSocket(url, { headers: { cookie, origin: base } });
    this.opened = new Promise<void>((resolve, reject) => {
      this.socket.once('open', () => {
        resolve();
      });
      this.socket.once('error', reject);
    });
    this.socket.on('message', (data: Buffer) => {
      const receivedAt = performance.now();
      const message = JSON.parse(data.toString('utf8')) as {
        type: string;
        action?: string;
        version?: number;
        members?: { buffering: boolean }[];
      };
      if (message.version !== undefined) this.version = Math.max(this.version, message.version);
      const waiter = this.waiter;
      if (message.type === 'command' && waiter && waiter.action === message.action) {
        this.waiter = undefined;
        waiter.resolve(receivedAt);
      }
      if (
        message.type === 'state' &&
        this.stateWaiter?.(message as { members: { buffering: boolean }[] })
      ) {
        this.stateWaiter = undefined;
        this.stateResolve?.();
      }
    });
  }

  /** Opens and joins; resolves on the first state. */
  async join(): Promise<void> {
    await this.opened;
    await this.state(
      () => true,
      () => {
        this.send({ type: 'join', clientId: `bench-${Math.random().toString(36).slice(2, 12)}` });
      },
    );
  }

  /** Waits for a state passing `check`, after running `then`. */
  state(
    check: (s: { members: { buffering: boolean }[] }) => boolean,
    then: () => void,
  ): Promise<void> {
    const done = new Promise<void>((resolve) => {
      this.stateResolve = resolve;
    });
    this.stateWaiter = check;
    then();
    return done;
  }

  /** The time (performance.now) this member receives the next command of `action`. */
  next(action: string): Promise<number> {
    return new Promise((resolve) => {
      this.waiter = { action, resolve };
    });
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }
}

/** One command from `from` in a room, and each member's latency from its send, in ms. */
async function fanOut(
  room: BenchMember[],
  from: BenchMember,
  action: 'play' | 'pause',
): Promise<number[]> {
  const receipts = room.map((m) => m.next(action));
  const sentAt = performance.now();
  from.send({ type: action });
  return (await Promise.all(receipts)).map((at) => at - sentAt);
}

/** Runs the part: the figures above, on a server of its own (stopped at the end). */
export async function benchTogether(): Promise<void> {
  console.log(
    `Watching together: ${String(ROOMS)} rooms x ${String(MEMBERS)} members on one server`,
  );
  const webDist = mkdtempSync(path.join(tmpdir(), 'pigo-bench-no-web-'));
  const server = await startAppServer(PORT, webDist, undefined, {
    TOGETHER_MAX_ROOMS: String(ROOMS),
  });
  const all: BenchMember[] = [];
  try {
    const pid = listeningPid(PORT);
    const accounts: VerifiedAccount[] = [];
    for (let i = 0; i < MEMBERS; i += 1) accounts.push(await createVerifiedAccount(server));
    const host = accounts[0] as VerifiedAccount;
    const servers = await fetch(
      `${server.baseUrl}/pigo-stream/sources/servers?id=${String(BUNNY)}&type=movie`,
      { headers: { cookie: host.cookie } },
    );
    const [first] = (await servers.json()) as { server_name: string; server_link: string }[];
    if (!first) throw new Error('Big Buck Bunny has no server');
    const source = { name: first.server_name, link: first.server_link };
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = rssMb(pid);

    // The rooms, then their members, 50 sockets at a time, each ready.
    const roomIds: string[] = [];
    for (let r = 0; r < ROOMS; r += 1) {
      const res = await fetch(`${server.baseUrl}/pigo-stream/together/rooms/create`, {
        method: 'POST',
        headers: {
          cookie: host.cookie,
          origin: server.baseUrl,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ type: 'movie', id: BUNNY, source }),
      });
      if (!res.ok) throw new Error(`room ${String(r)}: ${String(res.status)} ${await res.text()}`);
      roomIds.push(((await res.json()) as { roomId: string }).roomId);
    }
    // Each socket is opened just before it joins (a socket must join within 10 s).
    const rooms: BenchMember[][] = [];
    const joinStarted = performance.now();
    const perBatch = Math.floor(50 / MEMBERS);
    for (let i = 0; i < roomIds.length; i += perBatch) {
      const batch = roomIds.slice(i, i + perBatch);
      await Promise.all(
        batch.map(async (roomId) => {
          const room: BenchMember[] = [];
          for (const account of accounts) {
            const m = new BenchMember(server.baseUrl, roomId, account.cookie);
            all.push(m);
            room.push(m);
            await m.join();
          }
          rooms.push(room);
        }),
      );
    }
    await Promise.all(
      rooms.map((room) => {
        const watcher = room[0] as BenchMember;
        return watcher.state(
          (s) => s.members.length === MEMBERS && s.members.every((m) => !m.buffering),
          () => {
            for (const m of room) m.send({ type: 'ready', version: m.version });
          },
        );
      }),
    );
    record({
      name: `together: ${String(ROOMS * MEMBERS)} members joined and ready`,
      value: ((performance.now() - joinStarted) / 1000).toFixed(1),
      unit: 's',
    });

    // One room at a time: a command, and its three receipts.
    const serial: number[] = [];
    for (const [r, room] of rooms.entries()) {
      const from = room[r % MEMBERS] as BenchMember;
      serial.push(...(await fanOut(room, from, 'play')));
      serial.push(...(await fanOut(room, from, 'pause')));
    }
    serial.sort((x, y) => x - y);
    record({
      name: 'together: fan-out, one room at a time, p50',
      value: percentile(serial, 50).toFixed(1),
      unit: 'ms',
    });
    record({
      name: 'together: fan-out, one room at a time, p99',
      value: percentile(serial, 99).toFixed(1),
      unit: 'ms',
      target: '< 50 ms',
    });

    // Every room at once, a few rounds.
    const burst: number[] = [];
    for (let round = 0; round < BURST_ROUNDS; round += 1) {
      const action = round % 2 === 0 ? 'play' : 'pause';
      const results = await Promise.all(
        rooms.map((room, r) => fanOut(room, room[(r + round) % MEMBERS] as BenchMember, action)),
      );
      burst.push(...results.flat());
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    burst.sort((x, y) => x - y);
    record({
      name: `together: fan-out, ${String(ROOMS)} rooms at once, p50`,
      value: percentile(burst, 50).toFixed(1),
      unit: 'ms',
    });
    record({
      name: `together: fan-out, ${String(ROOMS)} rooms at once, p99`,
      value: percentile(burst, 99).toFixed(1),
      unit: 'ms',
      target: '< 50 ms',
    });
    const during = rssMb(pid);

    // Everyone leaves.
    await Promise.all(
      all.map(
        (m) =>
          new Promise<void>((resolve) => {
            m.socket.once('close', () => {
              resolve();
            });
            m.send({ type: 'leave' });
          }),
      ),
    );
    all.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = rssMb(pid);
    record({ name: 'together: server RSS before the rooms', value: before, unit: 'MB' });
    record({
      name: `together: server RSS with ${String(ROOMS * MEMBERS)} members`,
      value: during,
      unit: 'MB',
      target: `bounded: < ${String(before + 100)} MB`,
    });
    record({ name: 'together: server RSS after they left', value: after, unit: 'MB' });
  } finally {
    for (const m of all) m.socket.terminate();
    await server.stop();
    rmSync(webDist, { recursive: true, force: true });
  }
}
