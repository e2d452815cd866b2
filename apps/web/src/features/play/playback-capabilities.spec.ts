import { describe, expect, it } from 'vitest';
import { capabilityQuery, measureCapabilities, type MediaProbe } from './playback-capabilities.ts';

/** A probe that knows the types in `playable` (canPlayType) and `mse` (isTypeSupported). */
function probe(playable: string[], mse: string[] | undefined): MediaProbe {
  return {
    canPlayType: (type) => (playable.includes(type) ? 'maybe' : ''),
    isTypeSupported: mse ? (type) => mse.includes(type) : undefined,
  };
}

/** What Chromium on Linux answers (no HEVC, AC-3 or E-AC-3; no native HLS). */
const CHROMIUM_MSE = [
  'video/mp4; codecs="avc1.42E01E"',
  'video/mp4; codecs="avc1.640028"',
  'video/webm; codecs="vp09.00.10.08"',
  'video/mp4; codecs="av01.0.05M.08"',
  'video/webm; codecs="vp8"',
  'audio/mp4; codecs="mp4a.40.2"',
  'audio/mp4; codecs="mp4a.69"',
  'audio/webm; codecs="opus"',
  'audio/webm; codecs="vorbis"',
  'audio/mp4; codecs="flac"',
];

describe('measureCapabilities (PLAYBACK-2: what the browser decodes, by ffprobe names)', () => {
  it('reads containers from canPlayType and codecs from MediaSource.isTypeSupported', () => {
    const caps = measureCapabilities(probe(['video/mp4', 'video/webm'], CHROMIUM_MSE));
    expect(caps).toEqual({
      containers: ['mp4', 'webm'],
      video: ['h264', 'vp9', 'av1', 'vp8'],
      audio: ['aac', 'mp3', 'opus', 'vorbis', 'flac'],
      hls: 'mse',
    });
  });

  it('names 10-bit H.264, HEVC (hvc1 or hev1), AC-3, E-AC-3 and Matroska when supported', () => {
    const caps = measureCapabilities(
      probe(
        ['video/mp4', 'video/x-matroska'],
        [
          'video/mp4; codecs="avc1.6E0028"',
          'video/mp4; codecs="hev1.1.6.L93.B0"',
          'audio/mp4; codecs="ac-3"',
          'audio/mp4; codecs="ec-3"',
        ],
      ),
    );
    expect(caps.containers).toEqual(['mp4', 'mkv']);
    expect(caps.video).toEqual(['h264_10bit', 'hevc']);
    expect(caps.audio).toEqual(['ac3', 'eac3']);
  });

  it('says native HLS when the video element plays HLS playlists (Safari)', () => {
    const caps = measureCapabilities(
      probe(['video/mp4', 'application/vnd.apple.mpegurl'], CHROMIUM_MSE),
    );
    expect(caps.hls).toBe('native');
  });

  it('without Media Source Extensions reads codecs from canPlayType, and HLS is native or none', () => {
    const playable = [
      'video/mp4',
      'video/mp4; codecs="avc1.42E01E"',
      'audio/mp4; codecs="mp4a.40.2"',
      'audio/mpeg',
    ];
    expect(measureCapabilities(probe(playable, undefined))).toEqual({
      containers: ['mp4'],
      video: ['h264'],
      audio: ['aac', 'mp3'],
      hls: 'none',
    });
    expect(
      measureCapabilities(probe([...playable, 'application/vnd.apple.mpegurl'], undefined)).hls,
    ).toBe('native');
  });

  it('finds nothing in a browser that plays nothing', () => {
    expect(measureCapabilities(probe([], []))).toEqual({
      containers: [],
      video: [],
      audio: [],
      hls: 'mse',
    });
  });
});

describe('capabilityQuery', () => {
  it('joins each list with commas for the playback call', () => {
    expect(
      capabilityQuery({ containers: ['mp4', 'webm'], video: ['h264'], audio: [], hls: 'mse' }),
    ).toEqual({ containers: 'mp4,webm', video: 'h264', audio: '', hls: 'mse' });
  });
});
