/**
 * Playing the library in the browser (PLAYBACK-1..6 in docs/requirements.md) over the test
 * pattern files of tools/test-media.ts: what each file holds and how a Chromium-like browser
 * plays it, the HLS playlist and segments of a remux and a transcode (decoded by ffmpeg), a seek,
 * the audio track chosen, subtitles as valid WebVTT matching ffmpeg's own conversion, the checks
 * on names (no injection, no path outside MEDIA_DIR, no other user's plan), and the server
 * without ffmpeg. Segments last 1 s here (TRANSCODE_SEGMENT_S=1) so 6-s files have several.
 */
import { copyFile, mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEEDS_FFMPEG_MESSAGE, type Playback } from '@pigostream/contracts';
import { makeTestMedia, TEST_MEDIA, type TestMediaFile } from '../../../tools/test-media.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import {
  CHROMIUM,
  eventually,
  ffmpegChildren,
  ffmpegWebVtt,
  mediaIdOf,
  parseWebVtt,
  probeBytes,
} from './helpers/playback.ts';
import { createUser, request, type TestUser } from './helpers/users.ts';

const MP4 = 900001;
const WEBM = 900002;
const MKV = 900003;
const HEVC = 900004;
const AVI = 900005;
/** Copies of the MP4, MKV and AVI under hostile names. */
const HOSTILE = {
  dollar: { tmdb: 900020, name: '$(touch pwned) `touch pwned2` [tmdbid-900020].mp4', from: MP4 },
  dash: { tmdb: 900021, name: `-rf "quote's" [tmdbid-900021].mkv`, from: MKV },
  newline: { tmdb: 900022, name: 'new\nline; rm -rf x [tmdbid-900022].avi', from: AVI },
};

let root: string;
let mediaDir: string;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const ids = new Map<number, string>();

function file(tmdb: number): TestMediaFile {
  const found = TEST_MEDIA.find((f) => f.tmdbId === tmdb);
  if (!found) throw new Error(`no test file ${String(tmdb)}`);
  return found;
}

function fileOf(tmdb: number): string {
  return path.join(mediaDir, file(tmdb).name);
}

async function playback(user: TestUser | null, tmdb: number, query = CHROMIUM) {
  const id = ids.get(tmdb) ?? (await mediaIdOf(t.app, tmdb));
  ids.set(tmdb, id);
  return request(t.app, user, 'GET', `/pigo-stream/sources/media/${id}/playback?${query}`);
}

async function play(tmdb: number, query = CHROMIUM, user = alice): Promise<Playback> {
  const res = await playback(user, tmdb, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Playback>();
}

/** GET of a link of the playback answer, as `user`. */
function get(url: string, user: TestUser | null = alice) {
  return request(t.app, user, 'GET', url);
}

/** The segment links of a playlist. */
async function segmentsOf(playlist: string, user = alice): Promise<string[]> {
  const res = await get(playlist, user);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/vnd.apple.mpegurl');
  expect(res.headers['cache-control']).toContain('private');
  const dir = playlist.slice(0, playlist.lastIndexOf('/') + 1);
  return res.body
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => dir + line);
}

async function segment(url: string, user = alice) {
  const res = await get(url, user);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('video/mp2t');
  expect(res.headers['cache-control']).toContain('private');
  return probeBytes(res.rawPayload);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pigo-playback-'));
  mediaDir = path.join(root, 'media');
  await makeTestMedia(mediaDir);
  for (const hostile of Object.values(HOSTILE)) {
    await copyFile(fileOf(hostile.from), path.join(mediaDir, hostile.name));
  }
  await copyFile(
    fileOf(MP4).replace(/\.mp4$/, '.fr.srt'),
    path.join(mediaDir, HOSTILE.dollar.name.replace(/\.mp4$/, '.fr.srt')),
  );
  await copyFile(fileOf(MP4), path.join(root, 'Outside (2020) [tmdbid-900030].mp4'));
  await symlink(
    path.join(root, 'Outside (2020) [tmdbid-900030].mp4'),
    path.join(mediaDir, 'Outside (2020) [tmdbid-900030].mp4'),
  );
  t = await startTestApp({
    seed: false,
    env: { MEDIA_DIR: mediaDir, TRANSCODE_SEGMENT_S: '1', TRANSCODE_MAX: '4' },
  });
  [alice, bob] = await Promise.all([createUser(t.app), createUser(t.app)]);
});

afterAll(async () => {
  await t.close();
  expect(ffmpegChildren()).toEqual([]);
  await rm(root, { recursive: true, force: true });
});

describe('GET /sources/media/:id/playback', () => {
  it('answers 401 signed out', async () => {
    const res = await playback(null, MP4);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('error');
  });

  it.each(TEST_MEDIA.map((f) => [f.name, f] as const))(
    'probes %s and chooses its way to play',
    async (_name, file) => {
      const answer = await play(file.tmdbId);
      expect(answer.mode).toBe(file.expectedMode);
      expect(answer.duration).toBeGreaterThan(file.duration - 0.5);
      expect(answer.duration).toBeLessThan(file.duration + 0.5);
      expect(answer.audio_tracks.map((a) => [a.codec, a.channels, a.language])).toEqual(
        file.audio.map((a) => [a.codec, a.channels, a.language]),
      );
      expect(answer.subtitles.map((s) => [s.id, s.language, s.forced])).toEqual(
        file.subtitles.map((s) => [s.id, s.language, s.forced]),
      );
      const id = ids.get(file.tmdbId) ?? '';
      if (file.expectedMode === 'direct') {
        expect(answer).toMatchObject({ url: `/pigo-stream/sources/media/${id}`, delivery: 'file' });
      } else {
        expect(answer.delivery).toBe('hls');
        expect(answer.url).toMatch(
          new RegExp(`^/pigo-stream/sources/media/${id}/hls/[A-Za-z0-9_.-]+/main\\.m3u8$`),
        );
      }
    },
  );

  it('labels audio tracks and subtitles for the pickers', async () => {
    const mkv = await play(MKV);
    expect(mkv.audio_tracks.map((a) => a.label)).toEqual(['English (5.1)', 'Japanese (Stereo)']);
    expect(mkv.audio_track).toBe(0);
    expect(mkv.subtitles.map((s) => [s.label, s.kind])).toEqual([
      ['English', 'text'],
      ['Japanese', 'text'],
    ]);
    const mp4 = await play(MP4);
    expect(mp4.audio_tracks.map((a) => a.label)).toEqual(['Track 1 (Stereo)']);
    expect(mp4.subtitles.map((s) => s.label)).toEqual(['English (Forced)', 'French', 'Japanese']);
    expect(mp4.subtitles[1]?.url).toBe(
      `/pigo-stream/sources/media/${ids.get(MP4) ?? ''}/subtitles/s1`,
    );
  });

  it('plays an MKV directly where the browser plays MKV, AC3 included', async () => {
    const answer = await play(MKV, 'containers=mkv,mp4&video=h264&audio=aac,ac3&hls=native');
    expect(answer.mode).toBe('direct');
    // The second audio track is not the one a browser plays from the file: a remux.
    expect(
      (await play(MKV, 'containers=mkv&video=h264&audio=aac,ac3&hls=native&audio_track=1')).mode,
    ).toBe('remux');
  });

  it('answers unplayable without HLS for a file that needs it', async () => {
    const answer = await play(HEVC, 'containers=mp4&video=h264&audio=aac&hls=none');
    expect(answer).toMatchObject({ mode: 'unplayable', url: null });
    expect(answer.message).toContain('HLS');
  });

  it.each([
    ['audio_track=1', MP4],
    ['audio_track=7', MKV],
    ['audio_track=x', MKV],
    ['burn=e0', MKV],
    ['burn=s0', MP4],
    ['burn=../x', MKV],
  ])('answers 400 { error } for %s', async (query, tmdb) => {
    const res = await playback(alice, tmdb, `${CHROMIUM}&${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });

  it('answers 404 for an unknown file, 400 for a malformed id', async () => {
    const unknown = await get(
      `/pigo-stream/sources/media/0123456789abcdef01234567/playback?${CHROMIUM}`,
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await get(`/pigo-stream/sources/media/..%2F..%2Fetc/playback?${CHROMIUM}`);
    expect([400, 404]).toContain(bad.statusCode);
  });
});

describe('HLS remux and transcode', () => {
  it('remuxes the MKV: video copied, AC3 made AAC for a browser without AC3', async () => {
    const answer = await play(MKV);
    expect(answer.mode).toBe('remux');
    const segments = await segmentsOf(answer.url ?? '');
    expect(segments.length).toBeGreaterThanOrEqual(5);
    const started = Date.now();
    const first = await segment(segments[0] ?? '');
    console.info(`remux: first segment in ${String(Date.now() - started)} ms`);
    const video = first.streams.find((s) => s.codec_type === 'video');
    const audio = first.streams.filter((s) => s.codec_type === 'audio');
    expect(video?.codec_name).toBe('h264');
    expect(audio.map((a) => [a.codec_name, a.channels, a.tags?.language])).toEqual([
      ['aac', 2, 'eng'],
    ]);
    // Every segment decodes, and they follow each other.
    const starts: number[] = [];
    for (const url of segments) {
      const probed = await segment(url);
      starts.push(Number(probed.format.start_time));
    }
    for (let i = 1; i < starts.length; i++) {
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThan(0.5);
    }
  });

  it('plays the chosen audio track: Japanese AAC stereo, copied', async () => {
    const answer = await play(MKV, `${CHROMIUM}&audio_track=1`);
    expect(answer).toMatchObject({ mode: 'remux', audio_track: 1 });
    const segments = await segmentsOf(answer.url ?? '');
    const probed = await segment(segments[1] ?? '');
    const audio = probed.streams.filter((s) => s.codec_type === 'audio');
    expect(audio.map((a) => [a.codec_name, a.channels, a.tags?.language])).toEqual([
      ['aac', 2, 'jpn'],
    ]);
  });

  it.each([
    ['HEVC', HEVC],
    ['XviD AVI', AVI],
  ])('transcodes the %s file to H.264 and AAC', async (_name, tmdb) => {
    const answer = await play(tmdb);
    expect(answer.mode).toBe('transcode');
    const segments = await segmentsOf(answer.url ?? '');
    expect(segments).toHaveLength(6);
    const started = Date.now();
    const first = await segment(segments[0] ?? '');
    console.info(`transcode ${_name}: first segment in ${String(Date.now() - started)} ms`);
    // Only what the browser cannot decode is re-encoded: MP3 audio is copied.
    const audio = file(tmdb).audio[0]?.codec === 'mp3' ? 'mp3' : 'aac';
    expect(first.streams.map((s) => s.codec_name).sort()).toEqual([audio, 'h264'].sort());
    for (const url of segments.slice(1)) await segment(url);
  });

  it('seeks: a segment at 80 % of a fresh session answers promptly, starting there', async () => {
    // Bob's first request of this file is the segment at 80 %: ffmpeg starts there.
    const answer = await play(AVI, CHROMIUM, bob);
    const segments = await segmentsOf(answer.url ?? '', bob);
    const at = Math.floor(segments.length * 0.8);
    const started = Date.now();
    const late = await segment(segments[at] ?? '', bob);
    const took = Date.now() - started;
    console.info(`seek to segment ${String(at)}: answered in ${String(took)} ms`);
    expect(took).toBeLessThan(5000);
    const first = await segment(segments[0] ?? '', bob);
    const offset = Number(late.format.start_time) - Number(first.format.start_time);
    expect(Math.abs(offset - at)).toBeLessThan(0.1);
  });

  it("refuses another user's plan, a tampered plan and file names that are not the plan's", async () => {
    const answer = await play(HEVC);
    const url = answer.url ?? '';
    expect((await get(url, bob)).statusCode).toBe(404);
    expect((await get(url, null)).statusCode).toBe(401);
    const [, plan = ''] = /\/hls\/([^/]+)\//.exec(url) ?? [];
    const tampered = plan.replace(/^./, (c) => (c === 'W' ? 'X' : 'W'));
    expect((await get(url.replace(plan, tampered))).statusCode).toBe(404);
    const other = await play(AVI);
    const otherPlan = /\/hls\/([^/]+)\//.exec(other.url ?? '')?.[1] ?? '';
    expect((await get(url.replace(plan, otherPlan))).statusCode).toBe(404);
    const dir = url.slice(0, url.lastIndexOf('/') + 1);
    for (const name of [
      '..%2Fmain.m3u8',
      '%2e%2e',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      'seg-1.ts',
      'seg99.ts',
      'seg1.ts%00',
      'seg1.mp4',
      'main.m3u8.bak',
    ]) {
      const res = await get(dir + name);
      expect([400, 404], name).toContain(res.statusCode);
      expect(res.json(), name).toHaveProperty('error');
    }
  });
});

describe('GET /sources/media/:id/subtitles/:subtitleId', () => {
  async function vtt(tmdb: number, sid: string, user: TestUser | null = alice) {
    const id = ids.get(tmdb) ?? (await mediaIdOf(t.app, tmdb));
    ids.set(tmdb, id);
    return request(t.app, user, 'GET', `/pigo-stream/sources/media/${id}/subtitles/${sid}`);
  }

  /** The cues of ours and ffmpeg's agree: count, times within 10 ms, text. */
  function expectSameCues(ours: string, theirs: string) {
    const a = parseWebVtt(ours);
    const b = parseWebVtt(theirs);
    expect(a).toHaveLength(b.length);
    a.forEach((cue, i) => {
      const other = b[i];
      expect(Math.abs(cue.startTime - (other?.startTime ?? -1))).toBeLessThan(0.01);
      expect(Math.abs(cue.endTime - (other?.endTime ?? -1))).toBeLessThan(0.01);
      expect(cue.text).toBe(other?.text);
    });
  }

  it.each([
    ['s0', 'en.forced.srt', undefined],
    ['s1', 'fr.srt', 'CP1252'],
    ['s2', 'ja.ass', undefined],
  ])('serves sidecar %s (%s) as WebVTT like ffmpeg converts it', async (sid, suffix, charset) => {
    const res = await vtt(MP4, sid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    const base = fileOf(MP4).replace(/\.mp4$/, '');
    const theirs = await ffmpegWebVtt(`${base}.${suffix}`, charset ? { charset } : {});
    expectSameCues(res.body, theirs);
    const expected = TEST_MEDIA.find((f) => f.tmdbId === MP4)?.subtitles.find((s) => s.id === sid);
    expect(parseWebVtt(res.body).map((c) => c.text)).toEqual(expected?.cues);
  });

  it.each([
    ['s0', 'en.ass', 'an ASS event starting with override blocks and italics'],
    ['s1', 'es.sub', 'MicroDVD at its own 23.976 fps beside a 25-fps video'],
  ])('serves the WebM sidecar %s (%s: %s) as WebVTT like ffmpeg', async (sid, suffix) => {
    const res = await vtt(WEBM, sid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    const theirs = await ffmpegWebVtt(`${fileOf(WEBM).replace(/\.webm$/, '')}.${suffix}`);
    expectSameCues(res.body, theirs);
    const expected = file(WEBM).subtitles.find((s) => s.id === sid);
    expect(parseWebVtt(res.body).map((c) => c.text)).toEqual(expected?.cues);
  });

  it('reads the Windows-1252 sidecar with its accents intact', async () => {
    const res = await vtt(MP4, 's1');
    expect(res.body).toContain('Café déjà vu');
    expect(res.body).toContain("Élève à l'école");
    expect(res.body).not.toContain('\uFFFD');
  });

  it.each([
    ['e0', 0],
    ['e1', 1],
  ])('extracts the embedded text subtitle %s as WebVTT like ffmpeg', async (sid, index) => {
    const res = await vtt(MKV, sid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expectSameCues(res.body, await ffmpegWebVtt(fileOf(MKV), { index }));
    expect(parseWebVtt(res.body).map((c) => c.text)).toEqual(
      TEST_MEDIA.find((f) => f.tmdbId === MKV)?.subtitles[index]?.cues,
    );
  });

  it('answers 401 signed out', async () => {
    expect((await vtt(MP4, 's0', null)).statusCode).toBe(401);
  });

  it.each(['s3', 'e5', 'e0'])(
    'answers 404 { error } for %s the file does not have',
    async (sid) => {
      const res = await vtt(MP4, sid);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('error');
    },
  );

  it.each(['..', '%2e%2e'])(
    'resolves %s as a URL does: the file itself, not a subtitle',
    async (sid) => {
      // `subtitles/..` is `/sources/media/{id}/`: the library file, as a browser resolves it.
      const res = await vtt(MP4, sid);
      expect(res.headers['content-type']).not.toContain('text/vtt');
      expect(res.body).not.toContain('root:');
    },
  );

  it.each(['..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd', 's0%2F..', 's-1', 'x1', 's0.srt', 's1%00'])(
    'refuses %s with 400 or 404, never a file',
    async (sid) => {
      const res = await vtt(MP4, sid);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json()).toHaveProperty('error');
      expect(res.body).not.toContain('root:');
    },
  );
});

describe('names and paths', () => {
  it('probes and plays files named with $(), quotes, a newline and a leading dash', async () => {
    for (const hostile of Object.values(HOSTILE)) {
      const answer = await play(hostile.tmdb);
      const expected = TEST_MEDIA.find((f) => f.tmdbId === hostile.from);
      expect(answer.mode, hostile.name).toBe(expected?.expectedMode);
      expect(answer.audio_tracks.length, hostile.name).toBe(expected?.audio.length);
      if (answer.delivery === 'hls') {
        const segments = await segmentsOf(answer.url ?? '');
        const probed = await segment(segments[0] ?? '');
        expect(
          probed.streams.some((s) => s.codec_name === 'h264'),
          hostile.name,
        ).toBe(true);
      }
    }
    const dollar = await play(HOSTILE.dollar.tmdb);
    const res = await get(dollar.subtitles[0]?.url ?? 'no subtitle');
    expect(res.body).toContain('Café déjà vu');
    for (const dir of [process.cwd(), mediaDir, root, tmpdir()]) {
      await expect(stat(path.join(dir, 'pwned'))).rejects.toThrow();
      await expect(stat(path.join(dir, 'pwned2'))).rejects.toThrow();
    }
  });

  it('neither lists nor probes a symlink out of MEDIA_DIR', async () => {
    const res = await t.app.inject({ url: '/pigo-stream/sources/servers?id=900030&type=movie' });
    expect(res.json<{ server_name: string }[]>().map((s) => s.server_name)).not.toContain(
      'Local library',
    );
  });

  it('keeps the probes with the media index', async () => {
    const rows = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from media_files where probe is not null`,
    );
    expect(rows.rows[0]?.n).toBeGreaterThanOrEqual(TEST_MEDIA.length);
  });
});

describe('without ffmpeg (FFMPEG_PATH and FFPROBE_PATH pointing nowhere)', () => {
  let bare: TestApp;
  let carol: TestUser;
  beforeAll(async () => {
    bare = await startTestApp({
      seed: false,
      env: {
        MEDIA_DIR: mediaDir,
        FFMPEG_PATH: '/nonexistent/ffmpeg',
        FFPROBE_PATH: '/nonexistent/ffprobe',
      },
    });
    carol = await createUser(bare.app);
  });
  afterAll(() => bare.close());

  async function bareAnswer(tmdb: number): Promise<Playback> {
    const id = await mediaIdOf(bare.app, tmdb);
    const res = await request(
      bare.app,
      carol,
      'GET',
      `/pigo-stream/sources/media/${id}/playback?${CHROMIUM}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Playback>();
  }

  it('still plays MP4 and WebM files directly', async () => {
    expect((await bareAnswer(MP4)).mode).toBe('direct');
    expect((await bareAnswer(WEBM)).mode).toBe('direct');
    const id = await mediaIdOf(bare.app, MP4);
    const file = await bare.app.inject({
      url: `/pigo-stream/sources/media/${id}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(file.statusCode).toBe(206);
    expect(file.rawPayload.equals((await readFile(fileOf(MP4))).subarray(0, 10))).toBe(true);
  });

  it('answers unplayable with the message for an HEVC MKV', async () => {
    const answer = await bareAnswer(HEVC);
    expect(answer).toMatchObject({ mode: 'unplayable', url: null, message: NEEDS_FFMPEG_MESSAGE });
  });
});

describe('with ffprobe but no ffmpeg (FFMPEG_PATH=/nonexistent)', () => {
  let half: TestApp;
  let dave: TestUser;
  beforeAll(async () => {
    half = await startTestApp({
      seed: false,
      env: { MEDIA_DIR: mediaDir, FFMPEG_PATH: '/nonexistent' },
    });
    dave = await createUser(half.app);
  });
  afterAll(() => half.close());

  it('plays direct files directly and answers the HEVC file unplayable, tracks listed', async () => {
    const ask = async (tmdb: number) => {
      const id = await mediaIdOf(half.app, tmdb);
      const res = await request(
        half.app,
        dave,
        'GET',
        `/pigo-stream/sources/media/${id}/playback?${CHROMIUM}`,
      );
      return res.json<Playback>();
    };
    expect((await ask(MP4)).mode).toBe('direct');
    const hevc = await ask(HEVC);
    expect(hevc).toMatchObject({ mode: 'unplayable', message: NEEDS_FFMPEG_MESSAGE });
    expect(hevc.audio_tracks).toHaveLength(1);
  });
});

it('leaves no ffmpeg running 12 s after the last request', async () => {
  expect(await eventually(() => ffmpegChildren().length === 0, 13_000)).toBe(true);
}, 20_000);
