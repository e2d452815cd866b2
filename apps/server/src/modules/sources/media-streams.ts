/**
 * What titles play from, built once per server and shared by the sources module's own calls and
 * by the Stremio addon (DEC-18 in docs/decisions.md; PLAYBACK-1, PLAYBACK-3, STREMIO-6,
 * STREMIO-7 in docs/requirements.md): the media folder (its files, their probes, their subtitles
 * as WebVTT), the link templates of SOURCES_FILE and the open movies. SOURCES_FILE is validated
 * and MEDIA_DIR scanned when it is opened; the files are then probed in the background.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  NEEDS_FFMPEG_MESSAGE,
  type MediaType,
  type Server,
  type ServersQuery,
  type SubtitleTrack,
} from '@pigostream/contracts';
import type { PlaybackConfig } from '../../config.ts';
import {
  findFfmpeg,
  languageName,
  listSidecars,
  type FfmpegTools,
  type MediaProbe,
  type SidecarSubtitle,
} from './media-probe.ts';
import { BLENDER_OPEN_MOVIES } from './sources.builtin.ts';
import {
  MediaLibrary,
  mediaKey,
  realPathInside,
  type MediaFile,
  type SharedMediaIndex,
} from './sources.library.ts';
import { templateServers, loadLinkTemplates, type LinkTemplate } from './sources.templates.ts';
import { extractSubtitle, MAX_SUBTITLE_BYTES, sidecarToWebVtt } from './subtitles.ts';

/** Most WebVTT texts of subtitle tracks inside files kept in memory, in characters. */
const SUBTITLE_CACHE_CHARS = 8 * 1024 * 1024;

/** What {@link openMediaStreams} reads. */
export interface MediaStreamsOptions {
  /** SOURCES_FILE (absolute), or undefined for no link templates. */
  sourcesFile: string | undefined;
  /** MEDIA_DIR (absolute), or undefined for no media folder. */
  mediaDir: string | undefined;
  /**
   * Shortest time between two scans of the media folder started by requests (a lookup that
   * misses, `POST /sources/rescan`), in ms: MEDIA_RESCAN_MS, 10 s by default (SRC-3).
   */
  rescanMs: number;
  /**
   * The media index in the database: on PostgreSQL shared by several servers, so a scan runs on
   * one (SCALE-1, SCALE-4); on both databases it keeps the files' probes (PLAYBACK-1).
   */
  sharedIndex?: SharedMediaIndex | undefined;
  /** Where ffmpeg and ffprobe are (config.ts's `playback`). */
  playback: Pick<PlaybackConfig, 'ffmpegPath' | 'ffprobePath'>;
  log: FastifyBaseLogger;
}

/** A subtitle as WebVTT, or why it cannot be answered (404 none such, 422 unreadable). */
export type SubtitleText = { vtt: string } | { status: 404 | 422; error: string };

/** 'English', 'French (Forced)', 'English (SDH)', or 'Subtitle 3' when the language is unknown. */
function subtitleLabel(
  language: string | null,
  position: number,
  flags: { forced: boolean; sdh: boolean },
): string {
  const name = languageName(language) ?? `Subtitle ${String(position + 1)}`;
  const notes = [flags.forced ? 'Forced' : '', flags.sdh ? 'SDH' : ''].filter((n) => n !== '');
  return notes.length > 0 ? `${name} (${notes.join(', ')})` : name;
}

/**
 * The subtitles of a file (PLAYBACK-3): its tracks (`e{n}`), then the files beside it (`s{n}`);
 * a text one's `url` is `{base}/subtitles/{id}`, a picture one has none.
 */
export function subtitleTracks(
  probe: MediaProbe | undefined,
  sidecars: SidecarSubtitle[],
  base: string,
): SubtitleTrack[] {
  const out: SubtitleTrack[] = [];
  for (const s of probe?.subtitles ?? []) {
    const id = `e${String(s.index)}`;
    out.push({
      id,
      language: s.language,
      label: subtitleLabel(s.language, out.length, s),
      forced: s.forced,
      sdh: s.sdh,
      default: s.default,
      kind: s.kind,
      url: s.kind === 'text' ? `${base}/subtitles/${id}` : null,
    });
  }
  sidecars.forEach((s, i) => {
    const id = `s${String(i)}`;
    out.push({
      id,
      language: s.language,
      label: subtitleLabel(s.language, out.length, s),
      forced: s.forced,
      sdh: s.sdh,
      default: s.default,
      kind: 'text',
      url: `${base}/subtitles/${id}`,
    });
  });
  return out;
}

/** The media folder, the link templates and the open movies of one server. */
export class MediaStreams {
  private readonly subtitleCache = new LRUCache<string, string>({
    maxSize: SUBTITLE_CACHE_CHARS,
    sizeCalculation: (text) => Math.max(1, text.length),
  });
  private readonly extracting = new Map<string, Promise<string>>();

  constructor(
    /** The media folder's files. */
    readonly library: MediaLibrary,
    /** ffmpeg and ffprobe as found (each null when missing). */
    readonly tools: FfmpegTools,
    /** SOURCES_FILE's link templates, in file order. */
    readonly templates: readonly LinkTemplate[],
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The media files of a movie, or of a show's episode, in path order; a title the folder does
   * not hold yet starts a rescan (at most one per 10 s).
   */
  filesOf(type: MediaType, id: number, season?: number, episode?: number): Promise<MediaFile[]> {
    return this.library.find(mediaKey(type, id, season, episode));
  }

  /**
   * The listed file of this opaque id and its real path, checked now; undefined for an unknown
   * id or a file gone or outside MEDIA_DIR (SEC-9).
   */
  async servable(id: string): Promise<{ file: MediaFile; real: string } | undefined> {
    const file = this.library.file(id);
    const real = file && (await this.library.servablePath(file));
    return file && real ? { file, real } : undefined;
  }

  /** The probe of a file (PLAYBACK-1), or undefined without ffprobe or when it cannot read it. */
  async probeOf(file: MediaFile): Promise<MediaProbe | undefined> {
    try {
      return await this.library.probe(file);
    } catch (err) {
      this.log.warn({ err, path: file.path }, 'a library file could not be probed');
      return undefined;
    }
  }

  /** The subtitles of a file, tracks and files beside it, with their links under `base`. */
  async subtitlesOf(file: MediaFile, base: string): Promise<SubtitleTrack[]> {
    return subtitleTracks(await this.probeOf(file), await listSidecars(file.path), base);
  }

  /**
   * A subtitle of a file as WebVTT (PLAYBACK-3): `e{n}` the n-th subtitle track inside it
   * (extracted by ffmpeg, kept in memory), `s{n}` the n-th subtitle file beside it (read in its
   * own character set). `real` is the file's real path ({@link servable}).
   * @returns 404 for a subtitle the file does not have, a picture one or one that needs ffmpeg;
   *   422 for one that cannot be read or is too large.
   */
  async subtitleText(file: MediaFile, real: string, subtitleId: string): Promise<SubtitleText> {
    const index = Number(subtitleId.slice(1));
    return subtitleId.startsWith('s')
      ? this.sidecarText(file, real, index)
      : this.embeddedText(file, real, index);
  }

  /** The stream links SOURCES_FILE's templates give a movie or an episode. */
  templateLinks(query: ServersQuery): Server[] {
    return templateServers([...this.templates], query);
  }

  /** The public video file of an open movie, or undefined for any other title. */
  openMovieUrl(type: MediaType, id: number): string | undefined {
    return type === 'movie' ? BLENDER_OPEN_MOVIES.get(id) : undefined;
  }

  private async sidecarText(file: MediaFile, real: string, index: number): Promise<SubtitleText> {
    const sidecar = (await listSidecars(file.path))[index];
    const root = this.library.realRoot;
    const full = sidecar && path.join(path.dirname(file.path), sidecar.file);
    const inside = full && root !== undefined ? await realPathInside(root, full) : undefined;
    if (!sidecar || !inside) return { status: 404, error: 'This file has no such subtitle' };
    const info = await stat(inside).catch(() => undefined);
    if (!info?.isFile() || info.size > MAX_SUBTITLE_BYTES) {
      return { status: 422, error: 'This subtitle file is too large or not a file' };
    }
    try {
      const probe = this.library.keptProbe(file);
      return { vtt: sidecarToWebVtt(await readFile(inside), sidecar.format, probe?.video?.fps) };
    } catch (err) {
      this.log.info({ err, file: inside, real }, 'a subtitle file could not be read');
      return { status: 422, error: 'This subtitle file could not be read' };
    }
  }

  private async embeddedText(file: MediaFile, real: string, index: number): Promise<SubtitleText> {
    const probe = await this.probeOf(file);
    const track = probe?.subtitles[index];
    const ffmpeg = this.tools.ffmpeg;
    if (!track || track.kind !== 'text' || !ffmpeg) {
      const why =
        track?.kind === 'image'
          ? 'This subtitle is a picture one: it can only be burnt into the video'
          : track && !ffmpeg
            ? NEEDS_FFMPEG_MESSAGE
            : 'This file has no such subtitle';
      return { status: 404, error: why };
    }
    const info = await stat(real).catch(() => undefined);
    const key = `${file.id}:${String(info?.size)}:${String(info?.mtimeMs)}:${String(index)}`;
    const cached = this.subtitleCache.get(key);
    if (cached !== undefined) return { vtt: cached };
    let task = this.extracting.get(key);
    if (!task) {
      task = extractSubtitle(ffmpeg, real, index).finally(() => this.extracting.delete(key));
      this.extracting.set(key, task);
    }
    try {
      const vtt = await task;
      this.subtitleCache.set(key, vtt);
      return { vtt };
    } catch (err) {
      this.log.warn({ err, path: real }, 'a subtitle track could not be extracted');
      return { status: 422, error: 'This subtitle track could not be read' };
    }
  }
}

/**
 * Opens what titles play from: reads and validates SOURCES_FILE, looks for ffmpeg and ffprobe
 * (only with a media folder; each run once with -version; a warning when missing, PLAYBACK-5),
 * scans MEDIA_DIR (through the shared index) and starts probing its files in the background.
 * @throws Error naming SOURCES_FILE's fault (unreadable, not JSON, a bad entry).
 */
export async function openMediaStreams(options: MediaStreamsOptions): Promise<MediaStreams> {
  const { log, playback, mediaDir } = options;
  const templates = options.sourcesFile ? loadLinkTemplates(options.sourcesFile) : [];
  const tools = mediaDir
    ? await findFfmpeg(playback.ffmpegPath, playback.ffprobePath)
    : { ffmpeg: null, ffprobe: null };
  if (mediaDir && (!tools.ffmpeg || !tools.ffprobe)) {
    log.warn(
      { ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe },
      tools.ffprobe
        ? 'ffmpeg was not found: remux and transcode are off; library files play only as they are'
        : 'ffmpeg/ffprobe were not found: remux and transcode are off; library files play only as they are, guessed by their extension',
    );
  }
  const library = new MediaLibrary({
    dir: mediaDir,
    minRescanMs: options.rescanMs,
    log: (message, details) => {
      log.warn(details, message);
    },
    shared: options.sharedIndex,
    onWalked: (files) => {
      log.info({ dir: mediaDir, files }, 'media library walked');
    },
    ffprobe: tools.ffprobe,
    probeConcurrency: 1,
  });
  const files = await library.scan();
  if (mediaDir) log.info({ dir: mediaDir, files }, 'media library scanned');
  return new MediaStreams(library, tools, templates, log);
}
