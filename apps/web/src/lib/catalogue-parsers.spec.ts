/** The hand-written parsers agree with the `@pigostream/contracts` schemas they mirror. */
import {
  mediaDetailsSchema,
  mediaPageSchema,
  providerSchema,
  recommendationsSchema,
  savedSearchSchema,
  searchHistoryEntrySchema,
  watchHistorySchema,
} from '@pigostream/contracts';
import { describe, expect, it } from 'vitest';
import {
  parseHeroMedia,
  parseMediaPage,
  parseProviders,
  parseRecommendations,
  parseSavedSearch,
  parseSearchHistory,
  parseWatchHistory,
} from './catalogue-parsers.ts';

const movie = {
  id: 1311031,
  media_type: 'movie',
  title: 'Demon Slayer: Infinity Castle',
  original_title: '劇場版',
  release_date: '2025-07-18',
  overview: 'Muzan drags the Demon Slayer Corps into his fortress.',
  poster_path: '/art/poster/movie-1311031.svg?t=Demon',
  backdrop_path: '/art/backdrop/movie-1311031.svg?t=Demon',
  vote_average: 7.8,
  vote_count: 650,
  popularity: 198.4,
  original_language: 'ja',
  genre_ids: [16, 28],
  extra: 'ignored',
};
const show = {
  ...movie,
  id: 1399,
  media_type: 'tv',
  title: undefined,
  original_title: undefined,
  release_date: undefined,
  name: 'Game of Thrones',
  original_name: 'Game of Thrones',
  first_air_date: '2011-04-17',
  original_language: null,
};
const page = { page: 1, results: [movie, show], total_pages: 1, total_results: 2 };

const details = {
  ...movie,
  tagline: null,
  status: 'Released',
  imdb_id: null,
  runtime: 155,
  genres: [
    { id: 16, name: 'Animation' },
    { id: 28, name: 'Action' },
  ],
  spoken_languages: [{ iso_639_1: 'ja', english_name: 'Japanese', name: '日本語' }],
  credits: { cast: [], crew: [] },
  videos: { results: [] },
};

describe('catalogue parsers', () => {
  it('read a media page as mediaPageSchema does', () => {
    expect(parseMediaPage(page)).toEqual(mediaPageSchema.parse(page));
  });

  it('read providers as providerSchema does', () => {
    const providers = [
      { id: 8, name: 'Netflix', region: 'IN', bg: 'dark', logo: '/art/logo/provider-8-dark.svg' },
      { id: 350, name: 'Apple TV+', region: 'US', bg: 'white', logo: '/art/logo/p.svg' },
    ];
    expect(parseProviders(providers)).toEqual(providerSchema.array().parse(providers));
  });

  it("read the hero's fields of mediaDetailsSchema", () => {
    const full = mediaDetailsSchema.parse(details);
    const hero = parseHeroMedia(details);
    expect(hero).toEqual({
      id: full.id,
      media_type: full.media_type,
      title: full.title,
      original_title: full.original_title,
      name: full.name,
      original_name: full.original_name,
      release_date: full.release_date,
      first_air_date: full.first_air_date,
      overview: full.overview,
      poster_path: full.poster_path,
      backdrop_path: full.backdrop_path,
      vote_average: full.vote_average,
      genres: full.genres.map(({ name }) => ({ name })),
    });
  });

  it('read the library answers as their schemas do', () => {
    const history = [
      { id: 2, query: 'dune' },
      { id: 1, query: 'alien' },
    ];
    expect(parseSearchHistory(history)).toEqual(searchHistoryEntrySchema.array().parse(history));
    const saved = { id: 3, query: 'dune', saved: false };
    expect(parseSavedSearch(saved)).toEqual(savedSearchSchema.parse(saved));
    const watched = {
      moviesHistory: [
        {
          id: 1,
          type: 'movie',
          title: 'A',
          poster_path: '/a.jpg',
          vote_average: 7,
          genres: [{ name: 'Drama' }],
        },
      ],
      showsHistory: [],
    };
    expect(parseWatchHistory(watched)).toEqual(watchHistorySchema.parse(watched));
    const recs = [
      { id: 1399, type: 'tv' },
      { id: 603, type: 'movie' },
    ];
    expect(parseRecommendations(recs)).toEqual(recommendationsSchema.parse(recs));
  });

  it('refuse what the schemas refuse', () => {
    const bad: [unknown, (v: unknown) => unknown, { parse: (v: unknown) => unknown }][] = [
      [{ ...page, results: [{ ...movie, media_type: 'anime' }] }, parseMediaPage, mediaPageSchema],
      [{ ...page, results: [{ ...movie, id: 1.5 }] }, parseMediaPage, mediaPageSchema],
      [{ ...page, results: [{ ...movie, overview: null }] }, parseMediaPage, mediaPageSchema],
      [{ ...page, results: 'x' }, parseMediaPage, mediaPageSchema],
      [{ ...details, vote_average: '7' }, parseHeroMedia, mediaDetailsSchema],
      [[{ id: 1, type: 'book' }], parseRecommendations, recommendationsSchema],
      [{ id: 1, query: 'x', saved: 'no' }, parseSavedSearch, savedSearchSchema],
      [null, parseMediaPage, mediaPageSchema],
    ];
    for (const [value, parse, schema] of bad) {
      expect(() => parse(value)).toThrow();
      expect(() => schema.parse(value)).toThrow();
    }
  });
});
