/**
 * How a browser plays a library file (PLAYBACK-2 in docs/requirements.md), a pure function of
 * the file's probe, what the browser says it decodes and the tracks chosen:
 * - direct: the file itself, when the browser plays its container, video and chosen audio track
 *   (which must be the one a browser plays: the file's default, else its first) and nothing is
 *   burnt in;
 * - remux: an HLS stream (MPEG-TS segments) with the video copied and the audio copied when the
 *   browser decodes it, else re-encoded to AAC;
 * - transcode: an HLS stream of H.264 and AAC, only the streams that need it re-encoded (an image
 *   subtitle to burn in always re-encodes the video);
 * - unplayable: without ffmpeg (PLAYBACK-5), or a browser without HLS, anything not direct.
 */
import { NEEDS_FFMPEG_MESSAGE } from '@pigostream/contracts';
import type { MediaProbe, ProbeAudio } from './media-probe.ts';

/** What the browser decodes (`playbackQuerySchema`'s lists, lower case). */
export interface BrowserCapabilities {
  containers: string[];
  video: string[];
  audio: string[];
  hls: 'native' | 'mse' | 'none';
}

/** The way to play, and which streams a remux or transcode copies. */
export interface PlaybackDecision {
  mode: 'direct' | 'remux' | 'transcode' | 'unplayable';
  /** The video is copied into the HLS segments (a remux; its audio may still be re-encoded). */
  videoCopy: boolean;
  /** The chosen audio track is copied into the HLS segments. */
  audioCopy: boolean;
  /** Why the file is unplayable, else null. */
  message: string | null;
}

/** What the page says when the browser plays no HLS and the file needs it. */
export const NEEDS_HLS_MESSAGE =
  'This browser cannot play this file: it needs HLS streaming, which this browser lacks.';

/** Video codecs that MPEG-TS segments carry for every HLS player. */
const TS_VIDEO = new Set(['h264']);
/** Video codecs that MPEG-TS segments carry for hls.js (MSE), not for native HLS players. */
const TS_VIDEO_MSE = new Set(['hevc']);
/** Audio codecs MPEG-TS segments carry. */
const TS_AUDIO = new Set(['aac', 'mp3', 'ac3', 'eac3']);
/** Codecs of a WebM file; a Matroska file with others is `mkv`. */
const WEBM_VIDEO = new Set(['vp8', 'vp9', 'av1']);
const WEBM_AUDIO = new Set(['opus', 'vorbis']);
/** Pixel formats browsers decode H.264 in (4:2:0). */
const H264_PIXEL_FORMATS = /^(yuv420p|yuvj420p|yuv420p10le|yuv420p10be|nv12)$/;

/**
 * The container's short name a browser lists: ffprobe's `mov,mp4,m4a,3gp,3g2,mj2` -> `mp4`;
 * `matroska,webm` -> `webm` only when the video is VP8/VP9/AV1 and every audio track Opus or
 * Vorbis, else `mkv`; `avi`, `mpegts` -> `ts`, `asf` -> `wmv`, `flv`, `mpeg`, `ogg`; else
 * ffprobe's first name.
 */
export function containerName(probe: MediaProbe): string {
  const names = probe.container.split(',');
  if (names.includes('mp4') || names.includes('mov')) return 'mp4';
  if (names.includes('matroska') || names.includes('webm')) {
    const webmVideo = probe.video === null || WEBM_VIDEO.has(probe.video.codec);
    const webmAudio = probe.audio.every((a) => WEBM_AUDIO.has(a.codec));
    return webmVideo && webmAudio ? 'webm' : 'mkv';
  }
  const first = names[0] ?? '';
  const aliases: Record<string, string> = { mpegts: 'ts', asf: 'wmv', mpeg: 'mpeg', ogg: 'ogg' };
  return aliases[first] ?? first;
}

/** Whether the browser decodes the file's video (10-bit H.264 needs `h264_10bit`). */
export function videoDecodable(probe: MediaProbe, caps: BrowserCapabilities): boolean {
  const video = probe.video;
  if (video === null) return true;
  if (!caps.video.includes(video.codec)) return false;
  if (video.codec === 'h264') {
    if (video.pixFmt !== null && !H264_PIXEL_FORMATS.test(video.pixFmt)) return false;
    if (video.bitDepth > 8 && !caps.video.includes('h264_10bit')) return false;
  }
  return true;
}

/** The audio track a browser plays from the file itself: the default one, else the first. */
export function directAudioTrack(probe: MediaProbe): ProbeAudio | undefined {
  return probe.audio.find((a) => a.default) ?? probe.audio[0];
}

/**
 * Chooses direct play, remux, transcode or unplayable (PLAYBACK-2, PLAYBACK-5).
 * @param probe the file's probe.
 * @param caps what the browser decodes.
 * @param audioIndex the chosen audio track's index among the file's audio tracks (must exist),
 *   or undefined for the file's default.
 * @param burn true when an image subtitle is to be burnt in.
 * @param hasFfmpeg whether ffmpeg can run on this server.
 */
export function decidePlayback(
  probe: MediaProbe,
  caps: BrowserCapabilities,
  audioIndex: number | undefined,
  burn: boolean,
  hasFfmpeg: boolean,
): PlaybackDecision {
  const direct = directAudioTrack(probe);
  const audio = audioIndex === undefined ? direct : probe.audio[audioIndex];
  const audioOk = audio === undefined || caps.audio.includes(audio.codec);
  const videoOk = videoDecodable(probe, caps);
  if (
    caps.containers.includes(containerName(probe)) &&
    videoOk &&
    audioOk &&
    audio?.index === direct?.index &&
    !burn
  ) {
    return { mode: 'direct', videoCopy: true, audioCopy: true, message: null };
  }
  if (!hasFfmpeg) {
    return {
      mode: 'unplayable',
      videoCopy: false,
      audioCopy: false,
      message: NEEDS_FFMPEG_MESSAGE,
    };
  }
  if (caps.hls === 'none') {
    return { mode: 'unplayable', videoCopy: false, audioCopy: false, message: NEEDS_HLS_MESSAGE };
  }
  const audioCopy = audio === undefined || (audioOk && TS_AUDIO.has(audio.codec));
  const video = probe.video;
  const tsVideo =
    video === null ||
    TS_VIDEO.has(video.codec) ||
    (caps.hls === 'mse' && TS_VIDEO_MSE.has(video.codec));
  if (videoOk && tsVideo && !burn) {
    return { mode: 'remux', videoCopy: true, audioCopy, message: null };
  }
  return { mode: 'transcode', videoCopy: false, audioCopy, message: null };
}
