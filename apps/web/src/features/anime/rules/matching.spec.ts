/** Anime matching (spec 5) on real AniList records (../shared/data/anime). */
import type { AnimeMedia } from '@pigostream/contracts';
import { parseYearMonth } from '@pigostream/contracts/anime-queries';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnilistDump } from './anilist-dump.testing.ts';
import {
  canLookUp,
  findMatch,
  matchScore,
  MATCH_THRESHOLD,
  titleWords,
  wordMatchRatio,
} from './matching.ts';

let dump: Map<number, AnimeMedia>;
let all: AnimeMedia[];

beforeAll(() => {
  dump = loadAnilistDump();
  all = [...dump.values()];
});

function entry(id: number): AnimeMedia {
  const found = dump.get(id);
  if (!found) throw new Error(`AniList ${String(id)} is not in the dump`);
  return found;
}

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

  it('skips the lookup without a title or a release date (spec 5)', () => {
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

describe('findMatch on the AniList dump', () => {
  it('finds Naruto (AniList 20) for the show first aired 2002-10-03', () => {
    const naruto = entry(20);
    const match = findMatch(all, { title: 'Naruto', releaseDate: '2002-10-03' });
    expect(match?.id).toBe(naruto.id);
  });

  it('matches on the year-month only: a TMDB date a day off still matches', () => {
    const eva = entry(30);
    const release = releaseOf(eva, eva.startDate?.day === 28 ? 1 : 28);
    expect(findMatch(all, { title: 'Neon Genesis Evangelion', releaseDate: release })?.id).toBe(30);
  });

  it('refuses a candidate whose start month differs from the release month', () => {
    const naruto = entry(20);
    expect(matchScore(naruto, { title: 'Naruto', releaseDate: '2002-11-03' })).toBe(0);
    expect(matchScore(naruto, { title: 'Naruto', releaseDate: '2003-10-03' })).toBe(0);
  });

  it('needs at least 40% of the title words (threshold 0.4)', () => {
    expect(MATCH_THRESHOLD).toBe(0.4);
    const naruto = entry(20);
    // 1 of 3 words (0.33): refused; 1 of 2 words (0.5): counts.
    expect(matchScore(naruto, { title: 'Naruto Ninja Legends', releaseDate: '2002-10-03' })).toBe(
      0,
    );
    expect(matchScore(naruto, { title: 'Naruto Legends', releaseDate: '2002-10-03' })).toBe(0.5);
    // No shared word at all, even in the right month.
    expect(matchScore(naruto, { title: 'Ninja', releaseDate: '2002-10-03' })).toBe(0);
  });

  it('compares the romaji title too', () => {
    const eva = entry(30);
    expect(eva.title.romaji).toBe('Shin Seiki Evangelion');
    expect(
      findMatch(all, { title: 'Shin Seiki Evangelion', releaseDate: releaseOf(eva) })?.id,
    ).toBe(30);
  });

  it('finds nothing when the lookup is skipped, even with a fitting candidate', () => {
    expect(findMatch(all, { title: 'Naruto', releaseDate: null })).toBeUndefined();
    expect(findMatch(all, { title: '', releaseDate: '2002-10-03' })).toBeUndefined();
  });

  it('every dated entry with an English title is matched by its own title and date', () => {
    let checked = 0;
    for (const media of all) {
      const english = media.title.english;
      if (!english || media.startDate?.year == null || media.startDate.month == null) continue;
      const target = { title: english, releaseDate: releaseOf(media) };
      const match = findMatch(all, target);
      // Another entry of the same month may share every word: then it is as good a match.
      expect(match, english).toBeDefined();
      expect(match?.startDate?.year).toBe(media.startDate.year);
      expect(match?.startDate?.month).toBe(media.startDate.month);
      expect(matchScore(match as AnimeMedia, target)).toBe(1);
      if (match?.id !== media.id) {
        expect(all.indexOf(match as AnimeMedia)).toBeLessThan(all.indexOf(media));
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(500);
  });
});
