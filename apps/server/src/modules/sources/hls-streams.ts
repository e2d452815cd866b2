/**
 * The remuxes and transcodes of library files as HLS (PLAYBACK-4 in docs/requirements.md), made
 * once per server and shared by the play page's calls (playback.routes.ts) and the Stremio addon
 * (STREMIO-6): the plans' signer, the ffmpeg sessions that cut segments, and the answer of a
 * playlist or segment request. Each caller checks who asks and which file they may play; a plan
 * names the one it was made for (`uid`: a user's id, or an addon token's `stremio:{token id}`),
 * and a request by anyone else answers 404.
 */
import path from 'node:path';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { mediaPlaylist, PlanSigner, segmentStarts, type HlsPlan } from './hls-plan.ts';
import { HlsSessions, type SessionSource } from './hls-sessions.ts';
import { readKeyframes, type MediaProbe } from './media-probe.ts';
import type { MediaStreams } from './media-streams.ts';
import type { PlaybackDecision } from './playback-decision.ts';
import type { MediaFile } from './sources.library.ts';

/** What {@link HlsStreams} needs besides the media folder. */
export interface HlsStreamsOptions {
  /** The auth secret the plans' key is derived from. */
  secret: string;
  /** DATA_DIR; segments go under `<dataDir>/transcodes`. */
  dataDir: string;
  /** TRANSCODE_MAX: most ffmpeg processes at once. */
  maxProcesses: number;
  /** TRANSCODE_CACHE_MB, in bytes. */
  cacheBytes: number;
  /** Length of an HLS segment, in seconds. */
  segmentSeconds: number;
  log: FastifyBaseLogger;
}

/** A listed media file and its real path, as `MediaStreams.servable` finds it. */
export interface ServableFile {
  file: MediaFile;
  real: string;
}

/** A playlist or segment request: the route's `plan` and `file` segments and who asks. */
export interface HlsRequest {
  mediaId: string;
  plan: string;
  file: string;
  /** The asker's id, which the plan must name. */
  uid: string;
  /** The profile the stream plays for: see `SessionSource.profileId`. */
  profileId: string;
  /**
   * The file of `mediaId`, checked against what the asker may play.
   * @throws what the caller's check throws (403 or 404 errors).
   */
  resolve: (mediaId: string) => Promise<ServableFile | undefined>;
  /** Told of each segment answered: its start and the file's length, in s. */
  onSegment?: (found: ServableFile, start: number, length: number) => void;
}

const UNKNOWN = { error: 'Unknown stream' };

/** The library's HLS streams: plans, ffmpeg sessions and their answers. */
export class HlsStreams {
  private readonly signer: PlanSigner;
  private readonly sessions: HlsSessions | undefined;

  constructor(
    private readonly media: MediaStreams,
    private readonly options: HlsStreamsOptions,
  ) {
    this.signer = new PlanSigner(options.secret);
    const { ffmpeg } = media.tools;
    this.sessions = ffmpeg
      ? new HlsSessions({
          ffmpeg,
          dataDir: options.dataDir,
          maxProcesses: options.maxProcesses,
          cacheBytes: options.cacheBytes,
          log: (level, message, details) => {
            options.log[level](details ?? {}, message);
          },
        })
      : undefined;
  }

  /** Whether ffmpeg runs here, so remuxes and transcodes can be made (PLAYBACK-5). */
  get available(): boolean {
    return this.sessions !== undefined;
  }

  /** Stops every ffmpeg and removes the segments (the server's close). */
  async close(): Promise<void> {
    await this.sessions?.close();
  }

  /**
   * The probe with its keyframes, read once with ffprobe and kept in the media index (copied
   * video is cut only at keyframes).
   * @throws when ffprobe cannot read them.
   */
  async withKeyframes(file: MediaFile, real: string, probe: MediaProbe): Promise<MediaProbe> {
    const { ffprobe } = this.media.tools;
    if (probe.keyframes || !ffprobe || !probe.video) return probe;
    const keyframes = await readKeyframes(ffprobe, real, probe, this.options.segmentSeconds / 2);
    await this.media.library.keepKeyframes(file, probe, keyframes);
    return { ...probe, keyframes };
  }

  /**
   * The link of a remux or transcode of `file` for `uid`, relative to the file's own link:
   * `hls/{plan}/main.m3u8`. A remux whose keyframes cannot be read becomes a transcode.
   * @param decision a `remux` or `transcode` decision (playback-decision.ts), changed in place
   *   when it becomes a transcode.
   * @param audio the audio track's index among the file's, or null for none.
   * @param burn the index among the file's subtitle streams of an image subtitle to burn in.
   */
  async linkFor(
    found: ServableFile,
    probe: MediaProbe,
    decision: PlaybackDecision & { mode: 'remux' | 'transcode' },
    uid: string,
    audio: number | null,
    burn: number | null,
  ): Promise<string> {
    if (decision.videoCopy) {
      try {
        await this.withKeyframes(found.file, found.real, probe);
      } catch (err) {
        this.options.log.warn(
          { err, path: found.real },
          'keyframes could not be read; transcoding instead',
        );
        decision.videoCopy = false;
        decision.mode = 'transcode';
      }
    }
    const plan: HlsPlan = {
      mediaId: found.file.id,
      uid,
      mode: decision.mode,
      audio,
      burn,
      videoCopy: decision.videoCopy,
      audioCopy: decision.audioCopy,
    };
    return `hls/${this.signer.sign(plan)}/main.m3u8`;
  }

  /**
   * Answers `main.m3u8` (`application/vnd.apple.mpegurl`, every segment listed) or `seg{n}.ts`
   * (`video/mp2t`) of a plan (PLAYBACK-4).
   * 404 `{ error: 'Unknown stream' }` for a plan this server did not sign, one naming another
   * asker or file, a file name not the plan's, a file gone, or no ffmpeg; 503 `{ error }` when
   * the keyframes cannot be read, TRANSCODE_MAX ffmpeg are running or ffmpeg failed.
   */
  async answer(reply: FastifyReply, request: HlsRequest): Promise<FastifyReply> {
    const plan = this.signer.verify(request.plan);
    const name = /^(?:main\.m3u8|seg(\d{1,6})\.ts)$/.exec(request.file);
    if (!plan || plan.uid !== request.uid || plan.mediaId !== request.mediaId || !name) {
      return reply.code(404).send(UNKNOWN);
    }
    const found = await request.resolve(plan.mediaId);
    const probe = found && (await this.media.probeOf(found.file));
    if (!found || !probe || !this.sessions) return reply.code(404).send(UNKNOWN);
    const full = plan.videoCopy
      ? await this.withKeyframes(found.file, found.real, probe).catch(() => undefined)
      : probe;
    if (!full) {
      return reply.code(503).send({ error: 'The keyframes of this file could not be read' });
    }
    const { starts, end } = segmentStarts(full, plan.videoCopy, this.options.segmentSeconds);
    const source: SessionSource = {
      token: request.plan,
      plan,
      file: found.real,
      probe: full,
      starts,
      end,
      profileId: request.profileId,
    };
    reply.header('cache-control', 'private, no-cache');
    if (name[1] === undefined) {
      this.sessions.touch(source);
      return reply.type('application/vnd.apple.mpegurl').send(mediaPlaylist(starts, end));
    }
    const index = Number(name[1]);
    const start = starts[index];
    if (start === undefined) return reply.code(404).send(UNKNOWN);
    const segment = await this.sessions.segment(source, index);
    request.onSegment?.(found, start - full.startTime, full.duration ?? end - full.startTime);
    return reply
      .type('video/mp2t')
      .header('cache-control', 'private, max-age=3600')
      .sendFile(path.basename(segment), path.dirname(segment), { cacheControl: false });
  }
}
