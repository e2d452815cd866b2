import { describe, expect, it } from 'vitest';
import { ratingAgeOf } from '@pigostream/contracts';
import { usCertificationFor } from './tmdb.source.ts';

describe('the US certification asked of discover under a rating limit (PROFILE-7)', () => {
  it.each([
    [0, 'G'],
    [7, 'G'],
    [10, 'PG'],
    [12, 'PG'],
    [13, 'PG-13'],
    [14, 'PG-13'],
    [16, 'PG-13'],
    [17, 'R'],
    [18, 'NC-17'],
  ])('age %i -> %s', (age, certification) => {
    expect(usCertificationFor(age)).toBe(certification);
  });

  it('never admits a film older than the limit, and admits the oldest that fits', () => {
    for (let age = 0; age <= 18; age++) {
      const rated = ratingAgeOf(usCertificationFor(age));
      expect(rated, String(age)).not.toBeNull();
      expect(rated, String(age)).toBeLessThanOrEqual(age);
      for (const other of ['G', 'PG', 'PG-13', 'R', 'NC-17']) {
        const otherAge = ratingAgeOf(other) ?? 0;
        if (otherAge <= age)
          expect(otherAge, `${String(age)}: ${other}`).toBeLessThanOrEqual(rated ?? 0);
      }
    }
  });
});
