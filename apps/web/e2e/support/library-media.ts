/**
 * The test library's ffmpeg-made files (tools/test-media.ts: H.264 + AAC MP4 with sidecar
 * subtitles, VP9 + Opus WebM with ASS and MicroDVD sidecars, H.264 + AC-3/AAC MKV with SRT and ASS
 * inside, HEVC MKV, XviD AVI)
 * put into the test server's MEDIA_DIR under starter-catalogue titles, and the readings the
 * library player's tests make of the page's `<video>` (PLAYBACK-1..6 in docs/requirements.md).
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { makeTestMedia, type TestMediaFile } from '../../../../tools/test-media.ts';
import { mediaDir } from './e2e-env.ts';
import { rescanUntilListed } from './media-rescan.ts';
import { sameOrigin } from './same-origin.ts';
import type { TestTitle } from './play-page.ts';

/** The shapes of the test library, by the file's extension and video codec. */
export type MediaShape = 'mp4' | 'webm' | 'mkv' | 'hevc' | 'avi';

/** Which test file each shape is. */
const SHAPES: Record<MediaShape, (file: TestMediaFile) => boolean> = {
  mp4: (file) => file.name.endsWith('.mp4'),
  webm: (file) => file.name.endsWith('.webm'),
  mkv: (file) => file.name.endsWith('.mkv') && file.video === 'h264',
  hevc: (file) => file.video === 'hevc',
  avi: (file) => file.name.endsWith('.avi'),
};

let made: Promise<{ dir: string; files: TestMediaFile[] }> | undefined;

/**
 * The test files, made once per worker into a hidden folder of MEDIA_DIR (the library's scan
 * skips dot folders; the run's teardown removes MEDIA_DIR).
 */
function testMedia(): Promise<{ dir: string; files: TestMediaFile[] }> {
  made ??= (async () => {
    const dir = path.join(mediaDir(), `.test-media-${String(process.pid)}`);
    return { dir, files: await makeTestMedia(dir) };
  })();
  return made;
}

/** The test file of `shape`. */
export async function testFile(shape: MediaShape): Promise<TestMediaFile> {
  const { files } = await testMedia();
  const file = files.find(SHAPES[shape]);
  if (!file) throw new Error(`tools/test-media.ts has no ${shape} file`);
  return file;
}

/**
 * Copies the test file of `shape`, and its sidecar subtitles, into MEDIA_DIR named the Jellyfin
 * way for movie `title` (`{title} [tmdbid-{id}].{ext}`, sidecars `… .fr.srt`), and rescans until
 * the title lists the 'Local library' server (media-rescan.ts). Answers what the file holds.
 */
export async function addTestMedia(
  page: Page,
  title: TestTitle,
  shape: MediaShape,
): Promise<TestMediaFile> {
  const { dir } = await testMedia();
  const file = await testFile(shape);
  const ext = path.extname(file.name);
  const base = file.name.slice(0, -ext.length);
  const newBase = `${title.title.replace(/[^\w ]/g, '')} [tmdbid-${String(title.id)}]`;
  await copyFile(path.join(dir, file.name), path.join(mediaDir(), `${newBase}${ext}`));
  for (const sidecar of file.sidecars) {
    await copyFile(
      path.join(dir, sidecar),
      path.join(mediaDir(), `${newBase}${sidecar.slice(base.length)}`),
    );
  }
  await rescanUntilListed(page.request, title, sameOrigin(page));
  return file;
}

/** What the page's `<video>` shows: its picture's size, frames decoded, position and state. */
export interface VideoState {
  videoWidth: number;
  frames: number;
  currentTime: number;
  duration: number;
  paused: boolean;
  src: string;
}

/** Reads {@link VideoState} of `video`. */
export function videoState(video: Locator): Promise<VideoState> {
  return video.evaluate((v: HTMLVideoElement) => ({
    videoWidth: v.videoWidth,
    frames: v.getVideoPlaybackQuality().totalVideoFrames,
    currentTime: v.currentTime,
    duration: v.duration,
    paused: v.paused,
    src: v.currentSrc,
  }));
}

/** Seeks `video` to `seconds` and pauses it; waits until the seek is done. */
export async function seekPaused(video: Locator, seconds: number): Promise<void> {
  await video.evaluate(
    (v: HTMLVideoElement, to) =>
      new Promise<void>((resolve) => {
        v.pause();
        v.addEventListener(
          'seeked',
          () => {
            resolve();
          },
          { once: true },
        );
        v.currentTime = to;
      }),
    seconds,
  );
}

/** The text tracks of `video`: label, language and mode each, and the active cue's text. */
export function textTracks(
  video: Locator,
): Promise<{ label: string; language: string; mode: string; cue: string | undefined }[]> {
  return video.evaluate((v: HTMLVideoElement) =>
    Array.from(v.textTracks).map((track) => ({
      label: track.label,
      language: track.language,
      mode: track.mode,
      cue: (track.activeCues?.[0] as VTTCue | undefined)?.text,
    })),
  );
}
