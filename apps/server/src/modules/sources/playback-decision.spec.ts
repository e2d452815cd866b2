/**
 * PLAYBACK-2's decision table, the HLS plan's signature and segment cuts (PLAYBACK-4), sidecar
 * names and subtitle text (PLAYBACK-3), and language names (PLAYBACK-3).
 */
import { describe, expect, it } from 'vitest';
import { NEEDS_FFMPEG_MESSAGE } from '@pigostream/contracts';
import { PlanSigner, segmentStarts, type HlsPlan } from './hls-plan.ts';
import { languageName, PROBE_VERSION, sidecarsOf, type MediaProbe } from './media-probe.ts';
import {
  containerName,
  decidePlayback,
  NEEDS_HLS_MESSAGE,
  type BrowserCapabilities,
} from './playback-decision.ts';
import { assText, decodeSubtitle, parseCues, sidecarToWebVtt } from './subtitles.ts';

function probe(
  container: string,
  video: string,
  audio: [string, number, boolean?][],
  extra: Partial<MediaProbe['video'] & object> = {},
): MediaProbe {
  return {
    version: PROBE_VERSION,
    container,
    duration: 60,
    startTime: 0,
    video: {
      codec: video,
      profile: null,
      pixFmt: 'yuv420p',
      bitDepth: 8,
      width: 1280,
      height: 720,
      fps: 25,
      ...extra,
    },
    audio: audio.map(([codec, channels, isDefault], index) => ({
      index,
      codec,
      channels,
      language: null,
      default: isDefault ?? false,
      title: null,
    })),
    subtitles: [],
  };
}

const MP4 = 'mov,mp4,m4a,3gp,3g2,mj2';
const MKV = 'matroska,webm';
const chromium: BrowserCapabilities = {
  containers: ['mp4', 'webm'],
  video: ['h264', 'vp9', 'av1'],
  audio: ['aac', 'mp3', 'opus', 'vorbis', 'flac'],
  hls: 'mse',
};
const safari: BrowserCapabilities = {
  containers: ['mp4'],
  video: ['h264', 'hevc', 'h264_10bit'],
  audio: ['aac', 'mp3', 'ac3', 'eac3'],
  hls: 'native',
};

describe('containerName', () => {
  it.each([
    [probe(MP4, 'h264', [['aac', 2]]), 'mp4'],
    [probe(MKV, 'vp9', [['opus', 2]]), 'webm'],
    [probe(MKV, 'av1', [['vorbis', 2]]), 'webm'],
    [probe(MKV, 'vp9', [['aac', 2]]), 'mkv'],
    [probe(MKV, 'h264', [['opus', 2]]), 'mkv'],
    [probe('avi', 'mpeg4', [['mp3', 2]]), 'avi'],
    [probe('mpegts', 'h264', [['ac3', 6]]), 'ts'],
    [probe('asf', 'wmv3', [['wmav2', 2]]), 'wmv'],
  ])('names %# %s', (p, name) => {
    expect(containerName(p)).toBe(name);
  });
});

describe('decidePlayback (PLAYBACK-2)', () => {
  const cases: [
    string,
    MediaProbe,
    BrowserCapabilities,
    number | undefined,
    boolean,
    string,
    boolean?,
    boolean?,
  ][] = [
    [
      'H.264/AAC MP4 in Chromium',
      probe(MP4, 'h264', [['aac', 2]]),
      chromium,
      undefined,
      false,
      'direct',
    ],
    [
      'VP9/Opus WebM in Chromium',
      probe(MKV, 'vp9', [['opus', 2]]),
      chromium,
      undefined,
      false,
      'direct',
    ],
    [
      'H.264/AC3 MKV in Chromium: remux, AC3 to AAC',
      probe(MKV, 'h264', [['ac3', 6]]),
      chromium,
      undefined,
      false,
      'remux',
      true,
      false,
    ],
    [
      'H.264/AAC MKV in Chromium: remux, all copied',
      probe(MKV, 'h264', [['aac', 2]]),
      chromium,
      undefined,
      false,
      'remux',
      true,
      true,
    ],
    [
      'H.264/AC3 MKV in Safari: remux, AC3 copied',
      probe(MKV, 'h264', [['ac3', 6]]),
      safari,
      undefined,
      false,
      'remux',
      true,
      true,
    ],
    [
      'HEVC MKV in Chromium: transcode',
      probe(MKV, 'hevc', [['aac', 2]]),
      chromium,
      undefined,
      false,
      'transcode',
      false,
      true,
    ],
    [
      'HEVC MP4 in Safari: direct',
      probe(MP4, 'hevc', [['aac', 2]]),
      safari,
      undefined,
      false,
      'direct',
    ],
    [
      'HEVC MKV in Safari (native HLS): transcode, TS carries no HEVC for it',
      probe(MKV, 'hevc', [['aac', 2]]),
      safari,
      undefined,
      false,
      'transcode',
      false,
      true,
    ],
    [
      'HEVC MKV in hls.js decoding HEVC: remux',
      probe(MKV, 'hevc', [['aac', 2]]),
      { ...chromium, video: ['h264', 'hevc'] },
      undefined,
      false,
      'remux',
      true,
      true,
    ],
    [
      'XviD/MP3 AVI: transcode, MP3 copied',
      probe('avi', 'mpeg4', [['mp3', 2]]),
      chromium,
      undefined,
      false,
      'transcode',
      false,
      true,
    ],
    [
      '10-bit H.264 MP4 without h264_10bit: transcode',
      probe(MP4, 'h264', [['aac', 2]], { pixFmt: 'yuv420p10le', bitDepth: 10 }),
      chromium,
      undefined,
      false,
      'transcode',
    ],
    [
      '10-bit H.264 MP4 with h264_10bit: direct',
      probe(MP4, 'h264', [['aac', 2]], { pixFmt: 'yuv420p10le', bitDepth: 10 }),
      safari,
      undefined,
      false,
      'direct',
    ],
    [
      '4:2:2 H.264: transcode',
      probe(MP4, 'h264', [['aac', 2]], { pixFmt: 'yuv422p' }),
      chromium,
      undefined,
      false,
      'transcode',
    ],
    [
      'second audio track of an MP4: remux',
      probe(MP4, 'h264', [
        ['aac', 2],
        ['aac', 6],
      ]),
      chromium,
      1,
      false,
      'remux',
      true,
      true,
    ],
    [
      'the default audio track of an MP4: direct',
      probe(MP4, 'h264', [
        ['aac', 2],
        ['aac', 6, true],
      ]),
      chromium,
      1,
      false,
      'direct',
    ],
    [
      'a non-default first track when another is default: remux',
      probe(MP4, 'h264', [
        ['aac', 2],
        ['aac', 6, true],
      ]),
      chromium,
      0,
      false,
      'remux',
    ],
    [
      'Opus as the first track of an MP4 for a browser decoding it: direct',
      probe(MP4, 'h264', [
        ['opus', 2],
        ['aac', 2],
      ]),
      chromium,
      0,
      false,
      'direct',
    ],
    [
      'an image subtitle burnt in: transcode',
      probe(MP4, 'h264', [['aac', 2]]),
      chromium,
      undefined,
      true,
      'transcode',
      false,
      true,
    ],
  ];
  it.each(cases)('%s', (_name, p, caps, audio, burn, mode, videoCopy, audioCopy) => {
    const decision = decidePlayback(p, caps, audio, burn, true);
    expect(decision.mode).toBe(mode);
    if (videoCopy !== undefined) expect(decision.videoCopy).toBe(videoCopy);
    if (audioCopy !== undefined) expect(decision.audioCopy).toBe(audioCopy);
  });

  it('answers unplayable with the ffmpeg message when not direct and no ffmpeg (PLAYBACK-5)', () => {
    expect(
      decidePlayback(probe(MKV, 'hevc', [['aac', 2]]), chromium, undefined, false, false),
    ).toEqual({
      mode: 'unplayable',
      videoCopy: false,
      audioCopy: false,
      message: NEEDS_FFMPEG_MESSAGE,
    });
    expect(
      decidePlayback(probe(MP4, 'h264', [['aac', 2]]), chromium, undefined, false, false).mode,
    ).toBe('direct');
  });

  it('answers unplayable for a browser without HLS when not direct', () => {
    const decision = decidePlayback(
      probe(MKV, 'h264', [['ac3', 6]]),
      { ...chromium, hls: 'none' },
      undefined,
      false,
      true,
    );
    expect(decision).toMatchObject({ mode: 'unplayable', message: NEEDS_HLS_MESSAGE });
  });
});

describe('HLS plans (PLAYBACK-4)', () => {
  const plan: HlsPlan = {
    mediaId: 'a'.repeat(24),
    uid: 'user-1',
    mode: 'remux',
    audio: 1,
    burn: null,
    videoCopy: true,
    audioCopy: false,
  };

  it('round-trips a signed plan, and refuses a changed one or another secret', () => {
    const signer = new PlanSigner('s'.repeat(32));
    const token = signer.sign(plan);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(signer.verify(token)).toEqual(plan);
    const [payload = '', mac = ''] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify(['a'.repeat(24), 'user-2', 'r', 1, null, 1, 0]),
    ).toString('base64url');
    expect(signer.verify(`${forged}.${mac}`)).toBeUndefined();
    expect(signer.verify(`${payload}.${mac.slice(0, -1)}A`)).toBeUndefined();
    expect(new PlanSigner('t'.repeat(32)).verify(token)).toBeUndefined();
    expect(signer.verify('../../etc/passwd')).toBeUndefined();
  });

  it('cuts re-encoded video every target seconds, with no short last segment', () => {
    const p = { ...probe(MKV, 'hevc', [['aac', 2]]), duration: 20 };
    expect(segmentStarts(p, false, 6)).toEqual({ starts: [0, 6, 12], end: 20 });
  });

  it('cuts copied video at keyframes nearest the target, at least 2/3 of it apart', () => {
    const keyframes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
    const p = { ...probe(MKV, 'h264', [['aac', 2]]), duration: 20, keyframes };
    expect(segmentStarts(p, true, 6).starts).toEqual([0, 6, 12, 17]);
    const sparse = { ...p, keyframes: [0, 2.5, 10, 11, 19] };
    expect(segmentStarts(sparse, true, 6).starts).toEqual([0, 10]);
  });
});

describe('sidecar subtitles (PLAYBACK-3)', () => {
  it('reads languages and flags from names the Jellyfin way', () => {
    const names = [
      'Film (2020).mkv',
      'Film (2020).srt',
      'Film (2020).fr.srt',
      'Film (2020).en.forced.srt',
      'Film (2020).en.sdh.srt',
      'Film (2020).ja.default.ass',
      'Film (2020).hi.srt',
      'Film (2020).de.hi.vtt',
      'Film (2020).idx',
      'Film (2020).sub',
      'Film (2020).en.sub',
      'Other.srt',
      'Film (2020).nfo',
    ];
    expect(
      sidecarsOf('/m/Film (2020).mkv', names).map((s) => [
        s.file,
        s.language,
        s.forced,
        s.sdh,
        s.default,
      ]),
    ).toEqual([
      ['Film (2020).de.hi.vtt', 'de', false, true, false],
      ['Film (2020).en.forced.srt', 'en', true, false, false],
      ['Film (2020).en.sdh.srt', 'en', false, true, false],
      ['Film (2020).en.sub', 'en', false, false, false],
      ['Film (2020).fr.srt', 'fr', false, false, false],
      ['Film (2020).hi.srt', 'hi', false, false, false],
      ['Film (2020).ja.default.ass', 'ja', false, false, true],
      ['Film (2020).srt', null, false, false, false],
    ]);
  });

  it.each([
    ['eng', 'English'],
    ['en', 'English'],
    ['fre', 'French'],
    ['ger', 'German'],
    ['jpn', 'Japanese'],
    ['und', null],
    ['xx', null],
    ['../x', null],
  ])('names the language %s as %s', (code, name) => {
    expect(languageName(code)).toBe(name);
  });

  it('decodes UTF-8, UTF-16 with a mark, and Windows-1252 text', () => {
    expect(decodeSubtitle(Buffer.from('Café', 'utf8')).text).toBe('Café');
    expect(
      decodeSubtitle(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Café', 'utf16le')]))
        .text,
    ).toBe('Café');
    const latin = Buffer.from([
      0x43, 0x61, 0x66, 0xe9, 0x20, 0x64, 0xe9, 0x6a, 0xe0, 0x20, 0x76, 0x75, 0x20, 0x80,
    ]);
    expect(decodeSubtitle(latin).text).toBe('Café déjà vu €');
  });

  it('reduces ASS styling to italics, bold and new lines', () => {
    expect(assText('{\\an8\\i1}Hello{\\i0} {\\b1}world{\\b0}\\Nline{\\pos(1,2)}')).toBe(
      '<i>Hello</i> <b>world</b>\nline',
    );
  });

  it('converts SubRip with stray tags, MicroDVD frames and keeps cues valid', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,500\n<font color="red"><i>A & B</i></font>\n\n';
    expect(sidecarToWebVtt(Buffer.from(srt), 'srt')).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n<i>A &amp; B</i>\n\n',
    );
    expect(parseCues('{1}{1}25\n{25}{50}Hello|{y:i}world\n', 'sub')).toEqual([
      { start: 1000, end: 2000, text: '<i>Hello\nworld</i>' },
    ]);
    expect(() => sidecarToWebVtt(Buffer.from('not a subtitle'), 'vtt')).toThrow();
  });

  it('reads ASS events with ass-compiler: sorted, drawings and Comments left out, \\h a no-break space', () => {
    const script = [
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,{\\an8}{\\i1}Hi{\\i0}, a\\hb',
      'Comment: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Not shown',
      'Dialogue: 0,0:00:01.50,0:00:02.00,Default,,0,0,0,,{\\p1}m 0 0 l 10 0 10 10{\\p0}',
      'Dialogue: 0,0:00:01.00,0:00:02.25,Default,,0,0,0,,{\\u1}First',
    ].join('\r\n');
    expect(parseCues(script, 'ass')).toEqual([
      { start: 1000, end: 2250, text: '<u>First</u>' },
      { start: 3000, end: 4000, text: '<i>Hi</i>, a\u00a0b' },
    ]);
    expect(() => parseCues('Dialogue: 0,0:00:01.00,0:00:02.00,x', 'ass')).toThrow(/Events/);
  });

  it("times MicroDVD frames at the file's own rate, else the video's, else 25 fps", () => {
    const cue = '{24}{48}Hi\n';
    expect(parseCues(`{1}{1}23.976\n${cue}`, 'sub', 50)[0]).toMatchObject({
      start: (24 / 23.976) * 1000,
      end: (48 / 23.976) * 1000,
    });
    expect(parseCues(cue, 'sub', 24)[0]).toMatchObject({ start: 1000, end: 2000 });
    expect(parseCues(cue, 'sub')[0]).toMatchObject({ start: 960, end: 1920 });
  });
});
