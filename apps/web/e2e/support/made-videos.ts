/**
 * Test videos made by ffmpeg for the browser tests that need a file longer than the test
 * library's 6-second ones (tools/test-media.ts): a room's steps (TOGETHER-10), progress saved
 * while playing, Continue Watching, the new user's walk. Made in a second or so; a recording in
 * the page (play-page.ts, `recordWebm`) takes as long as the video.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpeg } from '../../../../tools/test-media.ts';

/** The test file's length, in s: long enough for every step to play on. */
export const FILE_SECONDS = 120;

/** The length of the picture a long test file repeats, in s. */
const LOOP_SECONDS = 10;

/**
 * A VP8 WebM of `seconds` (2 minutes by default; a test picture, a key frame every second, no
 * sound) made by ffmpeg: the library's 6-second test files are too short for a room's steps.
 * `heavy` makes it about 1 Mbit/s
 * (15 MB: the picture with noise, which does not compress), so a browser has buffered only a few
 * tens of seconds ahead when a seek goes far, and loads the new position afresh.
 * ffmpeg encodes 10 s once and copies them on to `seconds` (timestamps run on): encoding the
 * whole length cost about a minute of CPU per file on a loaded 2-core machine.
 */
export async function longWebm({ heavy = false, seconds = FILE_SECONDS } = {}): Promise<Buffer> {
  const picture = `testsrc2=size=320x180:rate=25:duration=${String(Math.min(seconds, LOOP_SECONDS))}`;
  return madeByFfmpeg('long.webm', (dir) => [
    [
      ...['-f', 'lavfi', '-i', heavy ? `${picture},noise=alls=40:allf=t` : picture],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-threads', '1'],
      ...(heavy ? ['-b:v', '1M', '-minrate', '1M', '-maxrate', '1M'] : ['-b:v', '150k']),
      ...['-g', '25', '-an', path.join(dir, 'loop.webm')],
    ],
    [
      ...['-stream_loop', '-1', '-i', path.join(dir, 'loop.webm')],
      ...['-t', String(seconds), '-c', 'copy'],
    ],
  ]);
}

/**
 * An XviD-style AVI of `seconds` (MPEG-4 part 2 video, a key frame every second, MP3 sound),
 * which no browser plays as it is: the server transcodes it to HLS (PLAYBACK-2).
 */
export async function longAvi({ seconds = FILE_SECONDS } = {}): Promise<Buffer> {
  return madeByFfmpeg('long.avi', () => [
    [
      ...['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=25:duration=${String(seconds)}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${String(seconds)}`],
      ...['-c:v', 'mpeg4', '-q:v', '8', '-g', '25', '-c:a', 'libmp3lame', '-b:a', '64k'],
      ...['-threads', '1'],
    ],
  ]);
}

/**
 * The file ffmpeg writes as `name`, read into memory. `steps` answers, for a scratch folder, the
 * arguments of each ffmpeg run in turn; the last run's output file is appended to its arguments.
 */
async function madeByFfmpeg(name: string, steps: (dir: string) => string[][]): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'made-video-'));
  const file = path.join(dir, name);
  try {
    const runs = steps(dir);
    for (const [index, args] of runs.entries()) {
      const output = index === runs.length - 1 ? [file] : [];
      await ffmpeg([...args, ...output], dir);
    }
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
