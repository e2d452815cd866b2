import type { AudioTrack, SubtitleTrack } from '@pigostream/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultSubtitle,
  languageKey,
  preferredAudioTrack,
  sameLanguage,
  subtitleOptions,
  SUBTITLES_OFF,
} from './playback-rules.ts';

const audio = (index: number, language: string | null): AudioTrack => ({
  index,
  language,
  label: `Track ${String(index + 1)}`,
  codec: 'aac',
  channels: 2,
  default: index === 0,
});

const subtitle = (
  id: string,
  language: string | null,
  extra: Partial<SubtitleTrack> = {},
): SubtitleTrack => ({
  id,
  language,
  label: id,
  forced: false,
  sdh: false,
  default: false,
  kind: 'text',
  url: `/pigo-stream/sources/media/x/subtitles/${id}`,
  ...extra,
});

describe('languageKey and sameLanguage (PLAYBACK-3: codes as files write them)', () => {
  it.each([
    ['eng', 'en'],
    ['en', 'en'],
    ['EN-us', 'en'],
    ['fre', 'fr'],
    ['fra', 'fr'],
    ['jpn', 'ja'],
    ['pt_BR', 'pt'],
    ['fil', 'fil'],
  ])('%s is %s', (code, key) => {
    expect(languageKey(code)).toBe(key);
  });
  it.each([null, undefined, '', 'und', 'zxx', 'english', '12'])('%j is no language', (code) => {
    expect(languageKey(code)).toBeUndefined();
  });
  it('matches 2- and 3-letter spellings; unknown languages never match', () => {
    expect(sameLanguage('eng', 'en')).toBe(true);
    expect(sameLanguage('ger', 'deu')).toBe(true);
    expect(sameLanguage('en', 'fr')).toBe(false);
    expect(sameLanguage(null, null)).toBe(false);
    expect(sameLanguage('und', 'und')).toBe(false);
  });
});

describe('preferredAudioTrack', () => {
  const tracks = [audio(0, 'eng'), audio(1, 'jpn'), audio(2, 'jpn')];
  it("is the first track in the user's language", () => {
    expect(preferredAudioTrack(tracks, 'ja')).toBe(1);
    expect(preferredAudioTrack(tracks, 'en')).toBe(0);
  });
  it('is undefined without a preference or a track in it', () => {
    expect(preferredAudioTrack(tracks, undefined)).toBeUndefined();
    expect(preferredAudioTrack(tracks, 'fr')).toBeUndefined();
    expect(preferredAudioTrack([audio(0, null)], 'en')).toBeUndefined();
  });
});

describe('defaultSubtitle (PLAYBACK-3)', () => {
  const fr = subtitle('s0', 'fr');
  const enForced = subtitle('s1', 'en', { forced: true });
  const ja = subtitle('s2', 'ja');
  const all = [fr, enForced, ja];

  it('shows the forced subtitle in the language heard', () => {
    expect(defaultSubtitle(all, 'eng', undefined)).toBe('s1');
    expect(defaultSubtitle(all, 'eng', SUBTITLES_OFF)).toBe('s1');
  });
  it('shows the only forced subtitle whatever the language heard', () => {
    expect(defaultSubtitle(all, 'jpn', undefined)).toBe('s1');
    expect(defaultSubtitle(all, null, undefined)).toBe('s1');
  });
  it('with several forced ones in other languages, shows none', () => {
    const forcedDe = subtitle('s3', 'de', { forced: true });
    expect(defaultSubtitle([enForced, forcedDe], 'jpn', undefined)).toBe(SUBTITLES_OFF);
    expect(defaultSubtitle([enForced, forcedDe], 'ger', undefined)).toBe('s3');
  });
  it("shows a full subtitle in the user's language first, one for the hearing before SDH", () => {
    expect(defaultSubtitle(all, 'eng', 'fr')).toBe('s0');
    expect(defaultSubtitle(all, 'eng', 'jpn')).toBe('s2');
    const sdh = subtitle('e0', 'fr', { sdh: true });
    expect(defaultSubtitle([sdh, fr], 'eng', 'fre')).toBe('s0');
    expect(defaultSubtitle([sdh], 'eng', 'fre')).toBe('e0');
  });
  it('falls back to the forced rule, then off, when nothing is in that language', () => {
    expect(defaultSubtitle(all, 'eng', 'de')).toBe('s1');
    expect(defaultSubtitle([fr, ja], 'eng', 'de')).toBe(SUBTITLES_OFF);
    expect(defaultSubtitle([fr, ja], 'eng', undefined)).toBe(SUBTITLES_OFF);
    expect(defaultSubtitle([], 'eng', 'fr')).toBe(SUBTITLES_OFF);
  });
  it('never picks an image subtitle by itself (burning one in needs a transcode)', () => {
    const pgs = subtitle('e0', 'en', { kind: 'image', forced: true, url: null });
    const pgsFr = subtitle('e1', 'fr', { kind: 'image', url: null });
    expect(defaultSubtitle([pgs, pgsFr], 'eng', 'fr')).toBe(SUBTITLES_OFF);
  });
});

describe('subtitleOptions', () => {
  it("lists 'Off', then each subtitle by label, image ones as burnt in", () => {
    expect(
      subtitleOptions([
        subtitle('e0', 'en', { label: 'English (SDH)' }),
        subtitle('e1', 'en', { label: 'English', kind: 'image', url: null }),
      ]),
    ).toEqual([
      { value: 'off', label: 'Off' },
      { value: 'e0', label: 'English (SDH)' },
      { value: 'e1', label: 'English (burnt in)' },
    ]);
  });
});
