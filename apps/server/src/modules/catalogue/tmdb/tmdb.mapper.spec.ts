import { describe, expect, it } from 'vitest';
import { readLeniently } from '../../../lib/lenient.ts';
import { certificationOf, toDetails } from './tmdb.mapper.ts';
import { tmdbDetailsSchema } from './tmdb.schemas.ts';

/** A movie's details answer with `release_dates` as TMDB appends them. */
const movie = (results: unknown) =>
  readLeniently(tmdbDetailsSchema('movie'), {
    id: 1,
    title: 'A Movie',
    release_dates: { results },
  }).value;
/** A show's details answer with `content_ratings` as TMDB appends them. */
const show = (results: unknown) =>
  readLeniently(tmdbDetailsSchema('tv'), { id: 2, name: 'A Show', content_ratings: { results } })
    .value;
const release = (certification: string, type: number) => ({
  certification,
  descriptors: [],
  iso_639_1: '',
  note: '',
  release_date: '2020-01-01T00:00:00.000Z',
  type,
});

describe('certifications of TMDB details (PROFILE-7, DEC-31)', () => {
  it("takes a movie's US theatrical certification, wherever the US is listed", () => {
    const d = movie([
      { iso_3166_1: 'GB', release_dates: [release('15', 3)] },
      {
        iso_3166_1: 'US',
        release_dates: [release('', 1), release('R', 2), release('PG-13', 3), release('PG', 4)],
      },
    ]);
    expect(certificationOf(d, 'movie')).toBe('PG-13');
    expect(toDetails(d, 'movie').certification).toBe('PG-13');
  });

  it('takes the first rated US release when none is theatrical', () => {
    const d = movie([
      { iso_3166_1: 'US', release_dates: [release('', 3), release(' NR ', 4), release('R', 5)] },
    ]);
    expect(certificationOf(d, 'movie')).toBe('NR');
  });

  it('falls back to the first country that rated the movie', () => {
    const d = movie([
      { iso_3166_1: 'US', release_dates: [release('', 3)] },
      { iso_3166_1: 'KR', release_dates: [release('', 1)] },
      { iso_3166_1: 'DE', release_dates: [release('12', 4), release('16', 3)] },
      { iso_3166_1: 'GB', release_dates: [release('15', 3)] },
    ]);
    expect(certificationOf(d, 'movie')).toBe('16');
  });

  it("takes a show's US rating, else the first country's", () => {
    expect(
      certificationOf(
        show([
          { iso_3166_1: 'DE', rating: '16' },
          { iso_3166_1: 'US', rating: 'TV-MA' },
        ]),
        'tv',
      ),
    ).toBe('TV-MA');
    expect(
      certificationOf(
        show([
          { iso_3166_1: 'US', rating: '' },
          { iso_3166_1: 'BR', rating: ' 14 ' },
        ]),
        'tv',
      ),
    ).toBe('14');
  });

  it('answers null when nothing rates the title or the parts were not appended', () => {
    expect(certificationOf(movie([]), 'movie')).toBeNull();
    expect(certificationOf(movie([{ iso_3166_1: 'US', release_dates: [] }]), 'movie')).toBeNull();
    expect(certificationOf(show([{ iso_3166_1: 'US', rating: '' }]), 'tv')).toBeNull();
    const bare = readLeniently(tmdbDetailsSchema('movie'), { id: 3, title: 'Bare' }).value;
    expect(toDetails(bare, 'movie').certification).toBeNull();
    // A show's answer never reads a movie's release_dates, nor the other way round.
    expect(
      certificationOf(movie([{ iso_3166_1: 'US', release_dates: [release('R', 3)] }]), 'tv'),
    ).toBeNull();
  });
});
