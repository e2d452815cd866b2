/**
 * Bounded transcodes (PLAYBACK-4 in docs/requirements.md): at most TRANSCODE_MAX ffmpeg run at
 * once and one more session is answered 503 `{ error }`; a session's ffmpeg is killed within
 * about 10 s of its last request; none is left once the app is closed; the transcode folder is
 * emptied at start and kept within TRANSCODE_CACHE_MB; viewers of the same content (a room
 * watching together) share one ffmpeg, and a viewer who moves to another file at the limit stops
 * their old one. Over a 5-minute test pattern transcoded in 1-s segments, so each ffmpeg runs (or
 * waits, paused a minute ahead) long enough to count.
 */
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg } from '../../../tools/test-media.ts';
import type { Playback } from '@pigostream/contracts';
import { segmentStarts, type HlsPlan } from '../src/modules/sources/hls-plan.ts';
import { HlsSessions, TranscodeLimitError } from '../src/modules/sources/hls-sessions.ts';
import { probeFile } from '../src/modules/sources/media-probe.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { CHROMIUM, eventually, ffmpegChildren, mediaIdOf } from './helpers/playback.ts';
import { createUsers, request, type TestUser } from './helpers/users.ts';

const LONG = 'Long Pattern (2020) [tmdbid-900050].avi';
const LONG_SECONDS = 300;
/** A second file (long enough that its ffmpeg waits, paused, beside the long one's). */
const SHORT = 'Short Pattern (2020) [tmdbid-900052].avi';
/** Two audio tracks, so one viewer can move to another plan of the same file. */
const TWO_TRACKS = 'Two Tracks (2020) [tmdbid-900051].mkv';

let root: string;
let dataDir: string;
let longFile: string;
let t: TestApp;
let users: TestUser[];
let mediaId: string;
/** C's plan of the long file, left running by the first test. */
let cPlan = '';

async function planOf(user: TestUser, id = mediaId, query = ''): Promise<string> {
  const res = await request(
    t.app,
    user,
    'GET',
    `/pigo-stream/sources/media/${id}/playback?${CHROMIUM}${query}`,
  );
  const answer = res.json<Playback>();
  expect(answer.mode).toBe('transcode');
  return answer.url ?? '';
}

function seg(url: string, n: number, user: TestUser) {
  return request(t.app, user, 'GET', url.replace(/main\.m3u8$/, `seg${String(n)}.ts`));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pigo-limits-'));
  const mediaDir = path.join(root, 'media');
  dataDir = path.join(root, 'data');
  await mkdir(mediaDir, { recursive: true });
  longFile = path.join(mediaDir, LONG);
  await ffmpeg(
    [
      ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${String(LONG_SECONDS)}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${String(LONG_SECONDS)}`],
      ...['-c:v', 'mpeg4', '-q:v', '10', '-g', '25', '-c:a', 'libmp3lame', '-b:a', '32k'],
      longFile,
    ],
    mediaDir,
  );
  await ffmpeg(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=60'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=60'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=660:duration=60'],
      ...['-map', '0:v', '-map', '1:a', '-map', '2:a', '-c:v', 'mpeg4', '-g', '25'],
      ...['-c:a', 'libmp3lame', '-b:a', '32k', '-metadata:s:a:0', 'language=eng'],
      ...['-metadata:s:a:1', 'language=jpn', path.join(mediaDir, TWO_TRACKS)],
    ],
    mediaDir,
  );
  await ffmpeg(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=120'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=120', '-c:v', 'mpeg4', '-g', '25'],
      ...['-c:a', 'libmp3lame', '-b:a', '32k', path.join(mediaDir, SHORT)],
    ],
    mediaDir,
  );
  t = await startTestApp({
    seed: false,
    env: { MEDIA_DIR: mediaDir, TRANSCODE_SEGMENT_S: '1', TRANSCODE_MAX: '2' },
  });
  users = await createUsers(t.app, 3);
  mediaId = await mediaIdOf(t.app, 900050);
});

afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

describe('transcode limits', () => {
  it('answers 503 { error } at TRANSCODE_MAX + 1 sessions, kills idle ffmpeg within 12 s', async () => {
    const [a, b, c] = users as [TestUser, TestUser, TestUser];
    const [planA, planB, planC] = await Promise.all([planOf(a), planOf(b), planOf(c)]);
    expect((await seg(planA, 0, a)).statusCode).toBe(200);
    // B watches the same file in step with A (a room): A's ffmpeg makes B's segments too.
    expect((await seg(planB, 0, b)).statusCode).toBe(200);
    expect(ffmpegChildren()).toHaveLength(1);
    const short = await planOf(b, await mediaIdOf(t.app, 900052));
    expect((await seg(short, 0, b)).statusCode).toBe(200);
    expect(ffmpegChildren()).toHaveLength(2);
    // C watches the long file far from A: a third ffmpeg is refused.
    const refused = await seg(planC, 150, c);
    expect(refused.statusCode).toBe(503);
    expect(refused.json<{ error: string }>().error).toContain('TRANSCODE_MAX');
    // A seek in a running session replaces its ffmpeg: still allowed.
    const lastRequest = Date.now();
    const seek = await seg(planA, 200, a);
    expect(seek.statusCode).toBe(200);
    expect(ffmpegChildren()).toHaveLength(2);
    expect(await eventually(() => ffmpegChildren().length === 0, 13_000)).toBe(true);
    const after = Date.now() - lastRequest;
    console.info(`idle ffmpeg killed ${String(after)} ms after the last request`);
    expect(after).toBeGreaterThanOrEqual(9_000);
    // Now C's session may start.
    expect((await seg(planC, 150, c)).statusCode).toBe(200);
    cPlan = planC;
  }, 40_000);

  it("stops a viewer's old plan of a file when they pick another audio track, so the new one starts", async () => {
    const [a] = users as [TestUser];
    const twoTracks = await mediaIdOf(t.app, 900051);
    // C's transcode from the test before still runs: with A's, TRANSCODE_MAX is reached.
    const english = await planOf(a, twoTracks, '&audio_track=0');
    expect((await seg(english, 0, a)).statusCode).toBe(200);
    expect(ffmpegChildren()).toHaveLength(2);
    const japanese = await planOf(a, twoTracks, '&audio_track=1');
    expect(japanese).not.toBe(english);
    expect((await seg(japanese, 0, a)).statusCode).toBe(200);
    expect(ffmpegChildren()).toHaveLength(2);
  }, 40_000);

  it('lets a viewer at TRANSCODE_MAX move to another file (the next episode), stopping only their old one', async () => {
    const [a, , c] = users as [TestUser, TestUser, TestUser];
    // A's Japanese plan and C's plan run: TRANSCODE_MAX is reached.
    expect(ffmpegChildren()).toHaveLength(2);
    const before = ffmpegChildren();
    // Segment 120 of the long file: the first test's ffmpeg of it never got that far.
    const next = await planOf(a);
    expect((await seg(next, 120, a)).statusCode).toBe(200);
    const after = ffmpegChildren();
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => before.includes(pid))).toHaveLength(1);
    // C's ffmpeg is the one kept: its next segment needs no new ffmpeg (which would be refused).
    expect((await seg(cPlan, 151, c)).statusCode).toBe(200);
    expect([...ffmpegChildren()].sort()).toEqual([...after].sort());
  }, 40_000);

  it('leaves no ffmpeg once the app is closed', async () => {
    const [, b] = users as [TestUser, TestUser];
    // The tests before leave up to TRANSCODE_MAX running: a place frees within the idle time.
    expect(await eventually(() => ffmpegChildren().length < 2, 13_000)).toBe(true);
    // Segment 290: no ffmpeg of the tests before got that far (A's from 200 paused a minute
    // on), so no session of the file has it and a new ffmpeg makes it.
    const plan = await planOf(b);
    expect((await seg(plan, 290, b)).statusCode).toBe(200);
    expect(ffmpegChildren().length).toBeGreaterThan(0);
    const pids = ffmpegChildren();
    await t.app.close();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(ffmpegChildren()).toEqual([]);
  }, 40_000);
});

describe('the transcode folder (HlsSessions over a real DATA_DIR)', () => {
  it('is emptied at start, kept within the cache size, removed on close', async () => {
    dataDir = path.join(root, 'data');
    // Left over from an earlier run: emptied at start.
    await mkdir(path.join(dataDir, 'transcodes', 'stale'), { recursive: true });
    await writeFile(path.join(dataDir, 'transcodes', 'stale', 'seg0.ts'), 'old');
    const budget = 256 * 1024;
    const sessions = new HlsSessions({
      ffmpeg: 'ffmpeg',
      dataDir,
      maxProcesses: 1,
      cacheBytes: budget,
      log: () => undefined,
    });
    const probe = await probeFile('ffprobe', longFile);
    const plan: HlsPlan = {
      mediaId: 'a'.repeat(24),
      uid: 'u',
      mode: 'transcode',
      audio: 0,
      burn: null,
      videoCopy: false,
      audioCopy: false,
    };
    const { starts, end } = segmentStarts(probe, false, 1);
    const source = { token: 'plan', plan, file: longFile, probe, starts, end, profileId: 'u' };
    // Played through: ffmpeg pauses a minute ahead and goes on as the segments are asked for.
    const played = 40;
    for (let n = 0; n < played; n++) await sessions.segment(source, n);
    await expect(stat(path.join(dataDir, 'transcodes', 'stale'))).rejects.toThrow();
    // Segments from the one before the last asked for on are kept (the viewer is there, and
    // ffmpeg's minute ahead); the ones played before it go once the budget is passed.
    let kept = 0;
    let playedKept = 0;
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else {
          // The cache trimmer runs beside this walk: a file it removed meanwhile is not kept.
          const size = (await stat(full).catch(() => undefined))?.size;
          if (size === undefined) continue;
          kept += size;
          const n = Number(/^seg(\d+)\.ts$/.exec(entry.name)?.[1] ?? -1);
          if (n >= 0 && n < played - 1) playedKept += size;
        }
      }
    };
    await walk(path.join(dataDir, 'transcodes'));
    console.info(
      `segments kept: ${String(kept)} bytes, ${String(playedKept)} of them played, budget ${String(budget)}`,
    );
    expect(playedKept).toBeLessThanOrEqual(budget);
    expect(kept).toBeGreaterThan(0);
    const pids = sessions.pids;
    await sessions.close();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    await expect(stat(path.join(dataDir, 'transcodes'))).rejects.toThrow();
  }, 120_000);
});

describe('siblings: viewers of the same content (a room watching together)', () => {
  const sessionsOf = (maxProcesses: number, folder: string) =>
    new HlsSessions({
      ffmpeg: 'ffmpeg',
      dataDir: path.join(root, folder),
      maxProcesses,
      cacheBytes: 64 * 1024 * 1024,
      log: () => undefined,
    });
  /** Viewer `uid`'s transcode of the long file, with audio track `audio` or none. */
  const sourceOf = async (uid: string, audio: number | null) => {
    const probe = await probeFile('ffprobe', longFile);
    const { starts, end } = segmentStarts(probe, false, 1);
    const plan: HlsPlan = {
      mediaId: 'b'.repeat(24),
      uid,
      mode: 'transcode',
      audio,
      burn: null,
      videoCopy: false,
      audioCopy: false,
    };
    const token = `${uid}-${String(audio)}`;
    return { token, plan, file: longFile, probe, starts, end, profileId: uid };
  };

  it('share one ffmpeg at TRANSCODE_MAX, through seeks made at once; other content is refused', async () => {
    const sessions = sessionsOf(1, 'siblings-one');
    const [a, b, c] = await Promise.all([sourceOf('a', 0), sourceOf('b', 0), sourceOf('c', null)]);
    try {
      // A starts; B, another viewer, plays the same segments from A's ffmpeg.
      for (let n = 0; n < 3; n++) await sessions.segment(a, n);
      const [first] = sessions.pids;
      for (let n = 0; n < 6; n++) await sessions.segment(b, n);
      expect(sessions.pids).toEqual([first]);
      // Both seek to 200 at once: one ffmpeg makes it for both, nobody is refused.
      const [fromA, fromB] = await Promise.all([
        sessions.segment(a, 200),
        sessions.segment(b, 200),
      ]);
      expect(fromB).toBe(fromA);
      expect(sessions.pids).toHaveLength(1);
      expect(sessions.pids).not.toEqual([first]);
      for (let n = 201; n < 204; n++) {
        await Promise.all([sessions.segment(a, n), sessions.segment(b, n)]);
      }
      expect(sessions.pids).toHaveLength(1);
      // C asks for other content (no audio): at TRANSCODE_MAX it is refused.
      await expect(sessions.segment(c, 0)).rejects.toThrow(TranscodeLimitError);
    } finally {
      await sessions.close();
    }
  }, 120_000);

  it("stop a viewer's own ffmpeg once a sibling's makes what the viewer asks for", async () => {
    const sessions = sessionsOf(2, 'siblings-two');
    const [a, b, c] = await Promise.all([sourceOf('a', 0), sourceOf('b', 0), sourceOf('c', null)]);
    try {
      // A plays from the start, B far from A: two ffmpeg, TRANSCODE_MAX reached.
      for (let n = 0; n < 3; n++) await sessions.segment(a, n);
      await sessions.segment(b, 150);
      expect(sessions.pids).toHaveLength(2);
      // B joins A (a room): A's ffmpeg makes B's segments, and B's own stops.
      await sessions.segment(b, 3);
      await sessions.segment(b, 4);
      expect(sessions.pids).toHaveLength(1);
      // So another viewer's transcode may start.
      await sessions.segment(c, 0);
      expect(sessions.pids).toHaveLength(2);
    } finally {
      await sessions.close();
    }
  }, 120_000);
});
