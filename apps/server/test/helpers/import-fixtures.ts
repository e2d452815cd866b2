/**
 * The import fixtures (apps/server/test/fixtures/imports, written by hand: IMP-5 of
 * docs/imports.md) and what each must import as: its format, the list its titles go to, its
 * rows, the preview's counts, and each title as the preview must show it (accents kept) with its
 * status, the catalogue title it matches, and the candidates it must or must not offer. The
 * server tests, `pigo import-user` and the page in Chromium check this one table.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ImportFormat, ImportList } from '@pigostream/contracts';

/** Where the fixture files are. */
export const IMPORT_FIXTURES_DIR = path.resolve(import.meta.dirname, '../fixtures/imports');

/** One title of a fixture as the preview must show it. */
export interface ExpectedTitle {
  /** The title and year as the file names them ('Léon', 1994). */
  title: string;
  year: number | null;
  status: 'matched' | 'uncertain' | 'not-found';
  /** The catalogue title matched (`movie:603`), for `matched`. */
  match?: string;
  /** Candidates an uncertain title must offer (`movie:98`). */
  offers?: string[];
  /** Titles it must not offer, or match: the file's own facts rule them out (IMP-3). */
  never?: string[];
  /** How many preview items carry this title and year (rows kept apart by their ids); 1 if absent. */
  items?: number;
  /** The list it goes to, where it is not the fixture's. */
  list?: ImportList;
  /** The time the preview gives it (added or watched), where the test checks it. */
  watchedAt?: string;
  /** The catalogue title the page shows for its match ('Léon: The Professional (1994)'). */
  shows?: string;
}

/** A fixture and what it imports as. */
export interface ImportFixture {
  file: string;
  format: ImportFormat;
  encoding: 'utf-8' | 'utf-16le' | 'windows-1252';
  /** The list its titles go to (a title may say another). */
  list: ImportList;
  rows: number;
  counts: { matched: number; uncertain: number; notFound: number };
  titles: ExpectedTitle[];
}

export const IMPORT_FIXTURES: ImportFixture[] = [
  {
    file: 'imdb-ratings.csv',
    format: 'imdb',
    encoding: 'utf-8',
    list: 'history',
    rows: 5,
    counts: { matched: 3, uncertain: 0, notFound: 2 },
    titles: [
      { title: 'The Matrix', year: 1999, status: 'matched', match: 'movie:603' },
      { title: 'Inception', year: 2010, status: 'matched', match: 'movie:27205' },
      // Translated title; the original title is the catalogue's (its shows carry no IMDb id).
      {
        title: 'La regina degli scacchi',
        year: 2020,
        status: 'matched',
        match: 'tv:87739',
        shows: "The Queen's Gambit (2020)",
      },
      // Its IMDb id is not Vol. 1's: Vol. 1 is not offered.
      { title: 'Kill Bill: Vol. 2', year: 2004, status: 'not-found', never: ['movie:24'] },
      { title: 'Zqxj Vorpal Expanse', year: 2003, status: 'not-found' },
    ],
  },
  {
    file: 'imdb-watchlist.csv',
    format: 'imdb',
    encoding: 'utf-8',
    list: 'watchlist',
    rows: 4,
    counts: { matched: 4, uncertain: 0, notFound: 0 },
    titles: [
      { title: 'Dune', year: 2021, status: 'matched', match: 'movie:438631' },
      { title: 'Parasite', year: 2019, status: 'matched', match: 'movie:496243' },
      { title: 'Breaking Bad', year: 2008, status: 'matched', match: 'tv:1396' },
      { title: 'Dark', year: 2017, status: 'matched', match: 'tv:70523' },
    ],
  },
  {
    file: 'imdb-ratings-older-layout.csv',
    format: 'imdb',
    encoding: 'utf-8',
    list: 'history',
    rows: 5,
    counts: { matched: 4, uncertain: 0, notFound: 1 },
    titles: [
      // The older layout's dates: 'Sat Dec 31 00:00:00 2016', 'Sun Mar  1 00:00:00 2015'.
      {
        title: 'Fight Club',
        year: 1999,
        status: 'matched',
        match: 'movie:550',
        watchedAt: '2016-12-31T12:00:00.000Z',
      },
      {
        title: 'Pulp Fiction',
        year: 1994,
        status: 'matched',
        match: 'movie:680',
        watchedAt: '2015-03-01T12:00:00.000Z',
      },
      { title: 'Léon', year: 1994, status: 'matched', match: 'movie:101' },
      { title: 'Shichinin no samurai', year: 1954, status: 'matched', match: 'movie:346' },
      { title: 'Le voyage dans la lune', year: 1902, status: 'not-found' },
    ],
  },
  {
    file: 'letterboxd-watchlist.csv',
    format: 'letterboxd',
    encoding: 'utf-8',
    list: 'watchlist',
    rows: 4,
    counts: { matched: 1, uncertain: 1, notFound: 2 },
    titles: [
      { title: 'Inception', year: 2010, status: 'matched', match: 'movie:27205' },
      { title: 'Gladiatr', year: 2000, status: 'uncertain', offers: ['movie:98'] },
      // The 1984 film is not in the catalogue; the 2021 one is 37 years off.
      { title: 'Dune', year: 1984, status: 'not-found', never: ['movie:438631'] },
      { title: 'Zqxj Vorpal Expanse', year: 2003, status: 'not-found' },
    ],
  },
  {
    file: 'letterboxd-ratings.csv',
    format: 'letterboxd',
    encoding: 'utf-8',
    list: 'history',
    rows: 3,
    counts: { matched: 3, uncertain: 0, notFound: 0 },
    titles: [
      { title: 'Pulp Fiction', year: 1994, status: 'matched', match: 'movie:680' },
      { title: 'Fight Club', year: 1999, status: 'matched', match: 'movie:550' },
      { title: 'Amélie', year: 2001, status: 'matched', match: 'movie:194' },
    ],
  },
  {
    file: 'letterboxd-reviews.csv',
    format: 'letterboxd',
    encoding: 'utf-8',
    list: 'history',
    rows: 3,
    counts: { matched: 3, uncertain: 0, notFound: 0 },
    titles: [
      // Two reviews, two diary entries of their own: two items.
      { title: 'Parasite', year: 2019, status: 'matched', match: 'movie:496243', items: 2 },
      { title: 'Let the Right One In', year: 2008, status: 'matched', match: 'movie:13310' },
    ],
  },
  {
    file: 'letterboxd-likes-films.csv',
    format: 'letterboxd',
    encoding: 'utf-8',
    list: 'history',
    rows: 2,
    counts: { matched: 2, uncertain: 0, notFound: 0 },
    titles: [
      { title: 'City of God', year: 2002, status: 'matched', match: 'movie:598' },
      { title: 'Seven Samurai', year: 1954, status: 'matched', match: 'movie:346' },
    ],
  },
  {
    file: 'letterboxd-list.csv',
    format: 'letterboxd',
    encoding: 'utf-8',
    list: 'watchlist',
    rows: 3,
    counts: { matched: 2, uncertain: 0, notFound: 1 },
    titles: [
      // Added when the list was made (its own row's date).
      {
        title: 'The Matrix',
        year: 1999,
        status: 'matched',
        match: 'movie:603',
        watchedAt: '2021-11-06T12:00:00.000Z',
      },
      { title: 'Life Is Beautiful', year: 1997, status: 'matched', match: 'movie:637' },
      { title: 'Qwxzv Unmade Picture', year: 2001, status: 'not-found' },
    ],
  },
  {
    file: 'letterboxd-import.csv',
    format: 'letterboxd',
    encoding: 'utf-8',
    list: 'history',
    rows: 4,
    counts: { matched: 3, uncertain: 0, notFound: 1 },
    titles: [
      { title: 'The Matrix', year: 1999, status: 'matched', match: 'movie:603' },
      // Its TMDB id (393) is not in the catalogue: Vol. 1 (24) is not offered.
      { title: 'Kill Bill: Vol. 2', year: 2004, status: 'not-found', never: ['movie:24'] },
      { title: 'Amelie', year: 2001, status: 'matched', match: 'movie:194' },
      { title: 'Inception', year: 2010, status: 'matched', match: 'movie:27205' },
    ],
  },
  {
    file: 'letterboxd-watched-windows-1252.csv',
    format: 'letterboxd',
    encoding: 'windows-1252',
    list: 'history',
    rows: 5,
    counts: { matched: 4, uncertain: 0, notFound: 1 },
    titles: [
      {
        title: 'Léon',
        year: 1994,
        status: 'matched',
        match: 'movie:101',
        shows: 'Léon: The Professional (1994)',
      },
      {
        title: 'La vita è bella',
        year: 1997,
        status: 'matched',
        match: 'movie:637',
        shows: 'Life Is Beautiful (1997)',
      },
      {
        title: 'Le Fabuleux Destin d’Amélie Poulain',
        year: 2001,
        status: 'matched',
        match: 'movie:194',
      },
      { title: 'Män som hatar kvinnor', year: 2009, status: 'not-found' },
      { title: 'Låt den rätte komma in', year: 2008, status: 'matched', match: 'movie:13310' },
    ],
  },
  {
    file: 'letterboxd-diary-utf-16.csv',
    format: 'letterboxd',
    encoding: 'utf-16le',
    list: 'history',
    rows: 6,
    counts: { matched: 4, uncertain: 0, notFound: 2 },
    titles: [
      {
        title: 'Cidade de Deus',
        year: 2002,
        status: 'matched',
        match: 'movie:598',
        shows: 'City of God (2002)',
      },
      { title: 'The Matrix', year: 1999, status: 'matched', match: 'movie:603', items: 2 },
      { title: 'Seven Samurai', year: 1954, status: 'matched', match: 'movie:346' },
      // Two films of that name and year, with their own URIs: never merged.
      { title: 'The Haunted Castle', year: 1897, status: 'not-found', items: 2 },
    ],
  },
  {
    file: 'trakt-watched-movies.json',
    format: 'trakt',
    encoding: 'utf-8',
    list: 'history',
    rows: 3,
    counts: { matched: 2, uncertain: 0, notFound: 1 },
    titles: [
      { title: 'The Matrix', year: 1999, status: 'matched', match: 'movie:603' },
      { title: 'Kill Bill: Vol. 2', year: 2004, status: 'not-found', never: ['movie:24'] },
      // No TMDB or IMDb id in the file: matched by title and year.
      { title: 'Parasite', year: 2019, status: 'matched', match: 'movie:496243' },
    ],
  },
  {
    file: 'trakt-watched-shows.json',
    format: 'trakt',
    encoding: 'utf-8',
    list: 'history',
    rows: 2,
    counts: { matched: 2, uncertain: 0, notFound: 0 },
    titles: [
      { title: 'Breaking Bad', year: 2008, status: 'matched', match: 'tv:1396' },
      { title: 'The Bear', year: 2022, status: 'matched', match: 'tv:136315' },
    ],
  },
  {
    file: 'trakt-history-wrapped.json',
    format: 'trakt',
    encoding: 'utf-8',
    list: 'history',
    rows: 3,
    counts: { matched: 2, uncertain: 0, notFound: 0 },
    titles: [
      // Two episodes of one show: one item (the same TMDB id).
      { title: 'Dark', year: 2017, status: 'matched', match: 'tv:70523' },
      {
        title: 'Dune',
        year: 2021,
        status: 'matched',
        match: 'movie:438631',
        watchedAt: '2024-05-22T19:30:00.000Z',
      },
    ],
  },
  {
    file: 'traktexport.json',
    format: 'trakt',
    encoding: 'utf-8',
    list: 'watchlist',
    rows: 4,
    counts: { matched: 2, uncertain: 0, notFound: 1 },
    titles: [
      // A show of 1999 by that name is not the catalogue's 2022 one.
      { title: 'The Bear', year: 1999, status: 'not-found', never: ['tv:136315'] },
      { title: 'Squid Game', year: 2021, status: 'matched', match: 'tv:93405' },
      // Rated and watched: one Watch History item (the rows share a TMDB id).
      { title: 'Inception', year: 2010, status: 'matched', match: 'movie:27205', list: 'history' },
    ],
  },
  {
    file: 'pigostream-export.json',
    format: 'pigostream',
    encoding: 'utf-8',
    list: 'watchlist',
    rows: 4,
    counts: { matched: 3, uncertain: 0, notFound: 1 },
    titles: [
      { title: 'Pulp Fiction', year: 1994, status: 'matched', match: 'movie:680' },
      { title: "The Queen's Gambit", year: 2020, status: 'matched', match: 'tv:87739' },
      { title: 'Breaking Bad', year: 2008, status: 'matched', match: 'tv:1396', list: 'history' },
      { title: 'A title this catalogue lacks', year: 2001, status: 'not-found', list: 'history' },
    ],
  },
];

/** The bytes of fixture `file`. */
export function fixtureBytes(file: string): Buffer {
  return readFileSync(path.join(IMPORT_FIXTURES_DIR, file));
}
