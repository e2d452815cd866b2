/**
 * Subtitle languages as Stremio reads them (STREMIO-7 in docs/requirements.md): ISO 639-2 codes,
 * the bibliographic ones OpenSubtitles uses (`eng`, `fre`, `ger`). A file's tag is either ISO
 * 639-1 (`fr` in `Name.fr.srt`) or ISO 639-2 (`fre`, `fra` inside a file).
 */

/** ISO 639-1 codes and their ISO 639-2/B twins. */
const TWO_TO_THREE: Readonly<Record<string, string>> = {
  af: 'afr',
  am: 'amh',
  ar: 'ara',
  az: 'aze',
  be: 'bel',
  bg: 'bul',
  bn: 'ben',
  bs: 'bos',
  ca: 'cat',
  cs: 'cze',
  cy: 'wel',
  da: 'dan',
  de: 'ger',
  el: 'gre',
  en: 'eng',
  eo: 'epo',
  es: 'spa',
  et: 'est',
  eu: 'baq',
  fa: 'per',
  fi: 'fin',
  fr: 'fre',
  ga: 'gle',
  gl: 'glg',
  gu: 'guj',
  he: 'heb',
  hi: 'hin',
  hr: 'hrv',
  hu: 'hun',
  hy: 'arm',
  id: 'ind',
  is: 'ice',
  it: 'ita',
  ja: 'jpn',
  ka: 'geo',
  kk: 'kaz',
  km: 'khm',
  kn: 'kan',
  ko: 'kor',
  lt: 'lit',
  lv: 'lav',
  mk: 'mac',
  ml: 'mal',
  mn: 'mon',
  mr: 'mar',
  ms: 'may',
  mt: 'mlt',
  my: 'bur',
  nb: 'nob',
  ne: 'nep',
  nl: 'dut',
  nn: 'nno',
  no: 'nor',
  pa: 'pan',
  pl: 'pol',
  pt: 'por',
  ro: 'rum',
  ru: 'rus',
  si: 'sin',
  sk: 'slo',
  sl: 'slv',
  sq: 'alb',
  sr: 'srp',
  sv: 'swe',
  sw: 'swa',
  ta: 'tam',
  te: 'tel',
  th: 'tha',
  tl: 'tgl',
  tr: 'tur',
  uk: 'ukr',
  ur: 'urd',
  uz: 'uzb',
  vi: 'vie',
  zh: 'chi',
  zu: 'zul',
};

/** ISO 639-2/T codes whose bibliographic twin is the one used here. */
const TERMINOLOGIC_TO_BIBLIOGRAPHIC: Readonly<Record<string, string>> = {
  sqi: 'alb',
  hye: 'arm',
  eus: 'baq',
  mya: 'bur',
  zho: 'chi',
  ces: 'cze',
  nld: 'dut',
  fra: 'fre',
  kat: 'geo',
  deu: 'ger',
  ell: 'gre',
  isl: 'ice',
  mkd: 'mac',
  mri: 'mao',
  msa: 'may',
  fas: 'per',
  ron: 'rum',
  slk: 'slo',
  bod: 'tib',
  cym: 'wel',
};

/**
 * The ISO 639-2/B code of a language tag (`fr`, `fra`, `fre` -> `fre`), or undefined when the
 * tag is none (absent, `und`) or not a code this knows of two letters.
 */
export function iso6392Of(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  if (lower === 'und' || lower === 'mul' || lower === 'zxx') return undefined;
  if (/^[a-z]{2}$/.test(lower)) return TWO_TO_THREE[lower];
  if (/^[a-z]{3}$/.test(lower)) return TERMINOLOGIC_TO_BIBLIOGRAPHIC[lower] ?? lower;
  return undefined;
}
