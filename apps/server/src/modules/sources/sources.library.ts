/**
 * The local media library under MEDIA_DIR, named the Jellyfin way:
 * - movie: `Title (Year) [tmdbid-603].mp4`, alone or in a folder of that name;
 * - tv: `Show (Year) [tmdbid-1396]/Season 01/S01E02.mkv` (any file name holding `SxxEyy`).
 * `[tmdbid=603]` is accepted too. Video files: mp4, mkv, webm, m4v, mov, avi, ts, m2ts, wmv, flv,
 * mpg, mpeg, ogv, 3gp; dot-files are skipped.
 * Each file gets an opaque id (a hash of its path in the library); only scanned files can be
 * looked up by id, so no request names a path. Symlinks are followed only while they stay
 * inside MEDIA_DIR: a file whose real path (links resolved) is outside the real MEDIA_DIR is
 * neither listed nor served (SEC-9 in docs/requirements.md).
 * Each listed file is probed with ffprobe in the background after a scan, one or two at a time,
 * and the probe kept with the index while the file's size and modification time stay the same
 * (PLAYBACK-1); a file asked for before its turn is probed at once.
 */
import { createHash } from 'node:crypto';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { PROBE_VERSION, probeFile, type MediaProbe } from './media-probe.ts';

/** Extensions of the video files the library lists (lower case, no dot). */
export const VIDEO_EXTENSIONS = [
  'mp4',
  'mkv',
  'webm',
  'm4v',
  'mov',
  'avi',
  'ts',
  'm2ts',
  'wmv',
  'flv',
  'mpg',
  'mpeg',
  'ogv',
  '3gp',
];
/** Deepest folder level scanned below MEDIA_DIR. */
const MAX_DEPTH = 6;
/** Most files listed, against runaway trees. */
const MAX_FILES = 200_000;

/** One listed video file. */
export interface MediaFile {
  /** Opaque id in the media URL: 24 hex characters. */
  id: string;
  /** Absolute path on disk. */
  path: string;
  /** `movie:{id}` or `tv:{id}:{season}:{episode}`. */
  key: string;
  /** Size in bytes when scanned (absent in an index written before probes were kept). */
  size?: number | null;
  /** Modification time when scanned, in ms since 1970. */
  mtimeMs?: number | null;
  /** What ffprobe found, when the index kept a probe of this very file (same size and time). */
  probe?: MediaProbe | null;
}

/** What a scan through the shared index gave. */
export interface SharedScan {
  files: MediaFile[];
  /** True when this server walked MEDIA_DIR; false when it read another server's scan. */
  walked: boolean;
}

/**
 * The index several servers on one PostgreSQL database share, which the library scans through
 * (SCALE-1, SCALE-4; the SQL is sources.repository.ts's `createSharedMediaIndex`).
 */
export interface SharedMediaIndex {
  /**
   * Walks with `walk` unless another server is scanning now or scanned less than
   * `freshForMs` ago; then that scan's files are read instead.
   * @throws the database's errors, and `walk`'s.
   */
  scan(walk: () => Promise<MediaFile[]>, freshForMs: number): Promise<SharedScan>;
  /**
   * Keeps a file's probe with the index, if its row still has this size and time (PLAYBACK-1).
   * @throws the database's errors.
   */
  saveProbe?(id: string, size: number, mtimeMs: number, probe: MediaProbe): Promise<void>;
  /**
   * A probe another server kept for this file at this size and time, or undefined.
   * @throws the database's errors.
   */
  loadProbe?(id: string, size: number, mtimeMs: number): Promise<MediaProbe | undefined>;
}

/** Library key of a movie or an episode. */
export function mediaKey(type: 'movie' | 'tv', id: number, season = 1, episode = 1): string {
  return type === 'movie' ? `movie:${id}` : `tv:${id}:${season}:${episode}`;
}

/**
 * The title a library key names (`movie:603` the movie 603, `tv:1396:1:2` the show 1396), or
 * undefined for a key of no such shape: what a kids' profile's limit is checked on (PROFILE-7).
 */
export function titleOfKey(key: string): { type: 'movie' | 'tv'; id: number } | undefined {
  const match = /^(movie|tv):(\d+)(?::|$)/.exec(key);
  if (!match?.[1] || !match[2]) return undefined;
  return { type: match[1] === 'movie' ? 'movie' : 'tv', id: Number(match[2]) };
}

/**
 * The key a file's path (relative to MEDIA_DIR, split into parts) names, or undefined when it
 * is no video file or carries no TMDB id.
 */
export function keyForPath(parts: string[]): string | undefined {
  const fileName = parts.at(-1);
  if (!fileName || parts.some((p) => p.startsWith('.'))) return undefined;
  const ext = path.extname(fileName).slice(1).toLowerCase();
  if (!VIDEO_EXTENSIONS.includes(ext)) return undefined;
  let tmdbId: number | undefined;
  for (let i = parts.length - 1; i >= 0 && tmdbId === undefined; i--) {
    const match = /\[tmdbid[-=](\d{1,9})\]/i.exec(parts[i] ?? '');
    if (match?.[1]) tmdbId = Number(match[1]);
  }
  if (!tmdbId) return undefined;
  const episode = /(?:^|[^a-z0-9])s(\d{1,4})\s?e(\d{1,4})(?![0-9])/i.exec(fileName);
  if (episode?.[1] && episode[2]) {
    const [season, number] = [Number(episode[1]), Number(episode[2])];
    return season > 0 && number > 0 ? mediaKey('tv', tmdbId, season, number) : undefined;
  }
  const inSeasonFolder = parts.slice(0, -1).some((p) => /^(season \d+|specials)$/i.test(p));
  return inSeasonFolder ? undefined : mediaKey('movie', tmdbId);
}

/** Whether `real` (a resolved path) is `root` (a resolved directory) or inside it. */
export function isInside(root: string, real: string): boolean {
  const relative = path.relative(root, real);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The real path of a library file when it lies inside the real MEDIA_DIR `root`, else
 * undefined (also when it is gone).
 */
export async function realPathInside(root: string, file: string): Promise<string | undefined> {
  const real = await realpath(file).catch(() => undefined);
  return real !== undefined && isInside(root, real) ? real : undefined;
}

/**
 * Lists `[relative parts, absolute path]` of files under `dir` whose real path is inside
 * `root` (symlinks followed within it).
 */
async function walk(
  root: string,
  dir: string,
  parts: string[],
  out: [string[], string][],
): Promise<void> {
  if (parts.length > MAX_DEPTH || out.length >= MAX_FILES) return;
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.') || out.length >= MAX_FILES) continue;
    const full = path.join(dir, entry.name);
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      if ((await realPathInside(root, full)) === undefined) continue;
      const target = await stat(full).catch(() => undefined);
      isDir = target?.isDirectory() ?? false;
      isFile = target?.isFile() ?? false;
    }
    if (isDir) await walk(root, full, [...parts, entry.name], out).catch(() => undefined);
    else if (isFile) out.push([[...parts, entry.name], full]);
  }
}

export interface MediaLibraryOptions {
  /** MEDIA_DIR; undefined gives an always empty library. */
  dir: string | undefined;
  /** Shortest time between two scans started by lookups that miss or by rescans, in ms. */
  minRescanMs: number;
  log: (message: string, details?: Record<string, unknown>) => void;
  /**
   * With several servers on one PostgreSQL database: scans go through this index, so one
   * server walks MEDIA_DIR and the others read its result (SCALE-4).
   */
  shared?: SharedMediaIndex | undefined;
  /** Told when this server walked MEDIA_DIR itself (`files` found). */
  onWalked?: (files: number) => void;
  /** The ffprobe program, or null when it cannot run: files are then not probed (PLAYBACK-5). */
  ffprobe?: string | null;
  /** Most ffprobe runs at once for the background probing after a scan (default 1). */
  probeConcurrency?: number;
}

/** A probe with the size and modification time of the file it was made of. */
interface KeptProbe {
  size: number;
  mtimeMs: number;
  probe: MediaProbe;
}

/** Whether a stored probe is usable: of this version of the probe's shape. */
function isCurrentProbe(probe: unknown): probe is MediaProbe {
  return (
    typeof probe === 'object' &&
    probe !== null &&
    (probe as { version?: unknown }).version === PROBE_VERSION
  );
}

/** The scanned library: lookups by title and by opaque id; rescans debounced. */
export class MediaLibrary {
  private byKey = new Map<string, MediaFile[]>();
  private byId = new Map<string, MediaFile>();
  /** The real path of MEDIA_DIR (links resolved), once scanned. */
  private root: string | undefined;
  private lastScanAt = 0;
  private running: Promise<number> | undefined;
  /** Probes by file id (PLAYBACK-1). */
  private probes = new Map<string, KeptProbe>();
  /** Probes under way, by file id. */
  private probing = new Map<string, Promise<MediaProbe>>();
  /** Files waiting for the background probing, in order. */
  private probeQueue: MediaFile[] = [];
  private probeWorkers = 0;
  private closed = false;

  constructor(private readonly options: MediaLibraryOptions) {}

  /** The real path of MEDIA_DIR (links resolved) once scanned, else undefined. */
  get realRoot(): string | undefined {
    return this.root;
  }

  /** Number of files listed. */
  get size(): number {
    return this.byId.size;
  }

  /** Scans MEDIA_DIR now (joining a scan under way); resolves to the number of files. */
  scan(): Promise<number> {
    this.running ??= this.runScan().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Scans unless a scan started less than `minRescanMs` ago; resolves to the number of files. */
  async rescan(): Promise<number> {
    if (this.running) return this.running;
    if (Date.now() - this.lastScanAt < this.options.minRescanMs) return this.size;
    return this.scan();
  }

  /** Files for a key (see `mediaKey`); a miss triggers a debounced rescan first. */
  async find(key: string): Promise<MediaFile[]> {
    if (!this.options.dir) return [];
    if (!this.byKey.has(key)) await this.rescan();
    return this.byKey.get(key) ?? [];
  }

  /** The file with this opaque id, if listed. */
  file(id: string): MediaFile | undefined {
    return this.byId.get(id);
  }

  /**
   * The real path to serve for a listed file, checked again now (a link may have changed since
   * the scan): undefined when it no longer lies inside MEDIA_DIR or is gone.
   */
  async servablePath(file: MediaFile): Promise<string | undefined> {
    return this.root === undefined ? undefined : realPathInside(this.root, file.path);
  }

  /** Stops the background probing (the server is closing). */
  close(): void {
    this.closed = true;
    this.probeQueue = [];
  }

  /** The probe kept for a file if it is current, without probing (PLAYBACK-1). */
  keptProbe(file: MediaFile): MediaProbe | undefined {
    return this.probes.get(file.id)?.probe;
  }

  /** Number of files probed so far. */
  get probed(): number {
    return this.probes.size;
  }

  /**
   * The probe of a listed file (PLAYBACK-1): the kept one while the file's size and time are
   * the same, else one made now (joining a probe under way), kept and saved with the index.
   * @returns undefined without ffprobe, or when the file is gone or outside MEDIA_DIR.
   * @throws Error when ffprobe fails on the file (not a media file, timeout).
   */
  async probe(file: MediaFile): Promise<MediaProbe | undefined> {
    const ffprobe = this.options.ffprobe;
    if (!ffprobe) return undefined;
    const real = await this.servablePath(file);
    if (!real) return undefined;
    const info = await stat(real).catch(() => undefined);
    if (!info) return undefined;
    const kept = this.probes.get(file.id);
    if (kept && kept.size === info.size && kept.mtimeMs === info.mtimeMs) return kept.probe;
    const running = this.probing.get(file.id);
    if (running) return running;
    const task = (async () => {
      const stored = await this.options.shared
        ?.loadProbe?.(file.id, info.size, info.mtimeMs)
        .catch(() => undefined);
      const probe = isCurrentProbe(stored) ? stored : await probeFile(ffprobe, real);
      this.probes.set(file.id, { size: info.size, mtimeMs: info.mtimeMs, probe });
      if (probe !== stored) await this.store(file.id, info.size, info.mtimeMs, probe);
      return probe;
    })().finally(() => this.probing.delete(file.id));
    this.probing.set(file.id, task);
    return task;
  }

  /**
   * Adds the video's keyframe times to a file's kept probe, and saves it (PLAYBACK-4).
   * `probe` is the one {@link probe} answered.
   */
  async keepKeyframes(file: MediaFile, probe: MediaProbe, keyframes: number[]): Promise<void> {
    const kept = this.probes.get(file.id);
    if (!kept || kept.probe !== probe) return;
    kept.probe = { ...probe, keyframes };
    await this.store(file.id, kept.size, kept.mtimeMs, kept.probe);
  }

  private async store(id: string, size: number, mtimeMs: number, probe: MediaProbe) {
    try {
      await this.options.shared?.saveProbe?.(id, size, mtimeMs, probe);
    } catch (err) {
      this.options.log('A media probe could not be saved', { id, err });
    }
  }

  /** Probes the files without a current probe in the background, a few at a time. */
  private queueProbes(files: MediaFile[]): void {
    if (!this.options.ffprobe || this.closed) return;
    this.probeQueue = files.filter((f) => !this.probes.has(f.id));
    const workers = Math.max(1, this.options.probeConcurrency ?? 1);
    while (this.probeWorkers < workers && this.probeQueue.length > 0) {
      this.probeWorkers += 1;
      void this.probeWorker().finally(() => {
        this.probeWorkers -= 1;
      });
    }
  }

  private async probeWorker(): Promise<void> {
    for (let file = this.probeQueue.shift(); file; file = this.probeQueue.shift()) {
      if (this.closed) return;
      try {
        await this.probe(file);
      } catch (err) {
        this.options.log('A library file could not be probed', { path: file.path, err });
      }
    }
  }

  private async runScan(): Promise<number> {
    this.lastScanAt = Date.now();
    const dir = this.options.dir;
    if (!dir) return 0;
    try {
      this.root = await realpath(dir);
    } catch {
      this.root = undefined;
    }
    const walk = async () => {
      const files = await this.walk(dir);
      this.options.onWalked?.(files.length);
      return files;
    };
    const files = this.options.shared
      ? (await this.options.shared.scan(walk, this.options.minRescanMs)).files
      : await walk();
    const byKey = new Map<string, MediaFile[]>();
    const byId = new Map<string, MediaFile>();
    const probes = new Map<string, KeptProbe>();
    for (const file of files) {
      byId.set(file.id, file);
      byKey.set(file.key, [...(byKey.get(file.key) ?? []), file]);
      const kept = this.probes.get(file.id);
      const { size, mtimeMs, probe } = file;
      if (kept && kept.size === size && kept.mtimeMs === mtimeMs) probes.set(file.id, kept);
      else if (isCurrentProbe(probe) && typeof size === 'number' && typeof mtimeMs === 'number') {
        probes.set(file.id, { size, mtimeMs, probe });
      }
    }
    this.byKey = byKey;
    this.byId = byId;
    this.probes = probes;
    this.queueProbes(files);
    return byId.size;
  }

  /** Lists the video files under `dir`, sorted by path. */
  private async walk(dir: string): Promise<MediaFile[]> {
    const found: [string[], string][] = [];
    try {
      await walk(await realpath(dir), dir, [], found);
    } catch (err) {
      this.options.log('MEDIA_DIR cannot be read; the local media library is empty', {
        dir,
        err,
      });
    }
    found.sort((a, b) => a[1].localeCompare(b[1]));
    const files: MediaFile[] = [];
    for (const [parts, full] of found) {
      const key = keyForPath(parts);
      if (!key) continue;
      const id = createHash('sha256').update(parts.join('/')).digest('hex').slice(0, 24);
      const info = await stat(full).catch(() => undefined);
      files.push({ id, path: full, key, size: info?.size ?? null, mtimeMs: info?.mtimeMs ?? null });
    }
    return files;
  }
}
