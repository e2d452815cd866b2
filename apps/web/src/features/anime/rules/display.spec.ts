/**
 * The Related Anime card's texts (ANIME-1, ANIME-2 in docs/requirements.md) on hand-written AniList
 * records (anilist-fixtures.testing.ts: made-up entries with English and romaji titles, a romaji
 * title only, start dates with and without a month or day).
 */
import type { AnimeMedia } from '@pigostream/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryOf, toAnimeInfo } from './anilist-fixtures.testing.ts';
import { formatLabel, formatStartDate, relationTitle } from './display.ts';

let info: Map<number, AnimeMedia>;

beforeAll(() => {
  info = toAnimeInfo();
});

const entry = (id: number) => entryOf(info, id);

describe('relationTitle', () => {
  it('shows English, else romaji, else Untitled', () => {
    // Both titles (7001), English with an accent (7402), romaji only (7201).
    expect(relationTitle(entry(7001))).toBe('Tidewater Lanterns');
    expect(relationTitle(entry(7402))).toBe('Sunny Corner Café');
    expect(relationTitle(entry(7201))).toBe('Kumo no Ue no Toshokan');
    expect(relationTitle({ title: { english: '', romaji: 'Poketto Tanuki' } })).toBe(
      'Poketto Tanuki',
    );
    expect(relationTitle({ title: { english: null, romaji: null } })).toBe('Untitled');
    expect(relationTitle({ title: { english: ' ', romaji: '' } })).toBe('Untitled');
  });
});

describe('formatStartDate', () => {
  it('writes month/day/year', () => {
    expect(formatStartDate(entry(7001).startDate)).toBe('4/6/2004');
    expect(formatStartDate(entry(7003).startDate)).toBe('7/23/2005');
    expect(formatStartDate({ year: 2002, month: 10, day: 3 })).toBe('10/3/2002');
  });

  it("writes '--' for a missing month or day", () => {
    expect(formatStartDate(entry(7006).startDate)).toBe('12/--/2004');
    expect(formatStartDate(entry(7402).startDate)).toBe('--/--/2013');
    expect(formatStartDate({ year: 2013, month: null, day: null })).toBe('--/--/2013');
  });

  it("writes 'Unknown' without a year", () => {
    expect(formatStartDate(null)).toBe('Unknown');
    expect(formatStartDate(entry(7401).startDate)).toBe('Unknown');
    expect(formatStartDate({ year: null, month: 4, day: 7 })).toBe('Unknown');
  });
});

describe('formatLabel', () => {
  it('keeps TV, OVA and ONA, title-cases the others', () => {
    expect(formatLabel('TV')).toBe('TV');
    expect(formatLabel('OVA')).toBe('OVA');
    expect(formatLabel('ONA')).toBe('ONA');
    expect(formatLabel('MOVIE')).toBe('Movie');
    expect(formatLabel('SPECIAL')).toBe('Special');
    expect(formatLabel(null)).toBe('');
  });
});
