/**
 * The rules a client plays in step by (TOGETHER-3, TOGETHER-4 in docs/requirements.md): its
 * clock's offset from samples with lopsided delays, where the room is at a time, the drift
 * decision between a rate and a seek, the commands' lead, reconnecting, and the messages' shapes.
 */
import { describe, expect, it } from 'vitest';
import {
  clientMessageSchema,
  commandLeadMs,
  CORRECTION_WINDOW_S,
  createRoomBodySchema,
  driftCorrection,
  estimateClock,
  inviteUrlOf,
  MAX_LEAD_MS,
  MAX_RATE_CHANGE,
  MAX_ROOM_POSITION_S,
  positionAt,
  reconnectDelayMs,
  sampleOffset,
  SEEK_DRIFT_S,
  serverMessageSchema,
  shouldReconnect,
  togetherSocketUrl,
  type ClockSample,
} from './together.ts';

/**
 * A sample taken by a client whose clock is `offset` ms behind the server's, with `up` ms on
 * the way there, `down` ms back and 1 ms at the server, leaving at client time `start`.
 */
function sample(start: number, offset: number, up: number, down: number): ClockSample {
  const t1 = start + offset + up;
  const t2 = t1 + 1;
  return { t0: start, t1, t2, t3: t2 - offset + down };
}

describe('sampleOffset', () => {
  it('is exact when the trip is symmetric, and leaves the server time out of the round trip', () => {
    expect(sampleOffset(sample(1000, 250, 20, 20))).toEqual({ offset: 250, rtt: 40 });
  });

  it('is off by half the difference of the one-way delays when they differ', () => {
    const { offset, rtt } = sampleOffset(sample(1000, 250, 90, 10));
    expect(rtt).toBe(100);
    expect(offset).toBe(250 + (90 - 10) / 2);
  });
});

describe('estimateClock', () => {
  it('has no estimate without samples', () => {
    expect(estimateClock([])).toBeUndefined();
  });

  it('reads the quick samples and leaves the lopsided slow ones out', () => {
    const truth = -1234.5;
    // Five quick trips (up and down within 2 ms of each other), then congested ones whose
    // delay is all on the way up: their NTP offsets are off by up to 200 ms.
    const quick = [
      sample(0, truth, 10, 11),
      sample(500, truth, 12, 10),
      sample(1000, truth, 9, 10),
      sample(1500, truth, 11, 12),
      sample(2000, truth, 10, 10),
    ];
    const slow = [100, 200, 300, 400, 250, 350].map((up, i) =>
      sample(2500 + i * 500, truth, up, 10),
    );
    const estimate = estimateClock([...slow, ...quick]);
    expect(estimate).toBeDefined();
    expect(Math.abs((estimate?.offset ?? 0) - truth)).toBeLessThanOrEqual(1);
    expect(estimate?.rtt).toBeLessThanOrEqual(25);
    // The mean of every sample would be far off.
    const all = [...slow, ...quick].map(sampleOffset);
    const mean = all.reduce((sum, s) => sum + s.offset, 0) / all.length;
    expect(Math.abs(mean - truth)).toBeGreaterThan(50);
  });

  it('stays within half the best round trip when every trip is lopsided one way', () => {
    const truth = 5000;
    const samples = [30, 35, 40, 45, 50, 60, 80].map((up, i) => sample(i * 100, truth, up, 5));
    const estimate = estimateClock(samples);
    const bestRtt = Math.min(...samples.map((s) => sampleOffset(s).rtt));
    expect(Math.abs((estimate?.offset ?? 0) - truth)).toBeLessThanOrEqual(
      // the median of the best five: its round trip is the third shortest
      bestRtt / 2 + 10,
    );
  });

  it('takes the median, so one wild sample among the quick ones does not move it', () => {
    const truth = 42;
    const samples = [
      sample(0, truth, 5, 5),
      sample(10, truth, 5, 5),
      sample(20, truth, 5, 5),
      sample(30, truth, 5, 5),
      // quick but lopsided (a clock step in the middle of a trip)
      sample(40, truth + 300, 5, 5),
    ];
    expect(estimateClock(samples)?.offset).toBe(truth);
  });
});

describe('positionAt', () => {
  const playing = { playing: true, position: 100, at: 10_000, speed: 1 };

  it('moves on at the speed from `at` while playing', () => {
    expect(positionAt(playing, 12_500)).toBe(102.5);
    expect(positionAt({ ...playing, speed: 2 }, 12_500)).toBe(105);
    expect(positionAt({ ...playing, speed: 0.5 }, 14_000)).toBe(102);
  });

  it('stays at `position` before `at` (a command to come) and while paused', () => {
    expect(positionAt(playing, 9_000)).toBe(100);
    expect(positionAt({ ...playing, playing: false }, 50_000)).toBe(100);
  });
});

describe('driftCorrection', () => {
  const room = { expected: 60, speed: 1, playing: true };

  it('does nothing within 40 ms', () => {
    expect(driftCorrection({ ...room, actual: 60.03 })).toEqual({ kind: 'none', rate: 1 });
    expect(driftCorrection({ ...room, actual: 59.97, speed: 1.5 })).toEqual({
      kind: 'none',
      rate: 1.5,
    });
  });

  it('slows down when ahead and speeds up when behind, by at most 10 %', () => {
    const ahead = driftCorrection({ ...room, actual: 60.1 });
    expect(ahead.kind).toBe('rate');
    expect(ahead.kind === 'rate' && ahead.rate).toBeCloseTo(1 - 0.1 / CORRECTION_WINDOW_S, 10);
    const behind = driftCorrection({ ...room, actual: 59.8 });
    expect(behind.kind === 'rate' && behind.rate).toBeCloseTo(1 + MAX_RATE_CHANGE, 10);
    const fast = driftCorrection({ ...room, speed: 2, actual: 60.3 });
    expect(fast.kind === 'rate' && fast.rate).toBeCloseTo(2 * (1 - MAX_RATE_CHANGE), 10);
  });

  it('seeks when off by more than 0.4 s, either way', () => {
    expect(driftCorrection({ ...room, actual: 60 + SEEK_DRIFT_S + 0.01 })).toEqual({
      kind: 'seek',
      position: 60,
    });
    expect(driftCorrection({ ...room, actual: 58 })).toEqual({ kind: 'seek', position: 60 });
  });

  it('only seeks while paused, and only when far off', () => {
    expect(driftCorrection({ ...room, playing: false, actual: 60.2 })).toEqual({
      kind: 'none',
      rate: 1,
    });
    expect(driftCorrection({ ...room, playing: false, actual: 61 })).toEqual({
      kind: 'seek',
      position: 60,
    });
  });
});

describe('commandLeadMs', () => {
  it('is the least lead for quick members, half the slowest trip plus a margin, at most 450 ms', () => {
    expect(commandLeadMs(300, [])).toBe(300);
    expect(commandLeadMs(300, [20, 80])).toBe(300);
    expect(commandLeadMs(300, [20, 500])).toBe(350);
    expect(commandLeadMs(300, [5000])).toBe(MAX_LEAD_MS);
    expect(commandLeadMs(600, [5000])).toBe(600);
  });
});

describe('reconnecting', () => {
  it('reconnects after drops, restarts and failures, not after refusals or leaving', () => {
    for (const code of [1001, 1005, 1006, 1011, 1012, 1013])
      expect(shouldReconnect(code)).toBe(true);
    for (const code of [
      1000, 1003, 1009, 4001, 4002, 4400, 4401, 4403, 4404, 4408, 4409, 4410, 4429,
    ]) {
      expect(shouldReconnect(code)).toBe(false);
    }
  });

  it('waits 0.5 s doubled each attempt, at most 5 s, with jitter down to half', () => {
    expect(reconnectDelayMs(0, 0.999999)).toBe(500);
    expect(reconnectDelayMs(0, 0)).toBe(250);
    expect(reconnectDelayMs(2, 1)).toBe(2000);
    expect(reconnectDelayMs(10, 1)).toBe(5000);
    expect(reconnectDelayMs(1000, 0.5)).toBe(3750);
    // Every attempt within 30 s of grace: the first six waits add up to well under it.
    const total = [0, 1, 2, 3, 4, 5].reduce((sum, n) => sum + reconnectDelayMs(n, 1), 0);
    expect(total).toBeLessThan(30_000);
  });
});

describe('links', () => {
  it('invites to the play page with the room', () => {
    expect(inviteUrlOf('https://pigo.example.com', { type: 'tv', id: 1396 }, 'a'.repeat(22))).toBe(
      `https://pigo.example.com/play?id=1396&type=tv&room=${'a'.repeat(22)}`,
    );
  });

  it("opens the socket at the page's origin, wss under https", () => {
    const room = 'AbC_-0123456789abcdefg';
    expect(togetherSocketUrl('https://pigo.example.com', room)).toBe(
      `wss://pigo.example.com/pigo-stream/together/ws?room=${room}`,
    );
    expect(togetherSocketUrl('http://nas.local:3000', room)).toBe(
      `ws://nas.local:3000/pigo-stream/together/ws?room=${room}`,
    );
  });
});

describe('message shapes', () => {
  it('reads every client message and refuses wrong ones', () => {
    const good = [
      { type: 'join', clientId: 'tab-12345678' },
      { type: 'ready', version: 3 },
      { type: 'buffering' },
      { type: 'play' },
      { type: 'pause' },
      { type: 'seek', position: 12.5 },
      { type: 'speed', speed: 1.25 },
      { type: 'ping', id: 1, t0: 1_700_000_000_000, rtt: 42 },
      { type: 'settings', hostOnly: true },
      { type: 'leave' },
    ];
    for (const message of good) expect(clientMessageSchema.safeParse(message).success).toBe(true);
    const bad = [
      {},
      { type: 'dance' },
      { type: 'join', clientId: 'short' },
      { type: 'join', clientId: 'has spaces in it' },
      { type: 'seek', position: -1 },
      { type: 'seek', position: Number.NaN },
      { type: 'seek' },
      { type: 'speed', speed: 10 },
      { type: 'ready', version: 1.5 },
      { type: 'ping', id: -1, t0: 0 },
      'play',
      null,
    ];
    for (const message of bad) expect(clientMessageSchema.safeParse(message).success).toBe(false);
  });

  it('reads the server messages', () => {
    const playback = { playing: true, position: 1, at: 2, speed: 1 };
    expect(
      serverMessageSchema.safeParse({
        type: 'command',
        version: 4,
        action: 'hold',
        by: null,
        playback,
        waiting: true,
      }).success,
    ).toBe(true);
    expect(
      serverMessageSchema.safeParse({ type: 'pong', id: 1, t0: 1, t1: 2, t2: 3 }).success,
    ).toBe(true);
  });

  it("has a show's room name its episode and a movie's none", () => {
    const source = { name: 'Local library', link: '/pigo-stream/sources/media/x' };
    expect(createRoomBodySchema.safeParse({ type: 'movie', id: 603, source }).success).toBe(true);
    expect(
      createRoomBodySchema.safeParse({ type: 'tv', id: 1396, season: 1, episode: 2, source })
        .success,
    ).toBe(true);
    expect(createRoomBodySchema.safeParse({ type: 'tv', id: 1396, source }).success).toBe(false);
    expect(
      createRoomBodySchema.safeParse({ type: 'movie', id: 603, season: 1, episode: 1, source })
        .success,
    ).toBe(false);
  });

  it("takes a room's start position in seconds: finite, from 0 to a week", () => {
    const source = { name: 'Local library', link: '/pigo-stream/sources/media/x' };
    const body = (position: unknown) => ({ type: 'movie', id: 603, source, position });
    for (const position of [0, 40, 41.275, MAX_ROOM_POSITION_S]) {
      expect(createRoomBodySchema.safeParse(body(position)).data?.position).toBe(position);
    }
    for (const position of [-1, MAX_ROOM_POSITION_S + 1, Number.NaN, Infinity, '40', null]) {
      const result = createRoomBodySchema.safeParse(body(position));
      expect(result.success, String(position)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['position']);
    }
  });
});
