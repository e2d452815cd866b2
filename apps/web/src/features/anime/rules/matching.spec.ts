/**
 * Anime matching (VALID-8 in docs/requirements.md) on hand-written AniList records
 * (anilist-fixtures.testing.ts: made-up franchises with English, romaji and native titles, entries
 * of the same month sharing title words, entries without an English title or a start month) and on
 * generated candidate lists (fast-check: titles drawn from a small word pool, so that entries of
 * one month share words).
 */
import type { AnimeMedia } from '@pigostream/contracts';
import { parseYearMonth } from '@pigostream/contracts/anime-queries';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryOf, toAnimeInfo } from './anilist-fixtures.testing.ts';
import {
  canLookUp,
  findMatch,
  matchScore,
  MATCH_THRESHOLD,
  titleWords,
  wordMatchRatio,
} from './matching.ts';

let info: Map<number, AnimeMedia>;
let all: AnimeMedia[];

beforeAll(() => {
  info = toAnimeInfo();
  all = [...info.values()];
});

const entry = (id: number) => entryOf(info, id);

/** `YYYY-MM-DD` of an entry's start date (the day given, else its own). */
function releaseOf(media: AnimeMedia, day?: number): string {
  const d = media.startDate;
  if (d?.year == null || d.month == null) throw new Error('entry has no start year-month');
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.year)}-${pad(d.month)}-${pad(day ?? d.day ?? 1)}`;
}

describe('titleWords', () => {
  it('splits on spaces and : . - _ /, lower-cased, without empty words', () => {
    expect([...titleWords('Fate/stay night: Unlimited_Blade-Works. (2010)')]).toEqual([
      'fate',
      'stay',
      'night',
      'unlimited',
      'blade',
      'works',
      '(2010)',
    ]);
    expect([...titleWords('  ::  ')]).toEqual([]);
  });

  it('keeps other punctuation inside words and folds accents', () => {
    expect([...titleWords('Steins;Gate 0')]).toEqual(['steins;gate', '0']);
    expect([...titleWords('Naruto Shippūden')]).toEqual(['naruto', 'shippuden']);
  });
});

describe('parseYearMonth and canLookUp', () => {
  it('reads YYYY-MM and YYYY-MM-DD, refuses anything else', () => {
    expect(parseYearMonth('2002-10-03')).toEqual({ year: 2002, month: 10 });
    expect(parseYearMonth('2002-10')).toEqual({ year: 2002, month: 10 });
    for (const bad of [null, '', '2002', '2002-13-01', 'October 2002', '02-10-03']) {
      expect(parseYearMonth(bad)).toBeUndefined();
    }
  });

  it('skips the lookup without a title or a release date', () => {
    expect(canLookUp({ title: 'Naruto', releaseDate: '2002-10-03' })).toBe(true);
    expect(canLookUp({ title: '   ', releaseDate: '2002-10-03' })).toBe(false);
    expect(canLookUp({ title: 'Naruto', releaseDate: null })).toBe(false);
    expect(canLookUp({ title: 'Naruto', releaseDate: 'unknown' })).toBe(false);
  });
});

describe('wordMatchRatio', () => {
  it('is the share of the title words found in the candidate title', () => {
    expect(wordMatchRatio('Naruto Shippūden', 'Naruto Shippuden')).toBe(1);
    expect(wordMatchRatio('Naruto the Last', 'Naruto')).toBe(1 / 3);
    expect(wordMatchRatio('Naruto', null)).toBe(0);
  });
});

/**
 * The entry matched by `media`'s own English title and start year-month: `media` itself, or
 * an entry of the same month listed before it whose title words hold every one of `media`'s
 * (then it is as good a match, and the earlier candidate wins).
 */
function expectMatchedByOwnTitle(candidates: readonly AnimeMedia[], media: AnimeMedia): void {
  const english = media.title.english ?? '';
  const target = { title: english, releaseDate: releaseOf(media) };
  const match = findMatch(candidates, target);
  expect(match, english).toBeDefined();
  expect(match?.startDate?.year).toBe(media.startDate?.year);
  expect(match?.startDate?.month).toBe(media.startDate?.month);
  expect(matchScore(match as AnimeMedia, target)).toBe(1);
  if (match?.id !== media.id) {
    expect(candidates.indexOf(match as AnimeMedia)).toBeLessThan(candidates.indexOf(media));
  }
}

const isDatedWithEnglish = (m: AnimeMedia) =>
  Boolean(m.title.english) && m.startDate?.year != null && m.startDate.month != null;

/** Words of generated titles: few, so entries share words; two spell one word with and without accent. */
const WORDS = [
  'Star',
  'Lantern',
  'Shōnen',
  'Shonen',
  'Night',
  'Blade',
  'Sky',
  'Tanuki',
  '2',
  'the',
];

/** A generated title: 1-4 words of {@link WORDS} joined by one of the separators. */
const titleArb = fc
  .tuple(
    fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }),
    fc.constantFrom(' ', ': ', ' - ', '/', '_', '. '),
  )
  .map(([words, separator]) => words.join(separator));

/** Generated candidates: few distinct months, so several entries share a month. */
const candidatesArb = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 100_000, max: 999_999 }),
      english: fc.option(titleArb, { nil: null }),
      romaji: fc.option(titleArb, { nil: null }),
      year: fc.integer({ min: 2000, max: 2001 }),
      month: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      day: fc.option(fc.integer({ min: 1, max: 28 }), { nil: null }),
    }),
    { selector: (c) => c.id, minLength: 1, maxLength: 30 },
  )
  .map((list) =>
    list.map((c): AnimeMedia => ({
      id: c.id,
      title: { english: c.english, romaji: c.romaji },
      startDate: { year: c.year, month: c.month, day: c.day },
      type: 'ANIME',
      format: 'TV',
      episodes: null,
      duration: null,
      description: null,
      coverImage: null,
      relations: null,
    })),
  );

describe('findMatch on the hand-written AniList records', () => {
  it('finds Tidewater Lanterns (7001) for the show first aired 2004-04-06', () => {
    const target = { title: 'Tidewater Lanterns', releaseDate: '2004-04-06' };
    expect(findMatch(all, target)?.id).toBe(7001);
    // Lanterns of the Deep Sea started the same month and shares 1 of the 2 words (0.5): it
    // counts, but the better ratio wins even when it comes first.
    const sameMonth = entry(7501);
    expect(matchScore(sameMonth, target)).toBe(0.5);
    expect(findMatch([sameMonth, entry(7001)], target)?.id).toBe(7001);
    expect(findMatch([sameMonth], target)?.id).toBe(7501);
  });

  it('matches on the year-month only: a TMDB date a day off still matches', () => {
    const lanterns = entry(7001);
    const release = releaseOf(lanterns, lanterns.startDate?.day === 28 ? 1 : 28);
    expect(release).not.toBe('2004-04-06');
    expect(findMatch(all, { title: 'Tidewater Lanterns', releaseDate: release })?.id).toBe(7001);
  });

  it('refuses a candidate whose start month differs from the release month', () => {
    const lanterns = entry(7001);
    const title = 'Tidewater Lanterns';
    expect(matchScore(lanterns, { title, releaseDate: '2004-05-06' })).toBe(0);
    expect(matchScore(lanterns, { title, releaseDate: '2005-04-06' })).toBe(0);
    // No entry of the set with these words started in 2004-05.
    expect(findMatch(all, { title, releaseDate: '2004-05-06' })).toBeUndefined();
  });

  it('needs at least 40% of the title words (threshold 0.4)', () => {
    expect(MATCH_THRESHOLD).toBe(0.4);
    const lanterns = entry(7001);
    const releaseDate = '2004-04-06';
    // 1 of 3 words (0.33): refused; 1 of 2 words (0.5): counts; 2 of 5 words (0.4): counts.
    expect(matchScore(lanterns, { title: 'Lanterns Ninja Legends', releaseDate })).toBe(0);
    expect(matchScore(lanterns, { title: 'Lanterns Legends', releaseDate })).toBe(0.5);
    expect(matchScore(lanterns, { title: 'Tidewater Lanterns of the North', releaseDate })).toBe(
      0.4,
    );
    // No shared word at all, even in the right month.
    expect(matchScore(lanterns, { title: 'Ninja', releaseDate })).toBe(0);
  });

  it('compares the romaji title too, accents folded', () => {
    const lanterns = entry(7001);
    expect(lanterns.title.romaji).toBe('Shiosai no Tōrō');
    expect(wordMatchRatio('Shiosai no Toro', lanterns.title.english)).toBe(0);
    expect(findMatch(all, { title: 'Shiosai no Toro', releaseDate: releaseOf(lanterns) })?.id).toBe(
      7001,
    );
    // An entry with a romaji title only.
    const library = entry(7201);
    expect(library.title.english).toBeNull();
    expect(
      findMatch(all, { title: 'Kumo no Ue no Toshokan', releaseDate: releaseOf(library) })?.id,
    ).toBe(7201);
  });

  it('finds nothing when the lookup is skipped, even with a fitting candidate', () => {
    expect(findMatch(all, { title: 'Tidewater Lanterns', releaseDate: null })).toBeUndefined();
    expect(findMatch(all, { title: '', releaseDate: '2004-04-06' })).toBeUndefined();
  });

  it('every dated entry with an English title is matched by its own title and date', () => {
    const dated = all.filter(isDatedWithEnglish);
    expect(dated.length).toBeGreaterThanOrEqual(10);
    for (const media of dated) expectMatchedByOwnTitle(all, media);
  });

  it('so is every dated entry of generated candidate lists, ties going to the earlier', () => {
    fc.assert(
      fc.property(candidatesArb, (generated) => {
        const candidates = [...generated, ...all];
        for (const media of generated.filter(isDatedWithEnglish)) {
          expectMatchedByOwnTitle(candidates, media);
        }
      }),
    );
  });
});
