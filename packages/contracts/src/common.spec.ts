import { describe, expect, it } from 'vitest';
import {
  bodyIdSchema,
  idSchema,
  isoTimeSchema,
  pageSchema,
  searchQuerySchema,
  showNumberQuerySchema,
  showNumberSchema,
} from './common.ts';
import { EARLIEST_TIME_MS, isSaneTime, LATEST_TIME_AHEAD_MS } from './constants.ts';
import { findProvider } from './providers.ts';
import { genreFromName } from './genres.ts';

describe('request schemas', () => {
  it('accepts digit ids and rejects the rest with a message', () => {
    expect(idSchema.parse('603')).toBe(603);
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '', '9999999999']) {
      const result = idSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
    }
  });

  it('defaults the page to 1 and bounds it to 1..500', () => {
    expect(pageSchema.parse(undefined)).toBe(1);
    expect(pageSchema.parse('500')).toBe(500);
    for (const bad of ['0', '501', 'x', '-2'])
      expect(pageSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('trims queries and refuses empty, over-long and control-character ones', () => {
    expect(searchQuerySchema.parse('  matrix ')).toBe('matrix');
    for (const bad of ['   ', 'x'.repeat(201), 'a\u0000b', 'a\nb']) {
      expect(searchQuerySchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe("the database's limits (ROB-1)", () => {
  it('takes title ids from 1 to 999999999, as numbers or digits, and nothing past int4', () => {
    const id = bodyIdSchema('id');
    expect(id.parse(603)).toBe(603);
    expect(id.parse('603')).toBe(603);
    expect(id.parse(999_999_999)).toBe(999_999_999);
    for (const bad of [0, -1, 1.5, 2 ** 31, 2 ** 53, 1e308, '0', '1e3', '2147483648', null, true]) {
      const result = id.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('id must be a positive whole number');
    }
  });

  it('takes seasons from 0 and episodes from 1, to 9999, and refuses the rest by name', () => {
    expect(showNumberSchema('season', 0).parse(0)).toBe(0);
    expect(showNumberSchema('episode', 1).parse(9999)).toBe(9999);
    for (const bad of [-1, 10_000, 2 ** 31, 2 ** 53, 1.5, '1', null]) {
      const result = showNumberSchema('season', 0).safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('season must be a whole number from 0 to 9999');
    }
    expect(showNumberSchema('episode', 1).safeParse(0).success).toBe(false);
    const query = showNumberQuerySchema(1, 'season must be a positive whole number');
    expect(query.parse('12')).toBe(12);
    for (const bad of ['0', '10000', '2147483648', '-1', '1.5', '']) {
      expect(query.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('takes ISO 8601 times with an offset from 1870 to a year from now', () => {
    const at = isoTimeSchema('watchedAt');
    for (const good of [
      '1870-01-01T00:00:00Z',
      '2024-05-01T20:00:00Z',
      '2024-05-01T22:00:00.123+02:00',
      new Date(Date.now() + 300 * 86_400_000).toISOString(),
    ]) {
      expect(at.safeParse(good).success, good).toBe(true);
    }
    for (const bad of [
      'x',
      ' ',
      '2024-13-45T99:99:99Z',
      '2024-02-30T12:00:00Z',
      'Infinity',
      '-infinity',
      'epoch',
      'now',
      '294276-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '1869-12-31T23:59:59Z',
      '9999-12-31T23:59:59Z',
      '2024-05-01',
      '2024-05-01T20:00:00',
      1714593600000,
    ]) {
      const result = at.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^watchedAt must be an ISO 8601 time/);
    }
  });

  it('counts as sane only finite times from 1870 to a year from now', () => {
    const now = Date.UTC(2026, 10, 28);
    expect(isSaneTime(EARLIEST_TIME_MS, now)).toBe(true);
    expect(isSaneTime(now + LATEST_TIME_AHEAD_MS, now)).toBe(true);
    expect(isSaneTime(EARLIEST_TIME_MS - 1, now)).toBe(false);
    expect(isSaneTime(now + LATEST_TIME_AHEAD_MS + 1, now)).toBe(false);
    expect(isSaneTime(Number.NaN, now)).toBe(false);
    expect(isSaneTime(Number.POSITIVE_INFINITY, now)).toBe(false);
  });
});

describe('providers and genres', () => {
  it('resolves Crunchyroll by 283 and by its alias 12', () => {
    expect(findProvider(12)?.id).toBe(283);
    expect(findProvider(283)?.name).toBe('Crunchyroll');
    expect(findProvider(4242)).toBeUndefined();
  });

  it("maps genre names to TMDB's ids, either list, and unknown names to stable ids", () => {
    expect(genreFromName('Science Fiction', 'movie')).toEqual({ id: 878, name: 'Science Fiction' });
    expect(genreFromName('Sci-Fi & Fantasy', 'tv').id).toBe(10765);
    expect(genreFromName('Thriller', 'tv').id).toBe(53);
    expect(genreFromName('Tokusatsu', 'tv').id).toBe(genreFromName('Tokusatsu', 'movie').id);
  });
});
