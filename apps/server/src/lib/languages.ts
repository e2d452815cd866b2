/**
 * ISO 639-1 language codes and their English names, for TMDB's `spoken_languages`
 * (`{ iso_639_1, english_name, name }`). Names come from `Intl.DisplayNames`.
 */
const CODES = (
  'aa ab af am ar as ay az be bg bn bo bs ca cn cs cy da de dz el en eo es et eu fa fi fj fo fr ' +
  'ga gd gl gn gu he hi hr ht hu hy id is it iu ja jv ka kk km kn ko ku ky la lb lo lt lv mg mi ' +
  'mk ml mn mr ms mt my nb ne nl no ny pa pl ps pt qu ro ru rw sa sd si sk sl sm so sq sr st sv ' +
  'sw ta te tg th ti tk tl tn tr ts tt uk ur uz vi wo xh xx yi yo zh zu'
).split(' ');

const display = new Intl.DisplayNames(['en'], { type: 'language' });

function englishName(code: string): string {
  if (code === 'cn') return 'Cantonese';
  if (code === 'xx') return 'No Language';
  return display.of(code) ?? code;
}

const byName = new Map<string, string>(
  CODES.map((code) => [englishName(code).toLowerCase(), code]),
);
byName.set('mandarin', 'zh');
byName.set('cantonese', 'cn');

export interface SpokenLanguage {
  iso_639_1: string;
  english_name: string;
  name: string;
}

/** `{ iso_639_1, english_name, name }` for an ISO 639-1 code. */
export function languageFromCode(code: string, nativeName?: string): SpokenLanguage {
  const lower = code.trim().toLowerCase();
  return { iso_639_1: lower, english_name: englishName(lower), name: nativeName ?? '' };
}

/** `{ iso_639_1, english_name, name }` for an English language name ("Spanish"). */
export function languageFromEnglishName(name: string): SpokenLanguage {
  const trimmed = name.trim();
  const code = byName.get(trimmed.toLowerCase()) ?? 'xx';
  return { iso_639_1: code, english_name: trimmed, name: '' };
}
