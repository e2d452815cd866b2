/**
 * Synthetic records in the shapes of the five dumps (made up for the tests, nothing copied from
 * ../shared/data), including a malformed line and records that fail validation.
 */
import type { ImporterKind } from '../../src/modules/catalogue/importers/index.ts';

const img = (size: string, file: string) => `https://image.tmdb.org/t/p/${size}/${file}`;
export const jsonl = (...lines: (object | string)[]) =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';
const csvCell = (v: string) => `"${v.replaceAll('"', '""')}"`;

const CSV_HEADER =
  'budget,genres,homepage,id,keywords,original_language,original_title,overview,popularity,' +
  'production_companies,production_countries,release_date,revenue,runtime,spoken_languages,' +
  'status,tagline,title,vote_average,vote_count';
const csvRow = (id: number, title: string, genres: string, overview = 'Plain.') =>
  [
    '1000',
    csvCell(genres),
    '',
    String(id),
    '[]',
    'fr',
    csvCell(`${title} (original)`),
    csvCell(overview),
    '12.5',
    '[]',
    '[]',
    '2001-02-03',
    '0',
    '95.0',
    csvCell('[{"iso_639_1": "fr", "name": "Français"}]'),
    'Released',
    '',
    csvCell(title),
    '6.1',
    '40',
  ].join(',');

const credit = (name: string, extra: object) => ({
  tmdbPersonId: name.length * 7,
  name,
  profilePath: `/${name.toLowerCase().replaceAll(' ', '-')}.jpg`,
  character: null,
  order: null,
  ...extra,
});
const offers = (...names: string[]) => ({
  flatrate: names.map((name) => ({ name, logo: '/l.jpg' })),
});
const episode = (n: number, runtime: number | null) => ({
  id: 7000 + n,
  episode_number: n,
  name: `Chapter ${n}`,
  air_date: '2020-01-0' + String(n),
  still_path: `/still-${n}.jpg`,
  runtime,
  overview: 'Things happen.',
  vote_average: 7.5,
});
const season = (n: number, eps: object[]) => ({
  _id: 'x',
  id: 600 + n,
  season_number: n,
  name: n === 0 ? 'Specials' : `Season ${n}`,
  air_date: '2020-01-01',
  poster_path: `/season-${n}.jpg`,
  overview: '',
  episodes: eps,
});
export const anime = (id: number, edges: [string, number, string][]) => ({
  id,
  idMal: id,
  title: { romaji: `Hoshi ${id}`, english: id === 11 ? 'Star Eleven' : null, native: null },
  type: 'ANIME',
  format: 'TV',
  status: 'FINISHED',
  description: 'An invented series.',
  startDate: { year: 1999, month: 4, day: null },
  episodes: 12,
  duration: 24,
  coverImage: { extraLarge: 'https://x/xl.jpg', large: `https://x/${id}.jpg`, medium: null },
  genres: ['Action'],
  averageScore: 70,
  popularity: 1000,
  relations: {
    edges: edges.map(([relationType, nodeId, romaji]) => ({
      relationType,
      node: { id: nodeId, title: { romaji }, type: 'ANIME' },
    })),
  },
});

export const FIXTURES: Record<ImporterKind, string> = {
  boxofficejedi: jsonl(
    {
      tmdb_id: 101,
      title: 'The Glass Orchard',
      tagline: '',
      overview: 'A gardener grows glass.',
      release_date: '2001-02-03',
      runtime: 95,
      genres: ['Drama', 'Mystery'],
      poster_url: img('w342', 'orchard.jpg'),
      backdrop_url: img('w1280', 'orchard-bg.jpg'),
      director: 'Ada Lindqvist',
      cast: [
        { name: 'Ben Oduya', character: 'Tom', profile: img('w185', 'ben.jpg') },
        { name: 'Cleo Marsh', character: '', profile: '' },
      ],
      trailer_key: 'abc123',
      imdb_id: 'tt0000101',
      vote_average: 6.5,
      vote_count: 120,
    },
    '{"tmdb_id": 102, "title": "Broken',
    '',
    { tmdb_id: 'abc', title: 'No Id' },
    { tmdb_id: 103, title: 'Second Light', release_date: '', runtime: 0, director: '', cast: [] },
  ),
  tmdb5000: [
    CSV_HEADER,
    csvRow(101, 'The Glass Orchard', '[{"id": 18, "name": "Drama"}]', 'Line one.\nLine two.'),
    csvRow(104, 'Bad Genres', '[{oops'),
    '1,2,3',
    csvRow(105, 'Third Act', '[{"id": 35, "name": "Comedy"}]'),
  ].join('\n'),
  'movnix-movies': jsonl(
    {
      movie: {
        tmdbId: 201,
        imdbId: null,
        title: 'Harbour Lights',
        originalTitle: 'Havnelys',
        overview: 'Boats.',
        releaseDate: '2019-05-06',
        runtime: 101,
        popularity: 9.5,
        voteAverage: 7,
        voteCount: 10,
        posterPath: '/harbour.jpg',
        backdropPath: null,
      },
      genres: [{ tmdbId: 1, name: 'Drama' }],
      credits: [
        credit('Ida Berg', { character: 'Captain', job: 'Actor', department: 'Acting', order: 1 }),
        credit('Ole Lund', { character: null, job: 'Actor', department: 'Acting' }),
        credit('Mia Holm', { character: 'Mate', job: 'Actor', department: 'Acting', order: 0 }),
        credit('Per Dahl', { job: 'Director', department: 'Directing' }),
        credit('Eva Nord', { job: 'Writer', department: 'Writing' }),
      ],
      videos: [
        { key: 'teaser1', site: 'YouTube', type: 'Teaser' },
        { key: 'trailer1', site: 'YouTube', type: 'Trailer' },
      ],
      watchProviders: {
        us: {
          ...offers(
            'Netflix',
            'Amazon Prime Video with Ads',
            'Paramount+ Amazon Channel',
            'Disney Plus',
            'Peacock Premium',
          ),
          buy: [{ name: 'Apple TV Store', logo: '/s.jpg' }],
        },
        in: offers('Netflix', 'Lionsgate Play', 'Sony Liv'),
        id: offers('Disney+'),
      },
    },
    { genres: [], credits: [] },
  ),
  'movnix-tv': jsonl(
    {
      tvShow: {
        tmdbId: 301,
        imdbId: 'tt0000301',
        name: 'Night Ferry',
        originalName: 'Nattfärjan',
        overview: 'A ferry at night.',
        firstAirDate: '2020-01-01',
        lastAirDate: '2021-03-01',
        status: 'Ended',
        popularity: 20,
        voteAverage: 8,
        voteCount: 99,
        posterPath: '/ferry.jpg',
        backdropPath: '/ferry-bg.jpg',
      },
      seasons: [
        season(0, [episode(1, 10)]),
        season(1, [episode(1, 50), episode(2, 40)]),
        season(2, [episode(1, 44), episode(2, null), episode(3, 60)]),
      ],
      genres: [{ tmdbId: 9, name: 'Drama' }],
      credits: [
        credit('Lars Sund', { character: 'Captain', job: 'Actor', department: 'Acting', order: 0 }),
        credit('Karin Vik', { job: 'Creator', department: 'Writing' }),
        credit('Jan Ek', { job: 'Executive Producer', department: 'Production' }),
      ],
      videos: [],
      watchProviders: {
        us: offers('Crunchyroll', 'HBO Max', 'Apple TV+', 'AMC Plus Apple TV Channel ', 'Netflix'),
      },
    },
    { tvShow: { tmdbId: 302, name: '', originalName: null }, seasons: [], genres: [], credits: [] },
    'not json at all',
  ),
  anilist: jsonl(
    anime(11, [
      ['SEQUEL', 12, 'Hoshi 12'],
      ['ADAPTATION', 999, 'Hoshi Manga'],
    ]),
    anime(12, [['PREQUEL', 11, 'Hoshi 11']]),
    { idMal: 5, title: { romaji: 'No id' } },
  ),
  // An IMDb id for a movie that has one from boxofficejedi (101: kept), one without (201), one
  // for a movie the catalogue lacks, and a row without a TMDB id.
  'movielens-links': [
    'movieId,imdbId,tmdbId',
    '1,0101010,101',
    '2,2222222,201',
    '3,0303030,999999',
    '4,0404040,',
  ].join('\n'),
};
