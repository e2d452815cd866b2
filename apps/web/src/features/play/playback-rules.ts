/**
 * The library player's choices as plain functions (PLAYBACK-3 in docs/requirements.md), unit
 * tested apart from the screen: comparing the language codes files carry (`eng`, `en`, `en-US`),
 * the audio track and the subtitle a title opens with, and what the subtitle picker lists.
 */
import type { AudioTrack, SubtitleTrack } from '@pigostream/contracts';

/** ISO 639-2 codes (bibliographic and terminology) of common languages, by their 639-1 code. */
const TWO_LETTER: Readonly<Record<string, string>> = {
  eng: 'en',
  fre: 'fr',
  fra: 'fr',
  ger: 'de',
  deu: 'de',
  spa: 'es',
  ita: 'it',
  jpn: 'ja',
  chi: 'zh',
  zho: 'zh',
  kor: 'ko',
  por: 'pt',
  rus: 'ru',
  ara: 'ar',
  hin: 'hi',
  dut: 'nl',
  nld: 'nl',
  swe: 'sv',
  nor: 'no',
  nob: 'nb',
  nno: 'nn',
  dan: 'da',
  fin: 'fi',
  pol: 'pl',
  tur: 'tr',
  gre: 'el',
  ell: 'el',
  heb: 'he',
  cze: 'cs',
  ces: 'cs',
  hun: 'hu',
  rum: 'ro',
  ron: 'ro',
  tha: 'th',
  vie: 'vi',
  ind: 'id',
  may: 'ms',
  msa: 'ms',
  ukr: 'uk',
  bul: 'bg',
  hrv: 'hr',
  srp: 'sr',
  slo: 'sk',
  slk: 'sk',
  slv: 'sl',
  est: 'et',
  lav: 'lv',
  lit: 'lt',
  per: 'fa',
  fas: 'fa',
  cat: 'ca',
  baq: 'eu',
  eus: 'eu',
  glg: 'gl',
  ice: 'is',
  isl: 'is',
  tam: 'ta',
  tel: 'te',
  ben: 'bn',
  tgl: 'tl',
};

/**
 * One spelling of the language code `code` (ISO 639-1 or 639-2, with a region or not: `eng`,
 * `en`, `EN-us`): lower case, without the region, two letters where ISO 639-1 has them (`en`);
 * undefined for no code, `und` (undetermined) and anything that is not a language code.
 */
export function languageKey(code: string | null | undefined): string | undefined {
  const base = (code ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (!/^[a-z]{2,3}$/.test(base) || base === 'und' || base === 'zxx' || base === 'mul') {
    return undefined;
  }
  return TWO_LETTER[base] ?? base;
}

/** Whether `a` and `b` name the same known language (`eng` and `en-GB` do; unknown never). */
export function sameLanguage(a: string | null | undefined, b: string | null | undefined): boolean {
  const key = languageKey(a);
  return key !== undefined && key === languageKey(b);
}

/**
 * The audio track a title opens with for a user who last chose `preferred` (a language code):
 * the `index` of the first of `tracks` in that language; undefined when there is no preference
 * or no track in it (the file's default track then plays).
 */
export function preferredAudioTrack(
  tracks: readonly AudioTrack[],
  preferred: string | undefined,
): number | undefined {
  return tracks.find((track) => sameLanguage(track.language, preferred))?.index;
}

/** What the subtitle picker has chosen: a subtitle's `id`, or `off`. */
export type SubtitleChoice = string;

/** The subtitle picker's 'Off'. */
export const SUBTITLES_OFF = 'off';

/**
 * The subtitle a title opens with (PLAYBACK-3), among the text ones of `subtitles` (an image
 * subtitle is burnt in only when chosen, as that needs a transcode):
 * 1. with `preference` a language (the user's last choice): a full subtitle (not forced, one
 *    for the hearing first) in it;
 * 2. else a forced subtitle (the lines of foreign speech and signs) in `audioLanguage`, the
 *    language heard, or the only forced one;
 * 3. else {@link SUBTITLES_OFF} (with `preference` `off` or none, or nothing in it).
 */
export function defaultSubtitle(
  subtitles: readonly SubtitleTrack[],
  audioLanguage: string | null | undefined,
  preference: string | undefined,
): SubtitleChoice {
  const text = subtitles.filter((s) => s.kind === 'text');
  const full = text
    .filter((s) => !s.forced && sameLanguage(s.language, preference))
    .sort((a, b) => Number(a.sdh) - Number(b.sdh))[0];
  if (full) return full.id;
  const forced = text.filter((s) => s.forced);
  const match = forced.find((s) => sameLanguage(s.language, audioLanguage));
  const only = forced.length === 1 ? forced[0] : undefined;
  return (match ?? only)?.id ?? SUBTITLES_OFF;
}

/**
 * The subtitle picker's options: 'Off', then each subtitle by its `label`, an image one as
 * '{label} (burnt in)' (choosing it asks for a transcode with it drawn into the picture).
 */
export function subtitleOptions(
  subtitles: readonly SubtitleTrack[],
): { value: SubtitleChoice; label: string }[] {
  return [
    { value: SUBTITLES_OFF, label: 'Off' },
    ...subtitles.map((s) => ({
      value: s.id,
      label: s.kind === 'image' ? `${s.label} (burnt in)` : s.label,
    })),
  ];
}
