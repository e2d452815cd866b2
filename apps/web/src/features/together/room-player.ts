/**
 * The video element following a room (TOGETHER-3..5, TOGETHER-10 in docs/requirements.md): acts
 * on each `command` at its server time, corrects its drift every second (together-rules.ts'
 * `syncStep`), reports `buffering` when it stalls and `ready` when it can play at the room's
 * position, and turns the user's own play, pause, seek and speed changes into the room's
 * messages — never the changes it makes itself following the room.
 */
import {
  positionAt,
  type ClientMessage,
  type CommandMessage,
  type RoomPlayback,
  type StateMessage,
} from '@pigostream/contracts';
import {
  readyToPlay,
  SEEK_SETTLE_MS,
  SYNC_INTERVAL_MS,
  syncStep,
  userAction,
} from './together-rules.ts';

/** HTMLMediaElement's ready states the player reads (numbers: the rules run outside a browser too). */
const HAVE_METADATA = 1;
const HAVE_FUTURE_DATA = 3;

/** What the player needs of the room's socket (TOGETHER-10). */
export interface RoomLink {
  send: (message: ClientMessage) => void;
  serverNow: () => number;
}

/** The room's playback as the player follows it. */
interface Followed {
  playback: RoomPlayback;
  waiting: boolean;
}

/**
 * Makes `video` follow the room over `link` (TOGETHER-10); {@link RoomPlayer.dispose} lets it go.
 * `onBlocked` says whether the browser refused to start playing without a press (autoplay).
 */
export class RoomPlayer {
  private current: Followed | undefined;
  private next: Followed | undefined;
  private nextTimer: ReturnType<typeof setTimeout> | undefined;
  private seekTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly interval: ReturnType<typeof setInterval>;
  private version = 0;
  /** The room waits for this member's `ready`. */
  private owesReady = false;
  private expectPlay = false;
  private expectPause = false;
  private expectSeeks = 0;
  private ownRate: number | undefined;
  /** Where the user's last seek went, until it is sent. */
  private userSeek: number | undefined;
  private readonly off: () => void;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly link: RoomLink,
    private readonly onBlocked: (blocked: boolean) => void,
  ) {
    const on = (name: string, handler: () => void) => {
      video.addEventListener(name, handler);
      return () => {
        video.removeEventListener(name, handler);
      };
    };
    const offs = [
      on('play', () => {
        this.played();
      }),
      on('pause', () => {
        this.paused();
      }),
      on('seeking', () => {
        this.seeking();
      }),
      on('ratechange', () => {
        this.rateChanged();
      }),
      on('waiting', () => {
        this.stalled();
      }),
      on('canplay', () => {
        this.checkReady();
      }),
      on('seeked', () => {
        this.checkReady();
      }),
      on('loadedmetadata', () => {
        this.sync();
      }),
    ];
    this.off = () => {
      for (const off of offs) off();
    };
    // The room waits for every member to load its position: load ahead, not the first frame only.
    video.preload = 'auto';
    this.interval = setInterval(() => {
      this.sync();
      this.checkReady();
    }, SYNC_INTERVAL_MS);
  }

  /** A `state` of the room: its playback, and whether it waits for this member (TOGETHER-2). */
  state(message: StateMessage): void {
    this.version = Math.max(this.version, message.version);
    const you = message.members.find((m) => m.id === message.you);
    this.owesReady = you?.buffering ?? false;
    this.follow({ playback: message.playback, waiting: message.waiting });
    this.checkReady();
  }

  /** A `command`: the room's new playback, acted on at its server time `at` (TOGETHER-3). */
  command(message: CommandMessage): void {
    this.version = Math.max(this.version, message.version);
    this.follow({ playback: message.playback, waiting: message.waiting });
  }

  /**
   * The room refused the user's last play, pause, seek or speed (TOGETHER-3: only the host
   * controls playback): the video goes back to where the room is at once, not at the next check.
   */
  refused(): void {
    clearTimeout(this.seekTimer);
    this.userSeek = undefined;
    this.sync();
  }

  /** Lets the video go: no more following, no more messages from it (TOGETHER-10). */
  dispose(): void {
    this.off();
    clearInterval(this.interval);
    clearTimeout(this.nextTimer);
    clearTimeout(this.seekTimer);
    if (this.ownRate !== undefined) this.video.playbackRate = this.current?.playback.speed ?? 1;
  }

  /** The room's playback now (the one whose time has come). */
  private room(): Followed | undefined {
    return this.current;
  }

  private follow(followed: Followed): void {
    clearTimeout(this.nextTimer);
    const wait = followed.playback.at - this.link.serverNow();
    if (wait <= 0 || this.current === undefined) {
      this.current = followed;
      this.next = undefined;
      this.sync();
      return;
    }
    this.next = followed;
    this.nextTimer = setTimeout(() => {
      if (this.next) this.current = this.next;
      this.next = undefined;
      this.sync();
    }, wait);
  }

  /** Brings the video to where the room is now (TOGETHER-4). */
  private sync(): void {
    const room = this.room();
    const video = this.video;
    if (!room || video.readyState < HAVE_METADATA) return;
    if (this.userSeek !== undefined || (video.seeking && !video.paused)) return;
    const step = syncStep(room.playback, room.waiting, this.link.serverNow(), video);
    if (step.pause && !video.paused) {
      this.expectPause = true;
      video.pause();
    }
    if (step.seek !== undefined) {
      this.expectSeeks += 1;
      video.currentTime = step.seek;
    }
    if (Math.abs(video.playbackRate - step.rate) > 1e-6) {
      this.ownRate = step.rate;
      video.playbackRate = step.rate;
    }
    if (step.play && video.paused) {
      this.expectPlay = true;
      video.play().then(
        () => {
          this.onBlocked(false);
        },
        (error: unknown) => {
          this.expectPlay = false;
          if ((error as { name?: unknown } | undefined)?.name === 'NotAllowedError') {
            this.onBlocked(true);
          }
        },
      );
    }
  }

  /**
   * Sends `ready` once the video can play where the room is (TOGETHER-5): where it will be when
   * a playback is still to come (a seek's, acted on at its time), not where it was before.
   */
  private checkReady(): void {
    const room = this.next ?? this.room();
    const video = this.video;
    if (!this.owesReady || !room) return;
    const canPlay = video.readyState >= HAVE_FUTURE_DATA && !video.seeking;
    const position = positionAt(room.playback, this.link.serverNow());
    if (!readyToPlay(canPlay, video.currentTime, position)) {
      if (canPlay) this.sync();
      return;
    }
    this.owesReady = false;
    this.link.send({ type: 'ready', version: this.version });
  }

  private roomNow() {
    const room = this.room();
    return {
      playing: room?.playback.playing ?? false,
      waiting: room?.waiting ?? false,
      speed: room?.playback.speed ?? 1,
    };
  }

  private played(): void {
    if (this.expectPlay) {
      this.expectPlay = false;
      return;
    }
    this.onBlocked(false);
    const action = userAction('play', this.roomNow(), this.video);
    if (action) {
      this.link.send(action);
      // The room's command starts it, at the same moment for everyone.
      this.expectPause = true;
      this.video.pause();
    } else {
      this.sync();
    }
  }

  private paused(): void {
    if (this.expectPause || this.video.ended) {
      this.expectPause = false;
      return;
    }
    const action = userAction('pause', this.roomNow(), this.video);
    if (action) this.link.send(action);
  }

  private seeking(): void {
    if (this.expectSeeks > 0) {
      this.expectSeeks -= 1;
      return;
    }
    clearTimeout(this.seekTimer);
    this.userSeek = this.video.currentTime;
    this.seekTimer = setTimeout(() => {
      const action = userAction('seek', this.roomNow(), {
        currentTime: this.userSeek ?? this.video.currentTime,
        playbackRate: 1,
      });
      this.userSeek = undefined;
      if (action) this.link.send(action);
    }, SEEK_SETTLE_MS);
  }

  private rateChanged(): void {
    // A new source resets the rate (the element's load): not the user's change.
    if (this.video.readyState < HAVE_METADATA || !this.room()) return;
    if (this.ownRate !== undefined && Math.abs(this.video.playbackRate - this.ownRate) < 1e-6) {
      return;
    }
    const action = userAction('speed', this.roomNow(), this.video);
    if (action?.type === 'speed') {
      this.ownRate = action.speed;
      this.link.send(action);
    }
  }

  private stalled(): void {
    const room = this.room();
    if (this.video.seeking || !room?.playback.playing || room.waiting || this.owesReady) return;
    this.owesReady = true;
    this.link.send({ type: 'buffering' });
  }
}
