/**
 * Playback of the local media library's files in the browser (PLAYBACK-1..6 in
 * docs/requirements.md): what a file holds (its audio and subtitle tracks), how this browser
 * plays it (direct, remux or transcode), and its subtitles as WebVTT.
 *
 * - `GET /sources/media/:mediaId/playback?...` (signed in) -> `playbackSchema`: the page says
 *   what it can decode (`playbackQuerySchema`), the server answers with the way to play the file
 *   and the link to play.
 * - `GET /sources/media/:mediaId/subtitles/:subtitleId` -> `text/vtt; charset=utf-8`.
 * - `GET /sources/media/:mediaId/hls/:plan/:file` -> an HLS playlist or segment of a remux or a
 *   transcode; `plan` is an opaque, signed name the playback answer gave this user.
 */
import { z } from './zod.ts';

/** A comma-separated list of short lower-case names (`h264,vp9`), at most 32 of them. */
const nameList = z.pipe(
  z.optional(z.string().check(z.maxLength(400))),
  z.transform((value) =>
    (value ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => /^[a-z0-9_.-]{1,32}$/.test(name))
      .slice(0, 32),
  ),
);

/** A track number in a query: 0 to 99, as digits. */
const trackNumber = z.pipe(
  z.string().check(z.regex(/^\d{1,2}$/, 'audio_track must be a whole number from 0 to 99')),
  z.transform(Number),
);

/**
 * What the browser can decode, as the page measured it (`MediaSource.isTypeSupported`,
 * `canPlayType`), and the tracks chosen:
 * - `containers`: containers it plays as a file (`mp4`, `webm`, `mkv`, ...);
 * - `video`: video codecs it decodes (ffprobe's names: `h264`, `hevc`, `vp9`, `av1`, ...), with
 *   `h264_10bit` when it decodes 10-bit H.264;
 * - `audio`: audio codecs it decodes (`aac`, `mp3`, `opus`, `vorbis`, `flac`, `ac3`, `eac3`, ...);
 * - `hls`: `native` (the video element plays HLS), `mse` (through hls.js), or `none`;
 * - `audio_track`: the audio track to hear, a `tracks[].index` of `audio_tracks` (default: the
 *   file's default track);
 * - `burn`: the `id` of an image subtitle to burn into a transcode (default: none).
 */
export const playbackQuerySchema = z.object({
  containers: nameList,
  video: nameList,
  audio: nameList,
  hls: z.optional(z.enum(['native', 'mse', 'none'])),
  audio_track: z.optional(trackNumber),
  burn: z.optional(z.string().check(z.regex(/^[a-z][0-9]{1,3}$/, 'burn must be a subtitle id'))),
});
export type PlaybackQuery = z.infer<typeof playbackQuerySchema>;

/** One audio track of a file. */
export const audioTrackSchema = z.object({
  /** The track's number among the file's audio tracks, from 0. */
  index: z.number(),
  /** ISO 639 language code as the file says it (`eng`, `jpn`, `en`), or null when unknown. */
  language: z.nullable(z.string()),
  /** What the picker shows: 'English (5.1)', 'Japanese (Stereo)', 'Track 3'. */
  label: z.string(),
  /** ffprobe's codec name (`aac`, `ac3`, ...). */
  codec: z.string(),
  channels: z.number(),
  default: z.boolean(),
});
export type AudioTrack = z.infer<typeof audioTrackSchema>;

/** One subtitle of a file: a track inside it, or a file beside it. */
export const subtitleTrackSchema = z.object({
  /** `e{n}` for the n-th subtitle track inside the file, `s{n}` for the n-th file beside it. */
  id: z.string(),
  language: z.nullable(z.string()),
  /** What the picker shows: 'English', 'French (Forced)', 'English (SDH)', 'Subtitle 2'. */
  label: z.string(),
  forced: z.boolean(),
  /** Subtitles for the deaf and hard of hearing. */
  sdh: z.boolean(),
  default: z.boolean(),
  /** `text` (SRT, ASS/SSA, WebVTT, ...: served as WebVTT) or `image` (PGS, VobSub: burnt in). */
  kind: z.enum(['text', 'image']),
  /** The WebVTT link of a text subtitle (relative to the site); null for an image subtitle. */
  url: z.nullable(z.string()),
});
export type SubtitleTrack = z.infer<typeof subtitleTrackSchema>;

/**
 * How this browser plays the file:
 * - `direct`: `url` is the file itself (`/pigo-stream/sources/media/{id}`);
 * - `remux`: `url` is an HLS playlist whose streams are copied, not re-encoded (audio may be
 *   re-encoded alone when only it cannot be decoded);
 * - `transcode`: `url` is an HLS playlist of H.264 + AAC;
 * - `unplayable`: `url` is null and `message` says why ('This file needs ffmpeg on the server to
 *   play in this browser.').
 */
export const playbackSchema = z.object({
  mode: z.enum(['direct', 'remux', 'transcode', 'unplayable']),
  url: z.nullable(z.string()),
  /** `url`'s kind: `file` for direct play, `hls` for a playlist. */
  delivery: z.nullable(z.enum(['file', 'hls'])),
  message: z.nullable(z.string()),
  /** Length of the video in seconds, or null when unknown. */
  duration: z.nullable(z.number()),
  audio_tracks: z.array(audioTrackSchema),
  /** The `index` of the audio track `url` plays, or null when the file has none. */
  audio_track: z.nullable(z.number()),
  subtitles: z.array(subtitleTrackSchema),
  /** The `id` of the image subtitle burnt into `url`, or null. */
  burnt: z.nullable(z.string()),
});
export type Playback = z.infer<typeof playbackSchema>;

/** What the page shows when a file needs ffmpeg the server does not have. */
export const NEEDS_FFMPEG_MESSAGE = 'This file needs ffmpeg on the server to play in this browser.';
