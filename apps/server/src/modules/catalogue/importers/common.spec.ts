import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optCertification, ratingOf } from './common.ts';

describe('ratings of the dumps (PROFILE-7)', () => {
  it.each([
    ['R', { certification: 'R', ratingAge: 17 }],
    [' PG-13 ', { certification: 'PG-13', ratingAge: 13 }],
    ['TV-MA', { certification: 'TV-MA', ratingAge: 17 }],
    ['15', { certification: '15', ratingAge: 15 }],
    ['NC16', { certification: 'NC16', ratingAge: 16 }],
    ['NR', { certification: 'NR', ratingAge: null }],
    ['', { certification: null, ratingAge: null }],
    ['   ', { certification: null, ratingAge: null }],
    [null, { certification: null, ratingAge: null }],
    [undefined, { certification: null, ratingAge: null }],
  ])('%j is stored as %j', (given, stored) => {
    expect(ratingOf(given)).toEqual(stored);
  });

  it('reads a certification of any type without rejecting the record', () => {
    expect(optCertification.parse(' TV-14 ')).toBe('TV-14');
    expect(optCertification.parse(12)).toBe('12');
    expect(optCertification.parse('')).toBeNull();
    expect(optCertification.parse(null)).toBeNull();
    expect(optCertification.parse(undefined)).toBeNull();
    expect(optCertification.parse({ US: 'R' })).toBeNull();
    expect(optCertification.parse(Number.NaN)).toBeNull();
    // A dump that has no such field at all.
    expect(z.object({ certification: optCertification }).parse({})).toEqual({
      certification: null,
    });
  });
});
