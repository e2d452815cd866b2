/**
 * Remux and transcode sessions (PLAYBACK-4 in docs/requirements.md): the MPEG-TS segments of an
 * HLS plan, made on demand by ffmpeg into `DATA_DIR/transcodes/<session>/run<k>/`.
 *
 * - A request for segment N that no running ffmpeg of the session will reach soon starts ffmpeg
 *   at N's start (`-ss` before `-i`, `-copyts`, the segment muxer cutting at the plan's
 *   boundaries, numbering from N) and kills the session's previous ffmpeg; so a seek starts
 *   where it lands. The request waits until the segment is complete (the next one exists or
 *   ffmpeg ended), at most {@link SEGMENT_WAIT_MS}.
 * - Sessions of the same file, streams and codecs for different profiles (a room watching
 *   together) are siblings: a segment one of them has made, or whose ffmpeg will reach it soon, is
 *   served to the others, so a room's members share one ffmpeg.
 * - At most `maxProcesses` ffmpeg run at once: one more session's request is refused with
 *   {@link TranscodeLimitError} (503), unless its profile has another session running, which is
 *   stopped (the profile moved on, to the next episode say), or a sibling's ffmpeg reaches the
 *   segment within {@link SIBLING_WAIT_MS}. A session's ffmpeg is paused while it is more than a
 *   minute ahead of the segments asked for, and killed {@link IDLE_KILL_MS} after its last
 *   request (its own or a sibling's); all are killed by {@link HlsSessions.close} (the app's
 *   onClose): no ffmpeg outlives the server.
 * - The segments under `transcodes` are kept within `cacheBytes`: the oldest idle sessions go
 *   first, then segments already played. The folder is emptied at start.
 * ffmpeg runs niced, with bounded threads and the fixed arguments of hls-ffmpeg.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { cpus, setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { DomainError } from '../../lib/domain-error.ts';
import { segmentingArgs, type SegmentingInput } from './hls-ffmpeg.ts';

/** A session's ffmpeg is killed this long after the session's last request, in ms. */
export const IDLE_KILL_MS = 10_000;
/** Longest a segment request waits for ffmpeg to finish the segment, in ms. */
export const SEGMENT_WAIT_MS = 30_000;
/** How often a running ffmpeg's output folder is looked at, in ms. */
const POLL_MS = 100;
/** A running ffmpeg is awaited (not restarted) for a segment at most this many segments ahead. */
const REACH_SEGMENTS = 3;
/** A running ffmpeg is paused when this many seconds ahead of the segments asked for. */
const AHEAD_PAUSE_S = 60;
/** How long a request refused at TRANSCODE_MAX waits for a sibling's ffmpeg to reach it, in ms. */
const SIBLING_WAIT_MS = 3_000;
/** Most sessions remembered (their folders are removed with them). */
const MAX_SESSIONS = 200;

/** 503: the most ffmpeg processes allowed (TRANSCODE_MAX) are running. */
export class TranscodeLimitError extends DomainError {
  readonly statusCode = 503;
  constructor(max: number) {
    super(
      `The server is already converting ${String(max)} video stream${max === 1 ? '' : 's'} ` +
        '(TRANSCODE_MAX); try again when one stops.',
    );
    this.name = 'TranscodeLimitError';
  }
}

/** 503: ffmpeg did not finish the segment in time, or failed on it. */
export class SegmentUnavailableError extends DomainError {
  readonly statusCode = 503;
  constructor(message: string) {
    super(message);
    this.name = 'SegmentUnavailableError';
  }
}

export interface HlsSessionsOptions {
  /** The ffmpeg program. */
  ffmpeg: string;
  /** DATA_DIR; segments go to `<dataDir>/transcodes` (a temporary folder for `memory://`). */
  dataDir: string;
  /** TRANSCODE_MAX: most ffmpeg processes at once. */
  maxProcesses: number;
  /** TRANSCODE_CACHE_MB in bytes: most bytes of segments kept. */
  cacheBytes: number;
  log: (level: 'info' | 'warn', message: string, details?: Record<string, unknown>) => void;
}

/** What a session plays: the plan, the file and its segment boundaries. */
export interface SessionSource extends SegmentingInput {
  /** The signed plan string (names the session). */
  token: string;
  /**
   * The profile the stream plays for (on the play page or through its addon). At TRANSCODE_MAX,
   * a profile's new session stops that profile's other running ffmpeg instead of being refused.
   */
  profileId: string;
}

interface Run {
  child: ChildProcess;
  /** Its folder. */
  dir: string;
  /** The first segment it makes. */
  first: number;
  /** The highest segment asked of it, by its session or a sibling (its pace follows this one). */
  wanted: number;
  /** The highest segment it has started writing, or first - 1. */
  writing: number;
  exited: boolean;
  /** Exited, and the segments it left have been noted (its last poll is over). */
  ended: boolean;
  exitCode: number | null;
  paused: boolean;
  startedAt: number;
  /** CPU seconds used, as last read from /proc (Linux). */
  cpuSeconds: number;
  timer: NodeJS.Timeout;
}

interface Session {
  id: string;
  dir: string;
  source: SessionSource;
  /** What its segments are made of: sessions with the same content are siblings (see `segment`). */
  content: string;
  /** Complete segments: index -> file path. */
  done: Map<number, string>;
  sizes: Map<number, number>;
  run: Run | undefined;
  runs: number;
  lastRequestAt: number;
  lastRequested: number;
  idle: NodeJS.Timeout | undefined;
}

/**
 * What a session's segments hold: the file and the plan's streams and codecs, not who asked.
 * Two sessions with the same content make identical segments.
 */
function contentOf(source: SessionSource): string {
  const { mediaId, mode, audio, burn, videoCopy, audioCopy } = source.plan;
  return JSON.stringify([source.file, mediaId, mode, audio, burn, videoCopy, audioCopy]);
}

/** The session id of a plan string: a hash, so no request names a folder. */
function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 24);
}

/** CPU seconds a process used (user + system), from /proc; 0 elsewhere. */
async function cpuSecondsOf(pid: number | undefined): Promise<number> {
  if (pid === undefined) return 0;
  try {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The remux and transcode sessions of one server (PLAYBACK-4). */
export class HlsSessions {
  private readonly root: string;
  private readonly temporary: boolean;
  private readonly sessions = new Map<string, Session>();
  private totalBytes = 0;
  private closed = false;
  private ready: Promise<void>;
  private readonly threads: number;

  constructor(private readonly options: HlsSessionsOptions) {
    this.temporary = options.dataDir.startsWith('memory://');
    this.root = this.temporary
      ? mkdtempSync(path.join(tmpdir(), 'pigostream-transcodes-'))
      : path.join(options.dataDir, 'transcodes');
    // Emptied at start: segments of a previous run are never served.
    this.ready = rm(this.root, { recursive: true, force: true }).then(async () => {
      await mkdir(this.root, { recursive: true });
    });
    this.threads = Math.max(1, Math.min(4, Math.floor(cpus().length / options.maxProcesses)));
  }

  /** The folder segments are made in. */
  get folder(): string {
    return this.root;
  }

  /** Process ids of the running ffmpeg processes (for tests and logs). */
  get pids(): number[] {
    return [...this.sessions.values()]
      .map((s) => (s.run && !s.run.exited ? s.run.child.pid : undefined))
      .filter((pid): pid is number => pid !== undefined);
  }

  /** Number of ffmpeg processes running (paused ones included). */
  get running(): number {
    return this.pids.length;
  }

  /** Marks a request of the session (keeps its ffmpeg alive for {@link IDLE_KILL_MS}). */
  touch(source: SessionSource): void {
    this.sessionFor(source).lastRequestAt = Date.now();
    this.armIdle(this.sessionFor(source));
  }

  /**
   * The path of segment `index` of a session, complete, made now if need be (PLAYBACK-4).
   * @throws TranscodeLimitError (503) when a new ffmpeg would pass TRANSCODE_MAX.
   * @throws SegmentUnavailableError (503) when ffmpeg fails or takes more than 30 s.
   * @throws RangeError when `index` is not a segment of the plan (the caller answers 404).
   */
  async segment(source: SessionSource, index: number): Promise<string> {
    if (!Number.isInteger(index) || index < 0 || index >= source.starts.length) {
      throw new RangeError('No such segment');
    }
    await this.ready;
    const session = this.sessionFor(source);
    session.lastRequestAt = Date.now();
    session.lastRequested = index;
    this.armIdle(session);
    const deadline = Date.now() + SEGMENT_WAIT_MS;
    /** The ffmpeg this request waits for, once chosen. */
    let run: Run | undefined;
    /** Until when a refusal at TRANSCODE_MAX waits for a sibling's ffmpeg to reach the segment. */
    let siblingWaitUntil: number | undefined;
    for (;;) {
      const made = session.done.get(index);
      const done = made ?? this.siblingSegment(session, index);
      if (done !== undefined) {
        if (made === undefined) await this.stopUnlessReaching(session, index);
        // The idle time counts from the answer too, so a slow segment is not its ffmpeg's last.
        session.lastRequestAt = Date.now();
        this.armIdle(session);
        const own = session.run;
        if (own && !own.exited && index >= own.first) own.wanted = Math.max(own.wanted, index);
        if (own?.paused) this.resumeIfNeeded(session);
        return done;
      }
      const current = session.run;
      const reaches =
        current !== undefined &&
        !current.exited &&
        current.first <= index &&
        index <= Math.max(current.writing, current.first) + REACH_SEGMENTS;
      if (current?.exited && !current.ended) {
        // It has just exited: its last segments are being noted.
      } else if (!reaches && this.siblingReaching(session, index)) {
        // Another profile's ffmpeg of the same content (a room watching together) makes it.
        await this.stopUnlessReaching(session, index);
      } else if (!reaches) {
        if (run !== undefined && run !== current && current !== undefined && !current.exited) {
          // A later request (a seek) replaced the ffmpeg this one was waiting for.
          throw new SegmentUnavailableError(
            'This segment is no longer being made (a seek moved on)',
          );
        }
        if (current !== undefined && current === run && current.exited) {
          throw new SegmentUnavailableError(
            `ffmpeg stopped before segment ${String(index)} (exit code ${String(current.exitCode)})`,
          );
        }
        try {
          run = await this.start(session, index);
        } catch (err) {
          // At TRANSCODE_MAX while a sibling runs (a room's members seek at once): its ffmpeg may
          // be about to reach the segment.
          if (!(err instanceof TranscodeLimitError) || !this.hasRunningSibling(session)) throw err;
          siblingWaitUntil ??= Date.now() + SIBLING_WAIT_MS;
          if (Date.now() > siblingWaitUntil) throw err;
        }
      } else {
        run = current;
        run.wanted = Math.max(run.wanted, index);
        this.resumeIfNeeded(session);
      }
      if (Date.now() > deadline) {
        throw new SegmentUnavailableError('ffmpeg did not make the segment in time');
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS / 2));
    }
  }

  /** Kills every ffmpeg and removes the segments (the server is stopping). */
  async close(): Promise<void> {
    this.closed = true;
    const exits: Promise<void>[] = [];
    for (const session of this.sessions.values()) {
      if (session.idle) clearTimeout(session.idle);
      if (session.run) exits.push(this.kill(session.run));
    }
    await Promise.all(exits);
    this.sessions.clear();
    await rm(this.root, { recursive: true, force: true }).catch(() => undefined);
  }

  private sessionFor(source: SessionSource): Session {
    const id = sessionId(source.token);
    let session = this.sessions.get(id);
    if (!session) {
      session = {
        id,
        dir: path.join(this.root, id),
        source,
        content: contentOf(source),
        done: new Map(),
        sizes: new Map(),
        run: undefined,
        runs: 0,
        lastRequestAt: Date.now(),
        lastRequested: 0,
        idle: undefined,
      };
      this.sessions.set(id, session);
      this.forgetOldSessions();
    }
    return session;
  }

  /** Segment `index` complete in a sibling session (same content, another profile), if any. */
  private siblingSegment(session: Session, index: number): string | undefined {
    for (const other of this.sessions.values()) {
      if (other === session || other.content !== session.content) continue;
      const file = other.done.get(index);
      if (file !== undefined) return file;
    }
    return undefined;
  }

  /**
   * Whether a sibling's running ffmpeg will make segment `index` soon (as a session's own would); if
   * so it is kept alive, and paced (resumed) for this request too.
   */
  private siblingReaching(session: Session, index: number): boolean {
    for (const other of this.sessions.values()) {
      const run = other.run;
      if (other === session || other.content !== session.content || !run || run.exited) continue;
      if (index < run.first || index > Math.max(run.writing, run.first) + REACH_SEGMENTS) continue;
      other.lastRequestAt = Date.now();
      this.armIdle(other);
      run.wanted = Math.max(run.wanted, index);
      this.resumeIfNeeded(other);
      return true;
    }
    return false;
  }

  /**
   * Stops the session's ffmpeg unless it will make segment `index` soon: the viewer is served
   * from a sibling's, and their own, elsewhere in the file, would only hold a place of TRANSCODE_MAX.
   */
  private async stopUnlessReaching(session: Session, index: number): Promise<void> {
    const run = session.run;
    if (!run || run.exited) return;
    if (run.first <= index && index <= Math.max(run.writing, run.first) + REACH_SEGMENTS) return;
    await this.kill(run);
  }

  /** Whether a sibling session (same content) has an ffmpeg running. */
  private hasRunningSibling(session: Session): boolean {
    for (const other of this.sessions.values()) {
      if (other !== session && other.content === session.content && other.run?.exited === false) {
        return true;
      }
    }
    return false;
  }

  /**
   * Stops the ffmpeg of the viewer's other sessions: of the same file always (a viewer who picks
   * another audio track has left the old plan), of any file when `anyFile` (at TRANSCODE_MAX, a
   * viewer who moves to another file has left the old one). Either would otherwise hold a place
   * of TRANSCODE_MAX until its idle time ran out.
   */
  private async stopOtherPlansOf(session: Session, anyFile: boolean): Promise<void> {
    const { profileId, plan } = session.source;
    const stops: Promise<void>[] = [];
    for (const other of this.sessions.values()) {
      if (other === session || !other.run || other.run.exited) continue;
      if (other.source.profileId !== profileId) continue;
      if (!anyFile && other.source.plan.mediaId !== plan.mediaId) continue;
      this.options.log('info', 'ffmpeg stopped: the viewer moved to another plan', {
        session: other.id,
      });
      stops.push(this.kill(other.run));
    }
    await Promise.all(stops);
  }

  private armIdle(session: Session): void {
    if (session.idle) clearTimeout(session.idle);
    session.idle = setTimeout(() => {
      session.idle = undefined;
      if (session.run && !session.run.exited) {
        this.options.log('info', 'ffmpeg stopped: no segment asked for 10 s', {
          session: session.id,
        });
        void this.kill(session.run);
      }
    }, IDLE_KILL_MS);
    session.idle.unref();
  }

  /** Starts ffmpeg at segment `index`, replacing the session's running one. */
  private async start(session: Session, index: number): Promise<Run> {
    if (this.closed) throw new SegmentUnavailableError('The server is stopping');
    const previous = session.run;
    const replacing = previous !== undefined && !previous.exited;
    if (!replacing) await this.stopOtherPlansOf(session, false);
    if (!replacing && this.running >= this.options.maxProcesses) {
      await this.stopOtherPlansOf(session, true);
    }
    if (!replacing && this.running >= this.options.maxProcesses) {
      throw new TranscodeLimitError(this.options.maxProcesses);
    }
    if (previous) await this.kill(previous);
    session.runs += 1;
    const dir = path.join(session.dir, `run${String(session.runs)}`);
    await mkdir(dir, { recursive: true });
    const args = segmentingArgs(session.source, index, dir, this.threads);
    const child = spawn(this.options.ffmpeg, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      windowsHide: true,
    });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here: it runs at the server's priority.
      }
    }
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 4000) errors += chunk.toString('utf8');
    });
    const run: Run = {
      child,
      dir,
      first: index,
      wanted: index,
      writing: index - 1,
      exited: false,
      ended: false,
      exitCode: null,
      paused: false,
      startedAt: Date.now(),
      cpuSeconds: 0,
      timer: setInterval(() => void this.poll(session, run), POLL_MS),
    };
    run.timer.unref();
    child.on('error', (err) => {
      errors += err.message;
    });
    child.on('exit', (code) => {
      run.exited = true;
      run.exitCode = code;
      clearInterval(run.timer);
      void this.poll(session, run).finally(() => {
        // Until now a request waiting on it may not call it stopped: its last segment may be
        // the one it waits for.
        run.ended = true;
        this.options.log(code === 0 || code === null ? 'info' : 'warn', 'ffmpeg run ended', {
          session: session.id,
          first: run.first,
          last: run.writing,
          code,
          seconds: (Date.now() - run.startedAt) / 1000,
          cpuSeconds: run.cpuSeconds,
          ...(code !== 0 && code !== null ? { errors: errors.slice(-1000) } : {}),
        });
      });
    });
    session.run = run;
    return run;
  }

  /** Notes the segments a run completed; pauses or resumes it. */
  private async poll(session: Session, run: Run): Promise<void> {
    const names = await readdir(run.dir).catch(() => [] as string[]);
    const made = names
      .map((n) => /^seg(\d+)\.ts$/.exec(n)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .filter((n) => n >= run.first)
      .sort((a, b) => a - b);
    const highest = made.at(-1) ?? run.first - 1;
    run.writing = Math.max(run.writing, highest);
    for (const n of made) {
      // A segment is complete once the next one exists, or ffmpeg ended well.
      if (session.done.has(n) && session.done.get(n)?.startsWith(run.dir)) continue;
      if (n < highest || (run.exited && run.exitCode === 0)) {
        const file = path.join(run.dir, `seg${String(n)}.ts`);
        const size = (await stat(file).catch(() => undefined))?.size;
        if (size === undefined) continue;
        const old = session.sizes.get(n) ?? 0;
        session.done.set(n, file);
        session.sizes.set(n, size);
        this.totalBytes += size - old;
      }
    }
    if (!run.exited) run.cpuSeconds = await cpuSecondsOf(run.child.pid);
    this.pauseIfAhead(session, run);
    if (this.totalBytes > this.options.cacheBytes) await this.evict();
  }

  private pauseIfAhead(session: Session, run: Run): void {
    if (run.exited || run.paused) return;
    const ahead =
      (session.source.starts[run.writing] ?? 0) - (session.source.starts[run.wanted] ?? 0);
    if (ahead > AHEAD_PAUSE_S && run.child.kill('SIGSTOP')) run.paused = true;
  }

  private resumeIfNeeded(session: Session): void {
    const run = session.run;
    if (!run?.paused || run.exited) return;
    const ahead =
      (session.source.starts[run.writing] ?? 0) - (session.source.starts[run.wanted] ?? 0);
    if (ahead <= AHEAD_PAUSE_S / 2 && run.child.kill('SIGCONT')) run.paused = false;
  }

  /** Kills a run's ffmpeg (SIGKILL ends a paused one too) and waits for it to end (2 s at most). */
  private async kill(run: Run): Promise<void> {
    if (run.exited) return;
    const ended = new Promise<void>((resolve) => {
      run.child.once('exit', () => {
        resolve();
      });
      setTimeout(resolve, 2000).unref();
    });
    run.child.kill('SIGKILL');
    await ended;
  }

  /** Removes segments until the cache is within TRANSCODE_CACHE_MB. */
  private async evict(): Promise<void> {
    const sessions = [...this.sessions.values()].sort((a, b) => a.lastRequestAt - b.lastRequestAt);
    const now = Date.now();
    for (const session of sessions) {
      if (this.totalBytes <= this.options.cacheBytes) return;
      // Sessions asked for lately (or with a running ffmpeg) are kept, their old segments below.
      if ((session.run && !session.run.exited) || now - session.lastRequestAt < IDLE_KILL_MS) {
        continue;
      }
      await this.drop(session);
    }
    // Still over: segments already played, oldest sessions first.
    for (const session of sessions) {
      for (const [n, file] of [...session.done]) {
        if (this.totalBytes <= this.options.cacheBytes) return;
        if (n >= session.lastRequested - 1) continue;
        session.done.delete(n);
        this.totalBytes -= session.sizes.get(n) ?? 0;
        session.sizes.delete(n);
        await rm(file, { force: true });
      }
    }
  }

  /** Forgets a session and removes its folder (its ffmpeg killed). */
  private async drop(session: Session): Promise<void> {
    if (session.run) await this.kill(session.run);
    if (session.idle) clearTimeout(session.idle);
    for (const size of session.sizes.values()) this.totalBytes -= size;
    this.sessions.delete(session.id);
    await rm(session.dir, { recursive: true, force: true });
  }

  private forgetOldSessions(): void {
    if (this.sessions.size <= MAX_SESSIONS) return;
    const idle = [...this.sessions.values()]
      .filter((s) => !s.run || s.run.exited)
      .sort((a, b) => a.lastRequestAt - b.lastRequestAt);
    for (const session of idle.slice(0, this.sessions.size - MAX_SESSIONS)) void this.drop(session);
  }
}
