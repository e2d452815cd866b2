/**
 * What this browser decodes (PLAYBACK-2 in docs/requirements.md), measured once per page and sent
 * with each playback call (`GET /sources/media/:mediaId/playback?containers=&video=&audio=&hls=`),
 * so the server plays a library file as it is, remuxes it or transcodes it. Codecs go by ffprobe's
 * names (`h264`, `hevc`, `vp9`, `av1`, `vp8`; `aac`, `mp3`, `opus`, `vorbis`, `flac`, `ac3`,
 * `eac3`), with `h264_10bit` for 10-bit H.264.
 */

/** How the browser plays HLS: itself (`native`), through hls.js (`mse`), or not at all. */
export type HlsSupport = 'native' | 'mse' | 'none';

/** What the browser decodes, in the playback call's names. */
export interface PlaybackCapabilities {
  /** Containers a `<video>` plays as a file: `mp4`, `webm`, `mkv`. */
  containers: string[];
  /** Video codecs it decodes. */
  video: string[];
  /** Audio codecs it decodes. */
  audio: string[];
  hls: HlsSupport;
}

/**
 * The browser's two answers the measure reads: `canPlayType` of a `<video>` (`''`, `'maybe'` or
 * `'probably'`) and `MediaSource.isTypeSupported` (undefined when the browser has no Media Source
 * Extensions, as iPhones before iOS 17.1).
 */
export interface MediaProbe {
  canPlayType: (type: string) => string;
  isTypeSupported: ((type: string) => boolean) | undefined;
}

/** Each container by the MIME type `canPlayType` is asked. */
const CONTAINERS: readonly (readonly [string, string])[] = [
  ['mp4', 'video/mp4'],
  ['webm', 'video/webm'],
  ['mkv', 'video/x-matroska'],
];

/** Each video codec by the types asked (one supported is enough). */
const VIDEO_CODECS: readonly (readonly [string, readonly string[]])[] = [
  ['h264', ['video/mp4; codecs="avc1.42E01E"', 'video/mp4; codecs="avc1.640028"']],
  ['h264_10bit', ['video/mp4; codecs="avc1.6E0028"']],
  ['hevc', ['video/mp4; codecs="hvc1.1.6.L93.B0"', 'video/mp4; codecs="hev1.1.6.L93.B0"']],
  ['vp9', ['video/webm; codecs="vp09.00.10.08"', 'video/mp4; codecs="vp09.00.10.08"']],
  ['av1', ['video/mp4; codecs="av01.0.05M.08"', 'video/webm; codecs="av01.0.05M.08"']],
  ['vp8', ['video/webm; codecs="vp8"']],
];

/** Each audio codec by the types asked (one supported is enough). */
const AUDIO_CODECS: readonly (readonly [string, readonly string[]])[] = [
  ['aac', ['audio/mp4; codecs="mp4a.40.2"']],
  ['mp3', ['audio/mp4; codecs="mp4a.69"', 'audio/mp4; codecs="mp4a.6B"', 'audio/mpeg']],
  ['opus', ['audio/webm; codecs="opus"', 'audio/mp4; codecs="opus"']],
  ['vorbis', ['audio/webm; codecs="vorbis"']],
  ['flac', ['audio/mp4; codecs="flac"', 'audio/flac']],
  ['ac3', ['audio/mp4; codecs="ac-3"']],
  ['eac3', ['audio/mp4; codecs="ec-3"']],
];

/** The HLS playlist type `canPlayType` answers for a browser that plays HLS itself. */
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * What `probe` says the browser decodes: a container when `canPlayType` answers anything but
 * `''`; a codec when `isTypeSupported` accepts one of its types (without Media Source
 * Extensions, when `canPlayType` does); `hls` is `native` when `canPlayType` knows HLS
 * playlists, else `mse` when there are Media Source Extensions (hls.js), else `none`.
 */
export function measureCapabilities(probe: MediaProbe): PlaybackCapabilities {
  const canPlay = (type: string) => probe.canPlayType(type) !== '';
  const decodes = probe.isTypeSupported ?? canPlay;
  const codecs = (list: typeof VIDEO_CODECS) =>
    list.filter(([, types]) => types.some((type) => decodes(type))).map(([name]) => name);
  return {
    containers: CONTAINERS.filter(([, type]) => canPlay(type)).map(([name]) => name),
    video: codecs(VIDEO_CODECS),
    audio: codecs(AUDIO_CODECS),
    hls: canPlay(HLS_TYPE) ? 'native' : probe.isTypeSupported ? 'mse' : 'none',
  };
}

/** This browser's probe: a detached `<video>` and `MediaSource` (or `ManagedMediaSource`). */
function browserProbe(): MediaProbe {
  const video = document.createElement('video');
  const source = (globalThis as { MediaSource?: typeof MediaSource }).MediaSource;
  const managed = (globalThis as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource;
  const mse = source ?? managed;
  return {
    canPlayType: (type) => video.canPlayType(type),
    isTypeSupported: mse ? (type) => mse.isTypeSupported(type) : undefined,
  };
}

let measured: PlaybackCapabilities | undefined;

/** What this browser decodes ({@link measureCapabilities}), measured on the first call only. */
export function browserCapabilities(): PlaybackCapabilities {
  measured ??= measureCapabilities(browserProbe());
  return measured;
}

/**
 * The playback call's query of `capabilities`: `containers`, `video` and `audio` as
 * comma-separated names (`h264,vp9`), and `hls`.
 */
export function capabilityQuery(capabilities: PlaybackCapabilities): {
  containers: string;
  video: string;
  audio: string;
  hls: HlsSupport;
} {
  return {
    containers: capabilities.containers.join(','),
    video: capabilities.video.join(','),
    audio: capabilities.audio.join(','),
    hls: capabilities.hls,
  };
}
