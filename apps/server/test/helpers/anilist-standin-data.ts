/**
 * The AniList stand-in's catalogue (helpers/anilist-standin.ts), owned by the repository: media
 * records written by hand in the layout of AniList's `Media` type, each holding every field the
 * stand-in may be asked for; an edge's `node` is held as `{ id, title { romaji }, type }` and
 * the stand-in answers it with the full record when it holds one.
 *
 * - Cowboy Bebop: the TV series (AniList 1), its film (5), its recap special (4037) and the
 *   manga (30173, type MANGA, which an anime search never answers). Ids, titles, formats, dates,
 *   episode counts and runtimes are public facts typed from memory; descriptions are written for
 *   these tests, and scores, popularity and image file names are made up.
 * - Records that a search for "Cowboy Bebop" must not answer, all more popular than the series
 *   so that they would come first if it did: an invented franchise with "Cowboy" but not
 *   "Bebop" in its titles (a TV series and its sequel), an invented series with "Bebop" but not
 *   "Cowboy", and an invented film with neither. The invented series has an edge to an entry the
 *   stand-in does not hold, answered as AniList's dumps hold edge nodes (fields beyond
 *   `{ id, title { romaji }, type }` null).
 */

export type Json = Record<string, unknown>;

const CDN = 'https://s4.anilist.co/file/anilistcdn/media/anime';

/** A made-up cover image set for entry `id`, at AniList's CDN paths. */
function cover(id: number, color: string | null = '#e4a15d'): Json {
  const file = `bx${String(id)}-standin.jpg`;
  return {
    extraLarge: `${CDN}/cover/large/${file}`,
    large: `${CDN}/cover/medium/${file}`,
    medium: `${CDN}/cover/small/${file}`,
    color,
  };
}

/** An edge's node as AniList's dumps hold it: `{ id, title { romaji }, type }`. */
function node(id: number, romaji: string, type = 'ANIME'): Json {
  return { id, title: { romaji }, type };
}

/** The Cowboy Bebop entries the tests look up. */
const COWBOY_BEBOP: Json[] = [
  {
    id: 1,
    idMal: 1,
    title: { romaji: 'Cowboy Bebop', english: 'Cowboy Bebop', native: 'カウボーイビバップ' },
    type: 'ANIME',
    format: 'TV',
    status: 'FINISHED',
    description: 'Bounty hunters drift through the solar system in 2071.<br><br>\n(Stand-in text)',
    startDate: { year: 1998, month: 4, day: 3 },
    endDate: { year: 1999, month: 4, day: 24 },
    season: 'SPRING',
    seasonYear: 1998,
    episodes: 26,
    duration: 24,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(1),
    bannerImage: `${CDN}/banner/1-standin.jpg`,
    genres: ['Action', 'Adventure', 'Drama', 'Sci-Fi'],
    averageScore: 86,
    popularity: 390_000,
    relations: {
      edges: [
        { relationType: 'ADAPTATION', node: node(30173, 'Cowboy Bebop', 'MANGA') },
        { relationType: 'SIDE_STORY', node: node(5, 'Cowboy Bebop: Tengoku no Tobira') },
        { relationType: 'SUMMARY', node: node(4037, 'Cowboy Bebop: Yose Atsume Blues') },
      ],
    },
  },
  {
    id: 5,
    idMal: 5,
    title: {
      romaji: 'Cowboy Bebop: Tengoku no Tobira',
      english: "Cowboy Bebop: The Movie - Knockin' on Heaven's Door",
      native: 'カウボーイビバップ 天国の扉',
    },
    type: 'ANIME',
    format: 'MOVIE',
    status: 'FINISHED',
    description: 'A bounty on a man threatening Mars with a chemical weapon. (Stand-in text)',
    startDate: { year: 2001, month: 9, day: 1 },
    endDate: { year: 2001, month: 9, day: 1 },
    season: 'SUMMER',
    seasonYear: 2001,
    episodes: 1,
    duration: 115,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(5),
    bannerImage: null,
    genres: ['Action', 'Drama', 'Mystery', 'Sci-Fi'],
    averageScore: 81,
    popularity: 75_000,
    relations: { edges: [{ relationType: 'PARENT', node: node(1, 'Cowboy Bebop') }] },
  },
  {
    id: 4037,
    idMal: 4037,
    title: { romaji: 'Cowboy Bebop: Yose Atsume Blues', english: null, native: null },
    type: 'ANIME',
    format: 'SPECIAL',
    status: 'FINISHED',
    description: 'A clip show framed as a look back at the crew. (Stand-in text)',
    startDate: { year: 1998, month: 6, day: 26 },
    endDate: { year: 1998, month: 6, day: 26 },
    season: 'SUMMER',
    seasonYear: 1998,
    episodes: 1,
    duration: 24,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(4037, null),
    bannerImage: null,
    genres: ['Action', 'Sci-Fi'],
    averageScore: 72,
    popularity: 21_000,
    relations: { edges: [{ relationType: 'PARENT', node: node(1, 'Cowboy Bebop') }] },
  },
  {
    id: 30173,
    idMal: 173,
    title: { romaji: 'Cowboy Bebop', english: 'Cowboy Bebop', native: 'カウボーイビバップ' },
    type: 'MANGA',
    format: 'MANGA',
    status: 'FINISHED',
    description: 'The manga published alongside the series. (Stand-in text)',
    startDate: { year: 1997, month: 11, day: 18 },
    endDate: null,
    season: null,
    seasonYear: null,
    episodes: null,
    duration: null,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(30173),
    bannerImage: null,
    genres: ['Action', 'Sci-Fi'],
    averageScore: 70,
    popularity: 9_000,
    relations: { edges: [{ relationType: 'ADAPTATION', node: node(1, 'Cowboy Bebop') }] },
  },
];

/**
 * Invented entries (ids from 900001) that share a word, or nothing, with "Cowboy Bebop", and
 * are more popular than the series.
 */
const NEIGHBOURS: Json[] = [
  {
    id: 900_001,
    idMal: null,
    title: {
      romaji: 'Neon Cowboy Rhapsody',
      english: 'Neon Cowboy Rhapsody',
      native: 'ネオン・カウボーイ・ラプソディ',
    },
    type: 'ANIME',
    format: 'TV',
    status: 'FINISHED',
    description: 'A rodeo rider on an orbital ranch sings her way out of debt. (Invented)',
    startDate: { year: 2016, month: 10, day: 7 },
    endDate: { year: 2016, month: 12, day: 23 },
    season: 'FALL',
    seasonYear: 2016,
    episodes: 12,
    duration: 23,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(900_001),
    bannerImage: `${CDN}/banner/900001-standin.jpg`,
    genres: ['Music', 'Sci-Fi'],
    averageScore: 77,
    popularity: 520_000,
    relations: {
      edges: [
        { relationType: 'SEQUEL', node: node(900_002, 'Neon Cowboy Rhapsody: Encore') },
        // An entry the stand-in does not hold: its node is answered as held here.
        { relationType: 'SOURCE', node: node(900_090, 'Neon Cowboy Rhapsody', 'MANGA') },
      ],
    },
  },
  {
    id: 900_002,
    idMal: null,
    title: {
      romaji: 'Neon Cowboy Rhapsody: Encore',
      english: null,
      native: 'ネオン・カウボーイ・ラプソディ アンコール',
    },
    type: 'ANIME',
    format: 'TV',
    status: 'RELEASING',
    description: null,
    startDate: { year: 2019, month: 4, day: 5 },
    endDate: null,
    season: 'SPRING',
    seasonYear: 2019,
    episodes: null,
    duration: 23,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(900_002),
    bannerImage: null,
    genres: ['Music', 'Sci-Fi'],
    averageScore: null,
    popularity: 480_000,
    relations: {
      edges: [{ relationType: 'PREQUEL', node: node(900_001, 'Neon Cowboy Rhapsody') }],
    },
  },
  {
    id: 900_010,
    idMal: null,
    title: { romaji: 'Bebop Kitchen', english: 'Bebop Kitchen', native: 'ビバップ・キッチン' },
    type: 'ANIME',
    format: 'ONA',
    status: 'FINISHED',
    description: 'A jazz club cook feeds the band between sets. (Invented)',
    startDate: { year: 2021, month: 1, day: 15 },
    endDate: { year: 2021, month: 3, day: 26 },
    season: 'WINTER',
    seasonYear: 2021,
    episodes: 11,
    duration: 12,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(900_010),
    bannerImage: null,
    genres: ['Slice of Life', 'Music'],
    averageScore: 74,
    popularity: 450_000,
    relations: { edges: [] },
  },
  {
    id: 900_020,
    idMal: null,
    title: { romaji: 'Lanterns of Kessel Bay', english: 'Lanterns of Kessel Bay', native: null },
    type: 'ANIME',
    format: 'MOVIE',
    status: 'FINISHED',
    description: 'A lighthouse keeper and a ghost ship. (Invented)',
    startDate: { year: 2012, month: 7, day: 21 },
    endDate: { year: 2012, month: 7, day: 21 },
    season: 'SUMMER',
    seasonYear: 2012,
    episodes: 1,
    duration: 104,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(900_020),
    bannerImage: null,
    genres: ['Drama', 'Fantasy'],
    averageScore: 80,
    popularity: 600_000,
    relations: { edges: [] },
  },
];

/** Every record the stand-in holds. */
export const ANILIST_RECORDS: readonly Json[] = [...COWBOY_BEBOP, ...NEIGHBOURS];
