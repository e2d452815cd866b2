/**
 * A room's member as the tests drive it (TOGETHER-2..8 in docs/requirements.md): a real
 * WebSocket client (the `ws` package) on a listening server, with the session cookie and an
 * Origin, that keeps every message it receives (with its local receipt time) and waits for the
 * ones a test expects. Refusals before the upgrade are read as their HTTP status.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import {
  serverMessageSchema,
  type CommandMessage,
  type ServerMessage,
  type StateMessage,
} from '@pigostream/contracts';

/** A received message with `Date.now()` at its receipt. */
export type Received = ServerMessage & { receivedAt: number };

/** How a socket ended: its close code and reason, or the HTTP status that refused it. */
export interface Ending {
  code: number;
  reason: string;
  status?: number;
}

/** What a member connects with. */
export interface MemberOptions {
  /** The server's base, `http://127.0.0.1:{port}`. */
  base: string;
  /** The session cookie; none for a signed-out socket. */
  cookie?: string;
  /** The Origin header; none to send none. Defaults to `base`. */
  origin?: string | null;
  /** The tab's id (`join`'s clientId); a new one by default. */
  clientId?: string;
  /** Extra headers (a Host to refuse). */
  headers?: Record<string, string>;
  /** false: the socket answers no ping frame, as a connection lost without a close. */
  autoPong?: boolean;
}

export class Member {
  readonly messages: Received[] = [];
  readonly socket: WebSocket;
  readonly clientId: string;
  /** Resolves when the socket closes (or the upgrade is refused). */
  readonly ended: Promise<Ending>;
  /** Resolves when open, rejects with the ending when refused. */
  readonly opened: Promise<void>;
  private waiters: (() => void)[] = [];
  ending: Ending | undefined;

  constructor(roomId: string, options: MemberOptions) {
    this.clientId = options.clientId ?? `tab-${randomUUID()}`;
    const url = new URL('/pigo-stream/together/ws', options.base.replace(/^http/, 'ws'));
    url.searchParams.set('room', roomId);
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    const origin = options.origin === undefined ? options.base : options.origin;
    if (origin !== null) headers.origin = origin;
    this.socket = new WebSocket(url, { headers, autoPong: options.autoPong ?? true });
    let refusedStatus: number | undefined;
    this.socket.on('unexpected-response', (_req, res) => {
      refusedStatus = res.statusCode;
      this.socket.terminate();
    });
    this.ended = new Promise((resolve) => {
      this.socket.on('close', (code, reason) => {
        this.ending = {
          code,
          reason: reason.toString(),
          ...(refusedStatus ? { status: refusedStatus } : {}),
        };
        resolve(this.ending);
        this.wake();
      });
      this.socket.on('error', () => {
        if (this.socket.readyState === WebSocket.CLOSED && !this.ending) {
          this.ending = {
            code: 1006,
            reason: '',
            ...(refusedStatus ? { status: refusedStatus } : {}),
          };
          resolve(this.ending);
          this.wake();
        }
      });
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => {
        resolve();
      });
      void this.ended.then((ending) => {
        reject(
          Object.assign(new Error(`socket refused or closed: ${JSON.stringify(ending)}`), ending),
        );
      });
    });
    this.opened.catch(() => undefined);
    this.socket.on('message', (data: Buffer) => {
      const receivedAt = Date.now();
      const parsed = serverMessageSchema.parse(JSON.parse(data.toString('utf8')));
      this.messages.push({ ...parsed, receivedAt });
      this.wake();
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** Sends a message (any value, as JSON). */
  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Opens, sends `join` and waits for the first state naming this member. */
  async join(): Promise<StateMessage & { receivedAt: number }> {
    await this.opened;
    this.send({ type: 'join', clientId: this.clientId });
    return this.nextState();
  }

  /**
   * The first message received from `from` (an index into {@link messages}) on that `match`es,
   * waiting up to `timeoutMs`.
   * @throws when none comes in time, or the socket ends first.
   */
  async next<T extends Received>(
    match: (m: Received) => m is T,
    options: { from?: number; timeoutMs?: number } = {},
  ): Promise<T> {
    const deadline = Date.now() + (options.timeoutMs ?? 5000);
    let from = options.from ?? 0;
    for (;;) {
      for (; from < this.messages.length; from += 1) {
        const message = this.messages[from] as Received;
        if (match(message)) {
          this.seen = Math.max(this.seen, from + 1);
          return message;
        }
      }
      if (this.ending) throw new Error(`socket ended ${JSON.stringify(this.ending)} while waiting`);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no matching message; got ${JSON.stringify(this.messages.slice(-5))}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** How many messages earlier waits consumed: later waits start after them by default. */
  seen = 0;

  /** The next `state` after those already waited for. */
  nextState(timeoutMs?: number): Promise<StateMessage & { receivedAt: number }> {
    return this.next((m): m is StateMessage & { receivedAt: number } => m.type === 'state', {
      from: this.seen,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  }

  /** The next `command` (of `action` when given) after those already waited for. */
  nextCommand(action?: CommandMessage['action'], timeoutMs?: number) {
    return this.next(
      (m): m is CommandMessage & { receivedAt: number } =>
        m.type === 'command' && (action === undefined || m.action === action),
      { from: this.seen, ...(timeoutMs ? { timeoutMs } : {}) },
    );
  }

  /** The next `state` that passes `check`. */
  stateWhere(check: (s: StateMessage) => boolean, timeoutMs?: number) {
    return this.next(
      (m): m is StateMessage & { receivedAt: number } => m.type === 'state' && check(m),
      { from: this.seen, ...(timeoutMs ? { timeoutMs } : {}) },
    );
  }

  /** The next `error` after those already waited for. */
  nextError(timeoutMs?: number) {
    return this.next(
      (m): m is Received & { type: 'error'; code: string; message: string } => m.type === 'error',
      { from: this.seen, ...(timeoutMs ? { timeoutMs } : {}) },
    );
  }

  /** The latest `state` received. */
  lastState(): StateMessage | undefined {
    return this.messages.filter((m): m is Received & StateMessage => m.type === 'state').at(-1);
  }

  /** The latest room version seen (state or command). */
  version(): number {
    let version = 0;
    for (const m of this.messages) {
      if (m.type === 'state' || m.type === 'command') version = Math.max(version, m.version);
    }
    return version;
  }

  /** Sends `ready` with the latest version seen. */
  ready(): void {
    this.send({ type: 'ready', version: this.version() });
  }

  /** A ping answered: its pong. */
  async ping(id = Math.floor(Math.random() * 1e6)) {
    this.send({ type: 'ping', id, t0: Date.now() });
    return this.next(
      (m): m is Received & { type: 'pong'; id: number; t0: number; t1: number; t2: number } =>
        m.type === 'pong' && m.id === id,
      { from: 0 },
    );
  }

  /** Closes cleanly and waits. */
  async close(): Promise<Ending> {
    if (!this.ending) this.socket.close();
    return this.ended;
  }

  /** Drops the connection as a lost network would (no close frame). */
  async drop(): Promise<Ending> {
    this.socket.terminate();
    return this.ended;
  }
}
