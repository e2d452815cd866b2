/**
 * Field helpers shared by the dump importers: lenient zod pieces (blank -> null, numeric
 * strings -> numbers, invalid dates -> null) and the mappings every TMDB-shaped dump needs
 * (image URLs, credits, trailers, provider names onto the fixed provider list).
 */
import { z } from 'zod';
import { genreFromName, PROVIDERS, ratingAgeOf } from '@pigostream/contracts';
import type { CastInput, CrewInput } from '../catalogue-writer.repository.ts';

/** A string, or null when absent or blank. */
export const optText = z
  .string()
  .nullish()
  .transform((v) => (v != null && v.trim() !== '' ? v : null));

/** A string with something besides white space (trimmed); reported as `empty` otherwise. */
export const requiredText = z.string().trim().min(1, 'empty');

/**
 * An age rating as a dump wrote it ('R', 'TV-14', 'NC16'; a number such as 15 as its text),
 * trimmed; null when absent, blank or of another type. Never rejects a record: a rating the
 * dump garbled is only unknown (PROFILE-7 in docs/requirements.md).
 */
export const optCertification = z
  .unknown()
  .optional()
  .transform((v) => {
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  });

/**
 * A title's rating columns from a certification (PROFILE-7, DEC-31 in docs/decisions.md): the
 * certification trimmed (blank or absent: null) and its `ratingAge` on the one age scale
 * (contracts' `ratingAgeOf`: 0 to 18, null when it names no age, as 'NR' does).
 */
export function ratingOf(certification: string | null | undefined): {
  certification: string | null;
  ratingAge: number | null;
} {
  const text = certification?.trim() ?? '';
  if (text === '') return { certification: null, ratingAge: null };
  return { certification: text, ratingAge: ratingAgeOf(text) };
}

/** A finite number (or numeric string), or null when absent or blank. Rejects non-numbers. */
export const optNumber = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v == null || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `not a number: ${String(v).slice(0, 40)}` });
      return z.NEVER;
    }
    return n;
  });

/** A whole number (or numeric string such as "98.0", rounded), or null when absent or blank. */
export const optInt = optNumber.transform((n) => (n === null ? null : Math.round(n)));

/** A positive whole number; 0 (TMDB's "unknown" runtime) and absent become null. */
export const optPositiveInt = optInt.transform((n) => (n !== null && n > 0 ? n : null));

/** A required positive integer id (number or numeric string). */
export const idSchema = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\s*\d+(\.0+)?\s*$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive());

/** YYYY-MM-DD (a longer ISO timestamp is cut to its date), or null when absent or not a real date. */
export const optDate = optText.transform((v) => {
  const match = v === null ? null : /^(\d{4})-(\d{2})-(\d{2})/.exec(v.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const valid =
    date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return valid ? match[0] : null;
});

/**
 * A `*_path` from a TMDB image value: `https://image.tmdb.org/t/p/w342/abc.jpg` -> `/abc.jpg`;
 * a value already a path is kept. Null for blanks and for URLs of other hosts.
 */
export function imagePath(value: string | null): string | null {
  if (value === null) return null;
  if (value.startsWith('/')) return value;
  const match = /^https?:\/\/image\.tmdb\.org\/t\/p\/[^/]+(\/[^/?#]+)$/.exec(value.trim());
  return match?.[1] ?? null;
}

/** Genre `{ id, name }` list from names, deduplicated by id, via `genreFromName`. */
export function genresFromNames(
  names: (string | null | undefined)[],
  mediaType: 'movie' | 'tv',
): { id: number; name: string }[] {
  const byId = new Map<number, { id: number; name: string }>();
  for (const name of names) {
    if (name == null || name.trim() === '') continue;
    const genre = genreFromName(name, mediaType);
    if (!byId.has(genre.id)) byId.set(genre.id, genre);
  }
  return [...byId.values()];
}

/** A credit in the movnix dumps' camelCase shape. */
export const movnixCreditSchema = z.object({
  tmdbPersonId: z.number().int().nullish(),
  name: optText,
  profilePath: optText,
  character: z.string().nullish(),
  job: optText,
  department: optText,
  order: z.number().nullish(),
});
export type MovnixCredit = z.output<typeof movnixCreditSchema>;

/**
 * Splits movnix credits: cast = entries with a character or in department Acting (in billing
 * `order`, unordered last); crew = the others that name a job. Nameless entries are dropped.
 */
export function splitCredits(credits: MovnixCredit[]): { cast: CastInput[]; crew: CrewInput[] } {
  const named = credits.filter((c) => c.name !== null);
  const isCast = (c: MovnixCredit) => c.character != null || c.department === 'Acting';
  const cast = named
    .filter(isCast)
    .map((c, i) => ({ c, rank: c.order ?? Number.MAX_SAFE_INTEGER, i }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ c }) => ({
      name: c.name ?? '',
      character: c.character != null && c.character !== '' ? c.character : null,
      personId: c.tmdbPersonId ?? null,
      profilePath: c.profilePath,
    }));
  const crew = named
    .filter((c) => !isCast(c) && c.job !== null)
    .map((c) => ({
      name: c.name ?? '',
      job: c.job ?? '',
      department: c.department,
      personId: c.tmdbPersonId ?? null,
      profilePath: c.profilePath,
    }));
  return { cast, crew };
}

/** A video in the movnix dumps. */
export const videoSchema = z.object({ key: optText, site: optText, type: optText });

/** YouTube key of the first trailer (else teaser), or null. */
export function trailerKey(videos: z.output<typeof videoSchema>[]): string | null {
  const youtube = videos.filter((v) => v.site?.toLowerCase() === 'youtube' && v.key !== null);
  const pick =
    youtube.find((v) => v.type === 'Trailer') ?? youtube.find((v) => v.type === 'Teaser');
  return pick?.key ?? null;
}

/** `watchProviders` of the movnix dumps: `{ <country>: { flatrate: [{ name }] } }`. */
export const watchProvidersSchema = z
  .record(
    z.string(),
    z.object({ flatrate: z.array(z.object({ name: optText })).nullish() }).nullish(),
  )
  .nullish();

/** Normalised provider names (see `normaliseProviderName`) -> fixed-list provider id. */
const PROVIDER_NAMES: Readonly<Record<string, number>> = {
  netflix: 8,
  amazonprimevideo: 9,
  amazonprime: 9,
  primevideo: 9,
  disneyplus: 337,
  appletvplus: 350,
  // Apple TV+ is listed as plain "Apple TV" since its 2025 rename; in `flatrate` that is the
  // subscription, never the store ("Apple TV Store" only appears under `buy`).
  appletv: 350,
  hulu: 15,
  lionsgateplay: 2074,
  lionsgate: 2074,
  sonyliv: 2180,
  sonypictures: 2180,
  paramountplus: 531,
  max: 1825,
  hbomax: 1825,
  amcplus: 526,
  fxnow: 123,
  crunchyroll: 283,
};

/** Plan and storefront suffixes: "Paramount+ Amazon Channel" is still Paramount+. */
const SUFFIXES = [
  'amazonchannel',
  'appletvchannel',
  'rokupremiumchannel',
  'standardwithads',
  'basicwithads',
  'withads',
  'premium',
  'essential',
];

/** "Paramount+ Roku Premium Channel" -> "paramountplus": lower case, "+" -> "plus", no spaces. */
export function normaliseProviderName(name: string): string {
  let key = name
    .toLowerCase()
    .replaceAll('+', 'plus')
    .replace(/[^a-z0-9]/g, '');
  for (let changed = true; changed;) {
    changed = false;
    for (const suffix of SUFFIXES) {
      if (key.length > suffix.length && key.endsWith(suffix)) {
        key = key.slice(0, -suffix.length);
        changed = true;
      }
    }
  }
  return key;
}

/**
 * The fixed-list provider id for a display name seen in `region` (ISO 3166-1, any case), or
 * undefined. A provider only counts in its own region: "Netflix" in IN is 8, in US nothing.
 */
export function providerIdForName(name: string, region: string): number | undefined {
  const id = PROVIDER_NAMES[normaliseProviderName(name)];
  const entry = PROVIDERS.find((p) => p.id === id);
  return entry && entry.region === region.toUpperCase() ? entry.id : undefined;
}

/** Flat-rate availability mapped onto the fixed provider list, deduplicated. */
export function providersFrom(
  watch: z.output<typeof watchProvidersSchema>,
): { providerId: number; region: string }[] {
  const out = new Map<string, { providerId: number; region: string }>();
  for (const [country, offers] of Object.entries(watch ?? {})) {
    const region = country.toUpperCase();
    for (const offer of offers?.flatrate ?? []) {
      const providerId = offer.name === null ? undefined : providerIdForName(offer.name, region);
      if (providerId !== undefined) out.set(`${providerId}:${region}`, { providerId, region });
    }
  }
  return [...out.values()];
}
