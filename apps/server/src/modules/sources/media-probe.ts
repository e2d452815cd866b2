/**
 * What a library file holds, read with ffprobe (PLAYBACK-1 in docs/requirements.md): its
 * container, length, video codec, audio tracks and subtitle tracks, and the subtitle files beside
 * it named the Jellyfin way. ffprobe and ffmpeg run with `execFile` (never a shell), with fixed
 * arguments and the resolved absolute path given as `file:<path>`, so no file name can be read
 * as an option or another protocol; each run has a timeout.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Version of {@link MediaProbe}'s shape: a stored probe of another version is probed again. */
export const PROBE_VERSION = 1;
/** Longest an ffprobe of a file's streams may take, in ms. */
const PROBE_TIMEOUT_MS = 30_000;
/** Longest the reading of a file's keyframe times may take, in ms. */
const KEYFRAMES_TIMEOUT_MS = 120_000;
/** Largest ffprobe output read, in bytes. */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

/** The video stream of a file (its first). */
export interface ProbeVideo {
  /** ffprobe's codec name: `h264`, `hevc`, `vp9`, `av1`, `mpeg4`, ... */
  codec: string;
  /** ffprobe's profile name (`High`, `Main 10`), or null. */
  profile: string | null;
  /** Pixel format (`yuv420p`, `yuv420p10le`), or null. */
  pixFmt: string | null;
  /** Bits per colour sample: 8, 10, 12. */
  bitDepth: number;
  width: number;
  height: number;
  /** Frames per second, or null when unknown. */
  fps: number | null;
}

/** One audio stream; `index` is its number among the file's audio streams, from 0. */
export interface ProbeAudio {
  index: number;
  codec: string;
  channels: number;
  /** The language tag as the file says it (`eng`, `jpn`), or null when absent or `und`. */
  language: string | null;
  default: boolean;
  title: string | null;
}

/** One subtitle stream inside the file; `index` is its number among the subtitle streams. */
export interface ProbeSubtitle {
  index: number;
  codec: string;
  /** `text` for SubRip, ASS/SSA, WebVTT, mov_text; `image` for PGS, VobSub, DVB. */
  kind: 'text' | 'image';
  language: string | null;
  default: boolean;
  forced: boolean;
  /** Hearing impaired (SDH). */
  sdh: boolean;
  title: string | null;
}

/** What ffprobe says a file holds (kept in memory and in `media_files.probe`). */
export interface MediaProbe {
  version: number;
  /** ffprobe's format name: `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `avi`, ... */
  container: string;
  /** Length in seconds, or null when unknown. */
  duration: number | null;
  /** Time of the first packet, in seconds (0 for most files). */
  startTime: number;
  video: ProbeVideo | null;
  audio: ProbeAudio[];
  subtitles: ProbeSubtitle[];
  /**
   * Keyframe times of the video in seconds, ascending, once read ({@link readKeyframes}): the
   * points copied video can be cut at. Absent until a remux needs them.
   */
  keyframes?: number[];
}

/** A subtitle file beside a video (`Name.fr.srt`, `Name.en.forced.srt`, `Name.ja.ass`). */
export interface SidecarSubtitle {
  /** File name (in the video's folder). */
  file: string;
  /** `srt`, `ass`, `ssa`, `vtt` or `sub` (MicroDVD). */
  format: SidecarFormat;
  /** The language code of its name (`fr`, `eng`), or null. */
  language: string | null;
  default: boolean;
  forced: boolean;
  sdh: boolean;
}

export type SidecarFormat = 'srt' | 'ass' | 'ssa' | 'vtt' | 'sub';
const SIDECAR_FORMATS: readonly string[] = ['srt', 'ass', 'ssa', 'vtt', 'sub'];

/** Subtitle codecs whose cues are text (served as WebVTT). */
const TEXT_SUBTITLE_CODECS = new Set(['subrip', 'srt', 'ass', 'ssa', 'webvtt', 'mov_text', 'text']);
/** Subtitle codecs drawn as pictures (only burnt in). */
const IMAGE_SUBTITLE_CODECS = new Set([
  'hdmv_pgs_subtitle',
  'dvd_subtitle',
  'dvb_subtitle',
  'xsub',
]);

/** Where ffmpeg and ffprobe are; each null when it cannot run (PLAYBACK-5). */
export interface FfmpegTools {
  ffmpeg: string | null;
  ffprobe: string | null;
}

/** Runs a program with fixed arguments (no shell) and answers its standard output. */
function run(file: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: timeoutMs, maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true },
      (error, stdout, stderr) => {
        if (error) {
          const detail = stderr.trim().split('\n').slice(-3).join(' ');
          reject(new Error(`${path.basename(file)} failed: ${detail || error.message}`));
        } else resolve(stdout);
      },
    );
  });
}

/** `file:` + the absolute path: an input ffmpeg never reads as an option or another protocol. */
export function fileInput(absolutePath: string): string {
  if (!path.isAbsolute(absolutePath)) throw new Error('A media path must be absolute');
  return `file:${absolutePath}`;
}

/** `program` when it runs with `-version` (5 s timeout), else null. */
async function runs(program: string): Promise<string | null> {
  try {
    await run(program, ['-version'], 5000);
    return program;
  } catch {
    return null;
  }
}

/**
 * Finds ffmpeg and ffprobe (PLAYBACK-5): `ffmpegPath` (FFMPEG_PATH) is the ffmpeg program or a
 * folder holding both; ffprobe is `ffprobePath` (FFPROBE_PATH), else the one beside that ffmpeg
 * when there is one, else the one on PATH; ffmpeg without FFMPEG_PATH is the one on PATH. Each
 * is run once with `-version`. Never throws: a program that cannot run is null.
 */
export async function findFfmpeg(
  ffmpegPath: string | undefined,
  ffprobePath: string | undefined,
): Promise<FfmpegTools> {
  let ffmpeg = 'ffmpeg';
  let ffprobe = 'ffprobe';
  if (ffmpegPath) {
    const isDir = existsSync(ffmpegPath) && statSync(ffmpegPath).isDirectory();
    ffmpeg = isDir ? path.join(ffmpegPath, 'ffmpeg') : ffmpegPath;
    const beside = path.join(path.dirname(ffmpeg), 'ffprobe');
    if (existsSync(beside)) ffprobe = beside;
  }
  if (ffprobePath) ffprobe = ffprobePath;
  const [foundFfmpeg, foundFfprobe] = await Promise.all([runs(ffmpeg), runs(ffprobe)]);
  return { ffmpeg: foundFfmpeg, ffprobe: foundFfprobe };
}

interface RawStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  bits_per_raw_sample?: string;
  width?: number;
  height?: number;
  channels?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: Record<string, number>;
  tags?: Record<string, string>;
}

interface RawProbe {
  format?: { format_name?: string; duration?: string; start_time?: string };
  streams?: RawStream[];
}

function finite(value: string | number | undefined): number | null {
  const n = typeof value === 'number' ? value : Number(value);
  return value !== undefined && Number.isFinite(n) ? n : null;
}

function rate(value: string | undefined): number | null {
  const match = /^(\d+)\/(\d+)$/.exec(value ?? '');
  if (!match) return null;
  const [num, den] = [Number(match[1]), Number(match[2])];
  return den > 0 && num > 0 ? num / den : null;
}

function tag(stream: RawStream, name: string): string | null {
  const tags = stream.tags ?? {};
  const key = Object.keys(tags).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : tags[key]?.trim();
  return value ? value : null;
}

function languageTag(stream: RawStream): string | null {
  const language = tag(stream, 'language')?.toLowerCase() ?? null;
  return language === null || language === 'und' || language === 'zxx' ? null : language;
}

/** Bits per sample of a pixel format (`yuv420p10le` -> 10), else `raw` or 8. */
function bitDepthOf(pixFmt: string | undefined, raw: string | undefined): number {
  const match = /p(\d{2})(?:le|be)?$/.exec(pixFmt ?? '');
  if (match?.[1]) return Number(match[1]);
  const bits = Number(raw);
  return Number.isInteger(bits) && bits > 0 ? bits : 8;
}

/**
 * The probe of ffprobe's JSON (`-show_format -show_streams`). Exported for tests.
 * @throws Error when the JSON names no container.
 */
export function parseProbe(json: string): MediaProbe {
  const raw = JSON.parse(json) as RawProbe;
  const container = raw.format?.format_name;
  if (!container) throw new Error('ffprobe found no container');
  const streams = raw.streams ?? [];
  const videoStream = streams.find(
    (s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1,
  );
  let audioIndex = 0;
  let subtitleIndex = 0;
  const audio: ProbeAudio[] = [];
  const subtitles: ProbeSubtitle[] = [];
  for (const s of streams) {
    const disposition = s.disposition ?? {};
    if (s.codec_type === 'audio') {
      audio.push({
        index: audioIndex++,
        codec: s.codec_name ?? 'unknown',
        channels: s.channels ?? 2,
        language: languageTag(s),
        default: disposition.default === 1,
        title: tag(s, 'title'),
      });
    } else if (s.codec_type === 'subtitle') {
      const codec = s.codec_name ?? 'unknown';
      const title = tag(s, 'title');
      subtitles.push({
        index: subtitleIndex++,
        codec,
        kind:
          IMAGE_SUBTITLE_CODECS.has(codec) || !TEXT_SUBTITLE_CODECS.has(codec) ? 'image' : 'text',
        language: languageTag(s),
        default: disposition.default === 1,
        forced: disposition.forced === 1 || /\bforced\b/i.test(title ?? ''),
        sdh: disposition.hearing_impaired === 1 || /\b(sdh|cc)\b/i.test(title ?? ''),
        title,
      });
    }
  }
  return {
    version: PROBE_VERSION,
    container,
    duration: finite(raw.format?.duration),
    startTime: finite(raw.format?.start_time) ?? 0,
    video: videoStream
      ? {
          codec: videoStream.codec_name ?? 'unknown',
          profile: videoStream.profile ?? null,
          pixFmt: videoStream.pix_fmt ?? null,
          bitDepth: bitDepthOf(videoStream.pix_fmt, videoStream.bits_per_raw_sample),
          width: videoStream.width ?? 0,
          height: videoStream.height ?? 0,
          fps: rate(videoStream.avg_frame_rate) ?? rate(videoStream.r_frame_rate),
        }
      : null,
    audio,
    subtitles,
  };
}

/**
 * Probes a file's container and streams with ffprobe (PLAYBACK-1).
 * @param absolutePath the resolved path of a library file (inside MEDIA_DIR).
 * @throws Error when ffprobe fails, times out (30 s) or finds no container.
 */
export async function probeFile(ffprobe: string, absolutePath: string): Promise<MediaProbe> {
  const out = await run(
    ffprobe,
    [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_entries',
      'format=format_name,duration,start_time:stream=index,codec_type,codec_name,profile,' +
        'pix_fmt,bits_per_raw_sample,width,height,channels,avg_frame_rate,r_frame_rate:' +
        'stream_tags=language,title:stream_disposition=default,forced,hearing_impaired,attached_pic',
      '-i',
      fileInput(absolutePath),
    ],
    PROBE_TIMEOUT_MS,
  );
  return parseProbe(out);
}

/** Containers with an index ffprobe seeks by, so keyframes can be sampled instead of read all. */
const INDEXED_CONTAINERS = /^(matroska|mov|avi|asf|webm)/;

/**
 * The video's keyframe times in seconds, ascending (PLAYBACK-4: copied video is cut only at
 * keyframes). Read from packet flags without decoding: in an indexed container (MP4, MKV, AVI,
 * WMV) by seeking every `stepSeconds` and taking the keyframe the seek lands on (the ones
 * `ffmpeg -ss` lands on too); in others (MPEG-TS, MPEG-PS, FLV) by reading every packet.
 * @throws Error when ffprobe fails or times out (120 s).
 */
export async function readKeyframes(
  ffprobe: string,
  absolutePath: string,
  probe: MediaProbe,
  stepSeconds: number,
): Promise<number[]> {
  const args = ['-v', 'error', '-select_streams', 'v:0'];
  args.push('-show_entries', 'packet=pts_time,dts_time,flags', '-of', 'csv=p=0');
  if (INDEXED_CONTAINERS.test(probe.container) && probe.duration !== null) {
    const points: string[] = [];
    const end = probe.startTime + probe.duration;
    for (let t = probe.startTime; t < end; t += stepSeconds) points.push(`${t.toFixed(3)}%+#1`);
    args.push('-read_intervals', points.join(','));
  }
  args.push('-i', fileInput(absolutePath));
  const out = await run(ffprobe, args, KEYFRAMES_TIMEOUT_MS);
  const times = new Set<number>();
  for (const line of out.split('\n')) {
    const [pts, dts, flags] = line.split(',');
    const time = finite(pts) ?? finite(dts);
    if (time !== null && flags?.startsWith('K')) times.add(Math.round(time * 1000) / 1000);
  }
  return [...times].sort((a, b) => a - b);
}

/**
 * The subtitle files beside a video named the Jellyfin way: `Name.ext`, `Name.lang.ext`,
 * `Name.lang.forced.ext`, `Name.lang.sdh.ext` (also `.default`, `.cc`, `.foreign`, and `.hi` after a
 * language), ext
 * srt, ass, ssa, vtt, sub (MicroDVD text; a VobSub `.sub` with an `.idx` is skipped), sorted by
 * file name (their `s{n}` ids follow that order). `names` are the folder's file names.
 */
export function sidecarsOf(videoFile: string, names: string[]): SidecarSubtitle[] {
  const base = path.basename(videoFile, path.extname(videoFile));
  const lowerNames = new Set(names.map((n) => n.toLowerCase()));
  const out: SidecarSubtitle[] = [];
  for (const name of [...names].sort()) {
    if (!name.startsWith(`${base}.`) || name.startsWith('.')) continue;
    const ext = path.extname(name).slice(1).toLowerCase();
    if (!SIDECAR_FORMATS.includes(ext)) continue;
    const stem = name.slice(0, name.length - ext.length - 1);
    if (ext === 'sub' && lowerNames.has(`${stem}.idx`.toLowerCase())) continue;
    const tags = name
      .slice(base.length + 1, name.length - ext.length - 1)
      .split('.')
      .map((t) => t.toLowerCase())
      .filter((t) => t !== '');
    const sidecar: SidecarSubtitle = {
      file: name,
      format: ext as SidecarFormat,
      language: null,
      default: false,
      forced: false,
      sdh: false,
    };
    for (const t of tags) {
      // `hi` is Hindi as the first tag (`Name.hi.srt`), hearing impaired after a language.
      if (t === 'forced' || t === 'foreign') sidecar.forced = true;
      else if (t === 'sdh' || t === 'cc' || (t === 'hi' && sidecar.language !== null)) {
        sidecar.sdh = true;
      } else if (t === 'default') sidecar.default = true;
      else if (sidecar.language === null && languageName(t) !== null) sidecar.language = t;
    }
    out.push(sidecar);
  }
  return out;
}

/**
 * The sidecar subtitles of a library file (PLAYBACK-3), listed from its folder now (they may
 * change without the video changing). A sidecar whose real path leaves the folder's real path
 * is not listed by the caller's check (sources.library.ts).
 */
export async function listSidecars(videoPath: string): Promise<SidecarSubtitle[]> {
  const names = await readdir(path.dirname(videoPath)).catch(() => [] as string[]);
  return sidecarsOf(videoPath, names);
}

/** ISO 639-2/B codes whose 639-2/T twin is the one `Intl.DisplayNames` knows. */
const BIBLIOGRAPHIC: Record<string, string> = {
  alb: 'sqi',
  arm: 'hye',
  baq: 'eus',
  bur: 'mya',
  chi: 'zho',
  cze: 'ces',
  dut: 'nld',
  fre: 'fra',
  geo: 'kat',
  ger: 'deu',
  gre: 'ell',
  ice: 'isl',
  mac: 'mkd',
  mao: 'mri',
  may: 'msa',
  per: 'fas',
  rum: 'ron',
  slo: 'slk',
  tib: 'bod',
  wel: 'cym',
};

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * The English name of an ISO 639-1 or 639-2 code (`en`, `eng`, `fre` -> 'English', 'French'),
 * or null when it names no language.
 */
export function languageName(code: string | null): string | null {
  if (code === null || !/^[a-z]{2,3}$/i.test(code)) return null;
  const lower = code.toLowerCase();
  if (lower === 'und' || lower === 'mul' || lower === 'zxx') return null;
  try {
    const name = displayNames.of(BIBLIOGRAPHIC[lower] ?? lower);
    return name && name.toLowerCase() !== lower ? name : null;
  } catch {
    return null;
  }
}
