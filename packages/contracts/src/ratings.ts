/**
 * Age ratings (PROFILE-7 in docs/requirements.md, DEC-31 in docs/decisions.md): every region's
 * certifications are mapped onto one scale, the youngest age a title suits (0 to 18), so a kids'
 * profile's limit is one number whatever board rated the title. A title keeps its certification
 * as the board wrote it (the US one when known) for display, and its `rating_age` for filtering.
 */

/** The oldest age on the scale: anything rated for adults. */
export const ADULT_RATING_AGE = 18;

/**
 * The limits a kids' profile can be given, youngest first, with the certifications each admits
 * in the US and the age it stands for elsewhere (the settings screen's choices).
 */
export const RATING_LIMITS = [
  { age: 0, label: 'All ages', examples: 'G, TV-Y, TV-G, U, 0' },
  { age: 7, label: '7 and up', examples: 'TV-Y7, 6' },
  { age: 10, label: '10 and up', examples: 'PG, TV-PG' },
  { age: 12, label: '12 and up', examples: '12, 12A' },
  { age: 13, label: '13 and up', examples: 'PG-13' },
  { age: 14, label: '14 and up', examples: 'TV-14' },
  { age: 16, label: '16 and up', examples: '15, 16' },
] as const;

/** The limit a new kids' profile gets when none is chosen: PG and TV-PG. */
export const DEFAULT_KIDS_RATING_AGE = 10;

/** A kids' profile's limit as requests carry it; undefined or null means no limit (adults). */
export interface RatingCeiling {
  /** The oldest rating age the profile may see. */
  maxAge: number;
  /** Whether titles with no known rating are shown (hidden by default). */
  unrated: boolean;
}

/**
 * US certifications (MPAA for films, the TV Parental Guidelines for shows) on the age scale.
 * 'NR', 'Unrated' and 'Not Rated' say nothing about a title: they map to no age (unknown).
 */
const US_AGES: Readonly<Record<string, number>> = {
  G: 0,
  'TV-Y': 0,
  'TV-G': 0,
  'TV-Y7': 7,
  'TV-Y7-FV': 7,
  PG: 10,
  'TV-PG': 10,
  'PG-13': 13,
  PG13: 13,
  'TV-14': 14,
  R: 17,
  'TV-MA': 17,
  'NC-17': 18,
  X: 18,
};

/** Other boards' letter ratings with no age in them (UK, Australia, India, France). */
const LETTER_AGES: Readonly<Record<string, number>> = {
  U: 0,
  TP: 0,
  AL: 0,
  E: 0,
  PG: 10,
  UA: 12,
  'U/A': 12,
  M: 15,
  MA: 15,
  A: 18,
  R18: 18,
  X18: 18,
};

/** Ratings that name no age at all. */
const UNKNOWN = new Set(['', 'NR', 'NOT RATED', 'UNRATED', 'UR', 'TBA', 'EXEMPT', 'E10+']);

/**
 * The youngest age a certification suits (0 to 18), or null when it says nothing (blank, 'NR',
 * unknown spelling). US ratings first ('PG-13' 13, 'TV-MA' 17), then any age written in it ('12',
 * 'U/A 16+', 'NC16', 'MA 15+', 'R-18'; 21 and over count as 18), then other boards' letters
 * ('U' 0, 'M' 15). Case and surrounding spaces do not matter.
 */
export function ratingAgeOf(certification: string | null | undefined): number | null {
  if (typeof certification !== 'string') return null;
  const rating = certification.trim().toUpperCase();
  if (UNKNOWN.has(rating)) return null;
  const us = US_AGES[rating];
  if (us !== undefined) return us;
  const digits = /(\d{1,2})/.exec(rating);
  if (digits?.[1]) return Math.min(Number(digits[1]), ADULT_RATING_AGE);
  return LETTER_AGES[rating] ?? null;
}

/**
 * Whether a title of rating age `ratingAge` (null: unknown) may be shown under `ceiling`
 * (undefined or null: no limit).
 */
export function withinCeiling(
  ratingAge: number | null | undefined,
  ceiling: RatingCeiling | null | undefined,
): boolean {
  if (!ceiling) return true;
  if (ratingAge === null || ratingAge === undefined) return ceiling.unrated;
  return ratingAge <= ceiling.maxAge;
}

/** The message of a title above the active profile's limit, on the play page and its calls (403). */
export const NOT_AVAILABLE_ON_PROFILE = 'Not available on this profile';
