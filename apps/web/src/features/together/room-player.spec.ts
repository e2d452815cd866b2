import type { ClientMessage, RoomPlayback, StateMessage } from '@pigostream/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoomPlayer } from './room-player.ts';

/** A video element as far as the player reads and drives it. */
class FakeVideo extends EventTarget {
  readyState = 4;
  seeking = false;
  paused = true;
  ended = false;
  preload = 'metadata';
  private time = 0;
  private rate = 1;
  get currentTime() {
    return this.time;
  }
  set currentTime(value: number) {
    this.time = value;
    this.dispatchEvent(new Event('seeking'));
    this.dispatchEvent(new Event('seeked'));
  }
  /** Plays on to `value` s, as a playing video's time moves (no seek). */
  playTo(value: number) {
    this.time = value;
  }
  get playbackRate() {
    return this.rate;
  }
  set playbackRate(value: number) {
    this.rate = value;
    this.dispatchEvent(new Event('ratechange'));
  }
  play(): Promise<void> {
    this.paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  }
  pause(): void {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
}

const member = { name: 'Sam', avatar: 'avatar-1', host: true, connected: true };

function stateOf(playback: RoomPlayback, buffering: boolean, version = 3): StateMessage {
  return {
    type: 'state',
    version,
    roomId: 'abcdefghijklmnopqrstuv',
    title: { type: 'movie', id: 1, season: null, episode: null },
    source: { name: 'Local library', link: '/pigo-stream/sources/media/x' },
    playback,
    waiting: false,
    members: [{ ...member, id: 'me', buffering }],
    host: 'me',
    settings: { hostOnly: false },
    you: 'me',
    serverTime: Date.now(),
  };
}

describe('RoomPlayer (TOGETHER-3..5, TOGETHER-10)', () => {
  let video: FakeVideo;
  let sent: ClientMessage[];
  let player: RoomPlayer;
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    video = new FakeVideo();
    sent = [];
    player = new RoomPlayer(
      video as unknown as HTMLVideoElement,
      { send: (message) => sent.push(message), serverNow: () => Date.now() },
      () => undefined,
    );
  });
  afterEach(() => {
    player.dispose();
    vi.useRealTimers();
  });

  it('loads the room position on joining and reports ready, sending nothing else', () => {
    player.state(stateOf({ playing: false, position: 12, at: 999_000, speed: 1 }, true));
    expect(video.currentTime).toBe(12);
    expect(video.preload).toBe('auto');
    expect(sent).toEqual([{ type: 'ready', version: 3 }]);
  });

  it('plays at the command time, not before, and sends nothing for it', () => {
    player.state(stateOf({ playing: false, position: 0, at: 999_000, speed: 1 }, false));
    player.command({
      type: 'command',
      version: 4,
      action: 'play',
      by: 'other',
      playback: { playing: true, position: 0, at: 1_000_300, speed: 1 },
      waiting: false,
    });
    vi.advanceTimersByTime(200);
    expect(video.paused).toBe(true);
    vi.advanceTimersByTime(150);
    expect(video.paused).toBe(false);
    expect(sent).toEqual([]);
  });

  it("turns the user's play, pause, seek and speed into the room's messages", () => {
    player.state(stateOf({ playing: false, position: 0, at: 999_000, speed: 1 }, false));
    void video.play();
    expect(sent).toEqual([{ type: 'play' }]);
    expect(video.paused).toBe(true);

    player.command({
      type: 'command',
      version: 4,
      action: 'play',
      by: 'me',
      playback: { playing: true, position: 0, at: 1_000_000, speed: 1 },
      waiting: false,
    });
    expect(video.paused).toBe(false);
    video.pause();
    expect(sent.at(-1)).toEqual({ type: 'pause' });

    video.currentTime = 30;
    vi.advanceTimersByTime(200);
    expect(sent.at(-1)).toEqual({ type: 'seek', position: 30 });

    video.playbackRate = 1.5;
    expect(sent.at(-1)).toEqual({ type: 'speed', speed: 1.5 });
    expect(sent).toHaveLength(4);
  });

  it('reports ready for a seek only once the video is at its position, not before its time', () => {
    player.state(stateOf({ playing: true, position: 0, at: 1_000_000, speed: 1 }, false));
    expect(video.paused).toBe(false);
    // Another member seeks to 30 s, to act on in 300 ms: this member owes its ready for it.
    player.state(stateOf({ playing: false, position: 30, at: 1_000_300, speed: 1 }, true, 5));
    expect(sent).toEqual([]);
    video.readyState = 2;
    vi.advanceTimersByTime(300);
    expect(video.currentTime).toBe(30);
    expect(video.paused).toBe(true);
    // Still loading there: nothing yet; once it can play, ready for that seek.
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([]);
    video.readyState = 4;
    video.dispatchEvent(new Event('canplay'));
    expect(sent).toEqual([{ type: 'ready', version: 5 }]);
  });

  it("goes back to the room at once when the room refuses the user's pause, seek or speed", () => {
    player.state(stateOf({ playing: true, position: 0, at: 1_000_000, speed: 1 }, false));
    expect(video.paused).toBe(false);
    video.pause();
    expect(sent).toEqual([{ type: 'pause' }]);
    player.refused();
    expect(video.paused).toBe(false);

    video.currentTime = 30;
    vi.advanceTimersByTime(200);
    expect(sent.at(-1)).toEqual({ type: 'seek', position: 30 });
    player.refused();
    expect(video.currentTime).toBeCloseTo(0.2, 1);

    video.playbackRate = 2;
    expect(sent.at(-1)).toEqual({ type: 'speed', speed: 2 });
    player.refused();
    expect(video.playbackRate).toBe(1);
    // Going back is the room's doing: nothing more is sent for it.
    expect(sent).toHaveLength(3);
  });

  it('corrects a small drift with the rate, and reports a stall as buffering', () => {
    player.state(stateOf({ playing: true, position: 0, at: 1_000_000, speed: 1 }, false));
    expect(video.paused).toBe(false);
    vi.advanceTimersByTime(1000);
    // The fake's time does not move: 1 s behind, it seeks; a tenth behind, a faster rate.
    expect(video.currentTime).toBeCloseTo(1, 1);
    video.playTo(1.9);
    vi.advanceTimersByTime(1000);
    expect(video.playbackRate).toBeCloseTo(1.05, 2);
    video.dispatchEvent(new Event('waiting'));
    expect(sent).toEqual([{ type: 'buffering' }]);
  });
});
