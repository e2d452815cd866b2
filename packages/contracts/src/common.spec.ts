import { describe, expect, it } from 'vitest';
import { idSchema, pageSchema, searchQuerySchema } from './common.ts';
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
