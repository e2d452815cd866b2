/**
 * Short test-pattern videos made with ffmpeg (lavfi `testsrc2` and `sine`), named the Jellyfin
 * way, for the playback tests (PLAYBACK-1..6 in docs/requirements.md): the server's
 * (apps/server/test/playback*.test.ts) and the browser's. Each file lasts 6 s at 320x180 with a
 * keyframe every second; all of them are made once per machine and version of this list into a
 * cache folder under the system's temporary folder, then copied where a test asks.
 *
 * ```ts
 * const files = await makeTestMedia(mediaDir); // every file of TEST_MEDIA, in mediaDir
 * ```
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';

/** One audio track a test file holds, as ffprobe names it. */
export interface TestAudioTrack {
  codec: string;
  channels: number;
  language: string | null;
}

/** One subtitle a test file holds or has beside it. */
export interface TestSubtitle {
  /** The subtitle's id in the playback answer (`e{n}` inside, `s{n}` beside). */
  id: string;
  language: string | null;
  forced: boolean;
  /** The cue texts, in order (styling reduced to `<i>`, `<b>`, `<u>` and newlines). */
  cues: string[];
}

/** One file of the test library. */
export interface TestMediaFile {
  /** File name (also its path relative to the media folder). */
  name: string;
  /** Library key: `movie:{tmdbId}`. */
  key: string;
  tmdbId: number;
  /** What the playback answer says for a browser decoding H.264, VP9, AAC, Opus, MP3 in MP4/WebM. */
  expectedMode: 'direct' | 'remux' | 'transcode';
  /** ffprobe's video codec name. */
  video: string;
  audio: TestAudioTrack[];
  subtitles: TestSubtitle[];
  /** Sidecar subtitle files beside it (names). */
  sidecars: string[];
  /** Length in seconds. */
  duration: number;
}

/** Length of every test file, in seconds. */
export const TEST_MEDIA_SECONDS = 6;

const SRT_ENG = [
  '1',
  '00:00:00,500 --> 00:00:02,000',
  'Hello from the pattern',
  '',
  '2',
  '00:00:02,500 --> 00:00:04,250',
  '<i>Second line</i>',
  'on two rows',
  '',
].join('\n');

const ASS_HEADER = [
  '[Script Info]',
  'ScriptType: v4.00+',
  'PlayResX: 320',
  'PlayResY: 180',
  '',
  '[V4+ Styles]',
  'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
  'Style: Default,Arial,16,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1',
  '',
  '[Events]',
  'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
];

const ASS_JPN = [
  ...ASS_HEADER,
  'Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\an8}こんにちは、世界',
  'Dialogue: 0,0:00:03.00,0:00:04.50,Default,,0,0,0,,{\\i1}斜体{\\i0}\\N二行目, with a comma',
  '',
].join('\n');

const SRT_FR_CUES = ['Café déjà vu', "Élève à l'école"];
const SRT_FR = [
  '1',
  '00:00:00,800 --> 00:00:02,200',
  SRT_FR_CUES[0],
  '',
  '2',
  '00:00:03,000 --> 00:00:05,000',
  SRT_FR_CUES[1],
  '',
].join('\r\n');

const SRT_EN_FORCED = ['1', '00:00:01,000 --> 00:00:03,000', 'Forced: “sign” text', ''].join('\n');

/** ASS events that start with override blocks, out of time order, with a Comment between. */
const ASS_ENG = [
  ...ASS_HEADER,
  'Dialogue: 0,0:00:03.00,0:00:04.50,Default,,0,0,0,,{\\b1}Bold{\\b0} and {\\u1}under{\\u0}\\Nnext line',
  'Comment: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,A comment, never shown',
  'Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\an8}{\\i1}Hello{\\i0} world',
  '',
].join('\n');

/** MicroDVD at its own 23.976 fps (the video's is 25): frames 24..60 are 1.001..2.503 s. */
const SUB_SPA = [
  '{1}{1}23.976',
  '{24}{60}Hola desde MicroDVD',
  '{72}{108}/Cursiva|segunda línea',
  '{120}{130}{y:i}Fin',
  '',
].join('\r\n');

const MP4 = 'Pattern MP4 (2020) [tmdbid-900001].mp4';
const MP4_BASE = MP4.slice(0, -'.mp4'.length);
const WEBM = 'Pattern WebM (2020) [tmdbid-900002].webm';
const WEBM_BASE = WEBM.slice(0, -'.webm'.length);

/** The test library: every shape PLAYBACK-1 tells apart. */
export const TEST_MEDIA: TestMediaFile[] = [
  {
    name: MP4,
    key: 'movie:900001',
    tmdbId: 900001,
    expectedMode: 'direct',
    video: 'h264',
    audio: [{ codec: 'aac', channels: 2, language: null }],
    subtitles: [
      { id: 's0', language: 'en', forced: true, cues: ['Forced: “sign” text'] },
      { id: 's1', language: 'fr', forced: false, cues: SRT_FR_CUES },
      {
        id: 's2',
        language: 'ja',
        forced: false,
        cues: ['こんにちは、世界', '<i>斜体</i>\n二行目, with a comma'],
      },
    ],
    sidecars: [`${MP4_BASE}.en.forced.srt`, `${MP4_BASE}.fr.srt`, `${MP4_BASE}.ja.ass`],
    duration: TEST_MEDIA_SECONDS,
  },
  {
    name: WEBM,
    key: 'movie:900002',
    tmdbId: 900002,
    expectedMode: 'direct',
    video: 'vp9',
    audio: [{ codec: 'opus', channels: 2, language: null }],
    subtitles: [
      {
        id: 's0',
        language: 'en',
        forced: false,
        cues: ['<i>Hello</i> world', '<b>Bold</b> and <u>under</u>\nnext line'],
      },
      {
        id: 's1',
        language: 'es',
        forced: false,
        cues: ['Hola desde MicroDVD', '<i>Cursiva</i>\nsegunda línea', '<i>Fin</i>'],
      },
    ],
    sidecars: [`${WEBM_BASE}.en.ass`, `${WEBM_BASE}.es.sub`],
    duration: TEST_MEDIA_SECONDS,
  },
  {
    name: 'Pattern MKV (2020) [tmdbid-900003].mkv',
    key: 'movie:900003',
    tmdbId: 900003,
    expectedMode: 'remux',
    video: 'h264',
    audio: [
      { codec: 'ac3', channels: 6, language: 'eng' },
      { codec: 'aac', channels: 2, language: 'jpn' },
    ],
    subtitles: [
      {
        id: 'e0',
        language: 'eng',
        forced: false,
        cues: ['Hello from the pattern', '<i>Second line</i>\non two rows'],
      },
      {
        id: 'e1',
        language: 'jpn',
        forced: false,
        cues: ['こんにちは、世界', '<i>斜体</i>\n二行目, with a comma'],
      },
    ],
    sidecars: [],
    duration: TEST_MEDIA_SECONDS,
  },
  {
    name: 'Pattern HEVC (2020) [tmdbid-900004].mkv',
    key: 'movie:900004',
    tmdbId: 900004,
    expectedMode: 'transcode',
    video: 'hevc',
    audio: [{ codec: 'aac', channels: 2, language: null }],
    subtitles: [],
    sidecars: [],
    duration: TEST_MEDIA_SECONDS,
  },
  {
    name: 'Pattern XviD (2020) [tmdbid-900005].avi',
    key: 'movie:900005',
    tmdbId: 900005,
    expectedMode: 'transcode',
    video: 'mpeg4',
    audio: [{ codec: 'mp3', channels: 2, language: null }],
    subtitles: [],
    sidecars: [],
    duration: TEST_MEDIA_SECONDS,
  },
];

/** What a browser decoding H.264, VP9, AAC, Opus and MP3 in MP4 and WebM says (the tests'). */
export const CHROMIUM_CAPABILITIES =
  'containers=mp4,webm&video=h264,vp9,av1&audio=aac,mp3,opus,vorbis,flac&hls=mse';

const SOURCE = (seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=320x180:rate=25:duration=${String(seconds)}`,
];
const TONE = (hz: number, seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=${String(hz)}:sample_rate=48000:duration=${String(seconds)}`,
];
/** One keyframe a second (25 frames), none elsewhere. */
const GOP = ['-g', '25', '-keyint_min', '25', '-sc_threshold', '0'];
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...GOP];

/**
 * Runs ffmpeg with `args` in `cwd` (no prompt, errors only, overwriting), at most 60 s; rejects
 * with the command line and ffmpeg's own message when it fails. Every test file made with ffmpeg
 * is made through this.
 */
export function ffmpeg(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'ffmpeg',
      ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args],
      { cwd, timeout: 60_000 },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`ffmpeg ${args.join(' ')}: ${stderr || error.message}`));
        else resolve();
      },
    );
  });
}

/** Makes every file of {@link TEST_MEDIA} (and its sidecars) into `dir`. */
async function generate(dir: string): Promise<void> {
  const s = TEST_MEDIA_SECONDS;
  await writeFile(path.join(dir, 'eng.srt'), SRT_ENG);
  await writeFile(path.join(dir, 'jpn.ass'), ASS_JPN);
  await writeFile(path.join(dir, `${MP4_BASE}.fr.srt`), iconv.encode(SRT_FR, 'windows-1252'));
  await writeFile(path.join(dir, `${MP4_BASE}.en.forced.srt`), SRT_EN_FORCED);
  await writeFile(path.join(dir, `${MP4_BASE}.ja.ass`), ASS_JPN);
  await writeFile(path.join(dir, `${WEBM_BASE}.en.ass`), ASS_ENG);
  await writeFile(path.join(dir, `${WEBM_BASE}.es.sub`), SUB_SPA);
  const [mp4, webm, mkv, hevc, avi] = TEST_MEDIA.map((file) => file.name) as [
    string,
    string,
    string,
    string,
    string,
  ];
  await Promise.all([
    ffmpeg(
      [
        ...SOURCE(s),
        ...TONE(440, s),
        ...X264,
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-ac',
        '2',
        '-movflags',
        '+faststart',
        mp4,
      ],
      dir,
    ),
    ffmpeg(
      [
        ...SOURCE(s),
        ...TONE(440, s),
        '-c:v',
        'libvpx-vp9',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-b:v',
        '150k',
        ...GOP,
        '-c:a',
        'libopus',
        '-b:a',
        '48k',
        '-ac',
        '2',
        webm,
      ],
      dir,
    ),
    ffmpeg(
      [
        ...SOURCE(s),
        ...TONE(440, s),
        ...TONE(660, s),
        '-i',
        'eng.srt',
        '-i',
        'jpn.ass',
        '-filter_complex',
        '[1:a]pan=5.1|FL=c0|FR=c0|FC=c0|LFE=c0|BL=c0|BR=c0[surround]',
        '-map',
        '0:v',
        '-map',
        '[surround]',
        '-map',
        '2:a',
        '-map',
        '3:s',
        '-map',
        '4:s',
        ...X264,
        '-c:a:0',
        'ac3',
        '-b:a:0',
        '192k',
        '-c:a:1',
        'aac',
        '-b:a:1',
        '64k',
        '-ac:a:1',
        '2',
        '-c:s:0',
        'srt',
        '-c:s:1',
        'ass',
        '-metadata:s:a:0',
        'language=eng',
        '-metadata:s:a:1',
        'language=jpn',
        '-metadata:s:s:0',
        'language=eng',
        '-metadata:s:s:1',
        'language=jpn',
        '-disposition:a:0',
        'default',
        '-disposition:a:1',
        '0',
        '-disposition:s:0',
        '0',
        '-disposition:s:1',
        '0',
        mkv,
      ],
      dir,
    ),
    ffmpeg(
      [
        ...SOURCE(s),
        ...TONE(440, s),
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        'keyint=25:min-keyint=25:scenecut=0:log-level=error',
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-ac',
        '2',
        hevc,
      ],
      dir,
    ),
    ffmpeg(
      [
        ...SOURCE(s),
        ...TONE(440, s),
        '-c:v',
        'mpeg4',
        '-vtag',
        'XVID',
        '-q:v',
        '6',
        ...GOP,
        '-c:a',
        'libmp3lame',
        '-b:a',
        '64k',
        '-ac',
        '2',
        avi,
      ],
      dir,
    ),
  ]);
  await rm(path.join(dir, 'eng.srt'));
  await rm(path.join(dir, 'jpn.ass'));
}

/** The cache folder of this version of the list. */
function cacheDir(): string {
  const version = createHash('sha256')
    .update(
      JSON.stringify(TEST_MEDIA) + SRT_ENG + ASS_JPN + SRT_FR + SRT_EN_FORCED + ASS_ENG + SUB_SPA,
    )
    .digest('hex')
    .slice(0, 12);
  return path.join(tmpdir(), `pigostream-test-media-${version}`);
}

let made: Promise<string> | undefined;

/** Makes the cache once (per process; other processes find it made, or make it in parallel). */
function cached(): Promise<string> {
  made ??= (async () => {
    const dir = cacheDir();
    if (await stat(path.join(dir, TEST_MEDIA[0]?.name ?? '')).catch(() => undefined)) return dir;
    const work = await mkdtemp(`${dir}-work-`);
    await generate(work);
    // Another process may have made it meanwhile: its copy is as good, keep it.
    await rename(work, dir).catch(() => rm(work, { recursive: true, force: true }));
    return dir;
  })();
  return made;
}

/**
 * Puts every file of {@link TEST_MEDIA}, with its sidecar subtitles, into `dir` (made when
 * missing) and answers the list. Takes a few seconds the first time on a machine, then copies.
 * @throws Error with ffmpeg's message when ffmpeg is missing or fails.
 */
export async function makeTestMedia(dir: string): Promise<TestMediaFile[]> {
  const source = await cached();
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(source)) {
    await cp(path.join(source, name), path.join(dir, name));
  }
  return TEST_MEDIA;
}
