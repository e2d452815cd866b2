import { CLIENT_ID_PATTERN, SOCKET_CLOSE, type RoomPlayback } from '@pigostream/contracts';
import { describe, expect, it } from 'vitest';
import { roomIdFrom } from './index.ts';
import {
  addClockSample,
  clientIdFrom,
  KEPT_SAMPLES,
  readyToPlay,
  socketEnd,
  syncStep,
  userAction,
} from './together-rules.ts';

const playing: RoomPlayback = { playing: true, position: 10, at: 1_000_000, speed: 1 };
const paused: RoomPlayback = { ...playing, playing: false };
const video = (currentTime: number, isPaused = false, playbackRate = 1) => ({
  currentTime,
  paused: isPaused,
  playbackRate,
});

describe('clientIdFrom (TOGETHER-2)', () => {
  it('makes an id the server takes from 16 random bytes', () => {
    const id = clientIdFrom(new Uint8Array(16).map((_, i) => i * 17));
    expect(id).toHaveLength(16);
    expect(id).toMatch(CLIENT_ID_PATTERN);
  });
});

describe('roomIdFrom (TOGETHER-10)', () => {
  it('reads a 22-character base64url room id and nothing else', () => {
    expect(roomIdFrom(new URLSearchParams('id=1&type=movie&room=abcdefghijklmnopqrstuv'))).toBe(
      'abcdefghijklmnopqrstuv',
    );
    expect(roomIdFrom(new URLSearchParams('room=short'))).toBeUndefined();
    expect(roomIdFrom(new URLSearchParams('room=abcdefghijklmnopqrstu!'))).toBeUndefined();
    expect(roomIdFrom(new URLSearchParams('id=1'))).toBeUndefined();
  });
});

describe('addClockSample (TOGETHER-4)', () => {
  it('estimates the offset from the samples and keeps the last ones', () => {
    let samples: ReturnType<typeof addClockSample>['samples'] = [];
    let estimate = addClockSample(samples, { t0: 0, t1: 5050, t2: 5050, t3: 100 });
    expect(estimate.offset).toBe(5000);
    expect(estimate.rtt).toBe(100);
    for (let i = 0; i < KEPT_SAMPLES + 5; i += 1) {
      estimate = addClockSample(samples, { t0: i, t1: i + 2010, t2: i + 2010, t3: i + 20 });
      samples = estimate.samples;
    }
    expect(samples).toHaveLength(KEPT_SAMPLES);
    expect(estimate.offset).toBe(2000);
  });
});

describe('syncStep (TOGETHER-3, TOGETHER-4)', () => {
  it('pauses a playing video at the paused room position', () => {
    expect(syncStep(paused, false, 2_000_000, video(12))).toEqual({
      play: false,
      pause: true,
      seek: 10,
      rate: 1,
    });
    expect(syncStep(paused, false, 2_000_000, video(10.02, true))).toEqual({
      play: false,
      pause: false,
      seek: undefined,
      rate: 1,
    });
  });

  it('holds a waiting room paused', () => {
    expect(syncStep(playing, true, 1_002_000, video(10, true)).play).toBe(false);
  });

  it('starts a paused video where the room is, at its speed', () => {
    const step = syncStep({ ...playing, speed: 2 }, false, 1_001_000, video(0, true));
    expect(step).toEqual({ play: true, pause: false, seek: 12, rate: 2 });
  });

  it('does nothing before a command is due', () => {
    expect(syncStep(playing, false, 999_000, video(10, true)).seek).toBeUndefined();
  });

  it('makes up a small drift with the rate and a large one with a seek', () => {
    expect(syncStep(playing, false, 1_001_000, video(11.01))).toMatchObject({ rate: 1 });
    const behind = syncStep(playing, false, 1_001_000, video(10.8));
    expect(behind.seek).toBeUndefined();
    expect(behind.rate).toBeCloseTo(1.1);
    const ahead = syncStep(playing, false, 1_001_000, video(11.1));
    expect(ahead.rate).toBeCloseTo(0.95);
    expect(syncStep(playing, false, 1_001_000, video(15)).seek).toBe(11);
  });
});

describe('readyToPlay (TOGETHER-5)', () => {
  it('is ready only when it can play near the room position', () => {
    expect(readyToPlay(true, 10.3, 10)).toBe(true);
    expect(readyToPlay(true, 11, 10)).toBe(false);
    expect(readyToPlay(false, 10, 10)).toBe(false);
  });
});

describe('userAction (TOGETHER-3)', () => {
  const room = { playing: false, waiting: false, speed: 1 };
  const at = { currentTime: 42.5, playbackRate: 1.5 };
  it('asks the room to play only when it does not', () => {
    expect(userAction('play', room, at)).toEqual({ type: 'play' });
    expect(userAction('play', { ...room, playing: true }, at)).toBeUndefined();
    expect(userAction('play', { ...room, waiting: true }, at)).toBeUndefined();
  });
  it('asks the room to pause only when it plays or holds', () => {
    expect(userAction('pause', room, at)).toBeUndefined();
    expect(userAction('pause', { ...room, playing: true }, at)).toEqual({ type: 'pause' });
    expect(userAction('pause', { ...room, waiting: true }, at)).toEqual({ type: 'pause' });
  });
  it('sends seeks and speed changes, speeds clamped to the room range', () => {
    expect(userAction('seek', room, at)).toEqual({ type: 'seek', position: 42.5 });
    expect(userAction('speed', room, at)).toEqual({ type: 'speed', speed: 1.5 });
    expect(userAction('speed', room, { ...at, playbackRate: 16 })).toEqual({
      type: 'speed',
      speed: 4,
    });
    expect(userAction('speed', { ...room, speed: 1.5 }, at)).toBeUndefined();
  });
});

describe('socketEnd (TOGETHER-5..7)', () => {
  it('reconnects after a drop or a restart', () => {
    expect(socketEnd(1006, '').reconnect).toBe(true);
    expect(socketEnd(1001, 'The server is restarting.').reconnect).toBe(true);
  });
  it('opens the room again after a profile switch', () => {
    expect(socketEnd(SOCKET_CLOSE.profileSwitched.code, '')).toMatchObject({ reopen: true });
  });
  it('shows the reason of a refusal or an end', () => {
    expect(socketEnd(4409, 'This room is full (12 members).')).toEqual({
      reconnect: false,
      reopen: false,
      message: 'This room is full (12 members).',
    });
    expect(socketEnd(4403, '').message).toBe('Not available on this profile');
    expect(socketEnd(4404, '').message).toBe('This room has ended.');
    expect(socketEnd(4999, '').message).toBe('The room closed its connection.');
  });
});
