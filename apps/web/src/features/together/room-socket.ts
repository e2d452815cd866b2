/**
 * The room's WebSocket for one tab (TOGETHER-5, TOGETHER-10 in docs/requirements.md): opened at
 * the page's own origin (so the session cookie and the Origin go with it), `join` with the tab's
 * member id, pings for the clock (contracts' `estimateClock`), and reconnects after a drop with
 * contracts' `reconnectDelayMs`, until the page stops it or the server ends it with a reason.
 */
import {
  FIRST_PING_INTERVAL_MS,
  FIRST_PINGS,
  PING_INTERVAL_MS,
  reconnectDelayMs,
  serverMessageSchema,
  togetherSocketUrl,
  type ClientMessage,
  type ClockSample,
  type ServerMessage,
} from '@pigostream/contracts';
import { addClockSample, CLIENT_ID_KEY, clientIdFrom, socketEnd } from './together-rules.ts';

/** Where the socket is (TOGETHER-5): opening, joined (a `state` came), or waiting to reconnect. */
export type SocketStatus = 'connecting' | 'open' | 'reconnecting';

/** What the socket tells the page (TOGETHER-10). */
export interface RoomSocketEvents {
  message: (message: ServerMessage) => void;
  status: (status: SocketStatus) => void;
  /** The server ended the room for this tab (a refusal, the room closed): the reason to show. */
  end: (message: string) => void;
}

/** Reconnects after which a socket that never joined gives up (the server refuses it). */
const MAX_FAILED_OPENS = 8;

/** The tab's member id (TOGETHER-2), kept in session storage so a reload is the same member. */
export function tabClientId(): string {
  try {
    const kept = sessionStorage.getItem(CLIENT_ID_KEY);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
    const id = clientIdFrom(crypto.getRandomValues(new Uint8Array(16)));
    sessionStorage.setItem(CLIENT_ID_KEY, id);
    return id;
  } catch {
    return clientIdFrom(crypto.getRandomValues(new Uint8Array(16)));
  }
}

/**
 * One tab's connection to room `roomId` (TOGETHER-5): {@link RoomSocket.start} opens it,
 * {@link RoomSocket.send} sends a message when open, {@link RoomSocket.serverNow} is the server's
 * clock as estimated, {@link RoomSocket.stop} closes it (with `leave` when leaving for good).
 */
export class RoomSocket {
  private socket: WebSocket | undefined;
  private samples: ClockSample[] = [];
  private offset = 0;
  private rtt: number | undefined;
  private pingId = 0;
  private pingsSent = 0;
  private pingTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private failedOpens = 0;
  private stopped = false;

  constructor(
    private readonly roomId: string,
    private readonly events: RoomSocketEvents,
    private readonly clientId = tabClientId(),
  ) {}

  /** Opens the socket and joins (TOGETHER-5). */
  start(): void {
    this.stopped = false;
    this.open();
  }

  /** The server's clock now, ms (TOGETHER-4: client time plus the estimated offset). */
  serverNow(): number {
    return Date.now() + this.offset;
  }

  /** Sends `message` if the socket is open; one while it reconnects is dropped (TOGETHER-5). */
  send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Closes the socket for good; `leave` first leaves the room (no grace period, TOGETHER-5). */
  stop(leave = false): void {
    this.stopped = true;
    clearTimeout(this.pingTimer);
    clearTimeout(this.retryTimer);
    if (leave) this.send({ type: 'leave' });
    this.socket?.close(1000);
    this.socket = undefined;
  }

  private open(): void {
    this.events.status(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = new WebSocket(togetherSocketUrl(window.location.origin, this.roomId));
    this.socket = socket;
    let joined = false;
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ type: 'join', clientId: this.clientId }));
      this.pingsSent = 0;
      this.ping();
    });
    socket.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data !== 'string') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      const result = serverMessageSchema.safeParse(parsed);
      if (!result.success) return;
      const message = result.data;
      if (message.type === 'pong') {
        this.takePong(message.t0, message.t1, message.t2);
        return;
      }
      if (message.type === 'state') {
        if (this.samples.length === 0) this.offset = message.serverTime - Date.now();
        if (!joined) {
          joined = true;
          this.attempt = 0;
          this.failedOpens = 0;
          this.events.status('open');
        }
      }
      this.events.message(message);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      clearTimeout(this.pingTimer);
      if (this.stopped) return;
      const end = socketEnd(event.code, event.reason);
      if (!joined) this.failedOpens += 1;
      if (end.reopen) {
        this.attempt = 0;
        this.open();
        return;
      }
      if (!end.reconnect || this.failedOpens >= MAX_FAILED_OPENS) {
        this.stopped = true;
        this.events.end(end.message || 'The room could not be reached.');
        return;
      }
      this.events.status('reconnecting');
      const delay = reconnectDelayMs(this.attempt, Math.random());
      this.attempt += 1;
      this.retryTimer = setTimeout(() => {
        this.open();
      }, delay);
    });
  }

  /** Sends a ping, then the next: {@link FIRST_PINGS} half a second apart, then every 10 s. */
  private ping(): void {
    this.pingId = (this.pingId + 1) % 2 ** 30;
    this.send({
      type: 'ping',
      id: this.pingId,
      t0: Date.now(),
      ...(this.rtt === undefined ? {} : { rtt: Math.min(60_000, this.rtt) }),
    });
    this.pingsSent += 1;
    this.pingTimer = setTimeout(
      () => {
        this.ping();
      },
      this.pingsSent < FIRST_PINGS ? FIRST_PING_INTERVAL_MS : PING_INTERVAL_MS,
    );
  }

  private takePong(t0: number, t1: number, t2: number): void {
    const estimate = addClockSample(this.samples, { t0, t1, t2, t3: Date.now() });
    this.samples = estimate.samples;
    this.offset = estimate.offset;
    this.rtt = estimate.rtt;
  }
}
