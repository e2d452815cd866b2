/** The Related Anime card's texts (spec 2 Anime view) on real AniList records. */
import type { AnimeMedia } from '@pigostream/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnilistDump } from './anilist-dump.testing.ts';
import { formatLabel, formatStartDate, relationTitle } from './display.ts';

let all: AnimeMedia[];

beforeAll(() => {
  all = [...loadAnilistDump().values()];
});

describe('relationTitle', () => {
  it('shows English, else romaji, else Untitled', () => {
    const english = all.find((m) => m.title.english);
    const romajiOnly = all.find((m) => !m.title.english && m.title.romaji);
    expect(relationTitle(english as AnimeMedia)).toBe(english?.title.english);
    expect(relationTitle(romajiOnly as AnimeMedia)).toBe(romajiOnly?.title.romaji);
    expect(relationTitle({ title: { english: null, romaji: null } })).toBe('Untitled');
    expect(relationTitle({ title: { english: ' ', romaji: '' } })).toBe('Untitled');
  });
});

describe('formatStartDate', () => {
  it('writes month/day/year', () => {
    const full = all.find((m) => m.startDate?.day != null) as AnimeMedia;
    const d = full.startDate;
    expect(formatStartDate(d)).toBe(`${String(d?.month)}/${String(d?.day)}/${String(d?.year)}`);
    expect(formatStartDate({ year: 2002, month: 10, day: 3 })).toBe('10/3/2002');
  });

  it("writes '--' for a missing month or day", () => {
    const noDay = all.find((m) => m.startDate?.year != null && m.startDate.day == null);
    expect(noDay).toBeDefined();
    expect(formatStartDate(noDay?.startDate ?? null)).toMatch(/^(\d{1,2}|--)\/--\/\d{4}$/);
    expect(formatStartDate({ year: 2013, month: null, day: null })).toBe('--/--/2013');
  });

  it("writes 'Unknown' without a year", () => {
    expect(formatStartDate(null)).toBe('Unknown');
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
