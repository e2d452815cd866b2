/**
 * What the playback tests (playback*.test.ts; PLAYBACK-1..6 in docs/requirements.md) check with:
 * ffprobe of a fetched segment, ffmpeg's own WebVTT conversion of a subtitle, WebVTT parsing and
 * validation with webvtt-parser, the ffmpeg processes this test process started, and the
 * library's opaque ids.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import webvtt from 'webvtt-parser';
import type { WebVttCue } from 'webvtt-parser';

/** The tests' browser: decodes H.264, VP9, AV1, AAC, MP3, Opus, Vorbis, FLAC; plays HLS via MSE. */
export const CHROMIUM =
  'containers=mp4,webm&video=h264,vp9,av1&audio=aac,mp3,opus,vorbis,flac&hls=mse';

/** The opaque id of the library file of a movie, from its `/sources/servers` link. */
export async function mediaIdOf(app: FastifyInstance, tmdbId: number): Promise<string> {
  const res = await app.inject({
    url: `/pigo-stream/sources/servers?id=${String(tmdbId)}&type=movie`,
  });
  const list = res.json<{ server_name: string; server_link: string }[]>();
  const link = list.find((s) => s.server_name === 'Local library')?.server_link;
  const id = link?.split('/').at(-1);
  if (!id) throw new Error(`no library file for movie ${String(tmdbId)}: ${res.body}`);
  return id;
}

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  channels?: number;
  start_time?: string;
  tags?: Record<string, string>;
}

export interface ProbedFile {
  format: { format_name: string; start_time?: string; duration?: string };
  streams: ProbedStream[];
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${file} ${args.join(' ')}: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

/** ffprobe's format and streams of some bytes (a segment), after decoding every frame. */
export async function probeBytes(bytes: Buffer, ext = 'ts'): Promise<ProbedFile> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pigo-probe-'));
  const file = path.join(dir, `segment.${ext}`);
  try {
    await writeFile(file, bytes);
    // Decoding it all fails loudly on a broken segment.
    await run('ffmpeg', ['-v', 'error', '-xerror', '-i', file, '-f', 'null', '-']);
    const out = await run('ffprobe', [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      file,
    ]);
    return JSON.parse(out) as ProbedFile;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** ffmpeg's own WebVTT of a subtitle file or of a file's `index`-th subtitle stream. */
export function ffmpegWebVtt(
  file: string,
  options: { index?: number; charset?: string } = {},
): Promise<string> {
  return run('ffmpeg', [
    '-v',
    'error',
    ...(options.charset ? ['-sub_charenc', options.charset] : []),
    '-i',
    file,
    '-map',
    `0:s:${String(options.index ?? 0)}`,
    '-f',
    'webvtt',
    '-',
  ]);
}

/**
 * The cues of a WebVTT text.
 * @throws Error listing webvtt-parser's errors when it is not valid WebVTT.
 */
export function parseWebVtt(text: string): WebVttCue[] {
  const { cues, errors } = new webvtt.WebVTTParser().parse(text, 'subtitles');
  if (errors.length > 0) {
    throw new Error(
      `invalid WebVTT: ${errors.map((e) => `${String(e.line)}: ${e.message}`).join('; ')}`,
    );
  }
  return cues;
}

/** Process ids of the ffmpeg processes this process started that are still alive. */
export function ffmpegChildren(): number[] {
  try {
    const out = execFileSync('pgrep', ['-P', String(process.pid), 'ffmpeg'], { encoding: 'utf8' });
    return out
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number);
  } catch {
    return [];
  }
}

/** Waits until `check` is true, polling every 200 ms, at most `ms`. */
export async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}
