/**
 * Hand-written checks of the catalogue and library answers Home reads (spec 7), mirroring
 * `@pigostream/contracts` (catalogue-parsers.spec.ts checks both agree) without loading the
 * schema library on the /index route. Each `parseX` returns the typed answer or throws a
 * ShapeError, which the api client turns into 'Unable to fetch data. Please try again later.'.
 */
import type {
  MediaDetails,
  MediaListItem,
  MediaPage,
  Provider,
  Recommendation,
  SearchHistoryEntry,
  TitleSummary,
  WatchHistory,
} from '@pigostream/contracts';
import {
  arr,
  int,
  mediaType,
  nullableStr,
  num,
  obj,
  optStr,
  str,
  ShapeError,
  type JsonObject,
} from './json-checks.ts';

/** The fields list items and details share (contracts `mediaListItemSchema`). */
function parseTitleFields(o: JsonObject) {
  return {
    id: int(o, 'id'),
    media_type: mediaType(o, 'media_type'),
    title: optStr(o, 'title'),
    original_title: optStr(o, 'original_title'),
    name: optStr(o, 'name'),
    original_name: optStr(o, 'original_name'),
    release_date: optStr(o, 'release_date'),
    first_air_date: optStr(o, 'first_air_date'),
    overview: str(o, 'overview'),
    poster_path: str(o, 'poster_path'),
    backdrop_path: str(o, 'backdrop_path'),
    vote_average: num(o, 'vote_average'),
  };
}

/** One title of a list answer (contracts `mediaListItemSchema`). */
export function parseMediaListItem(value: unknown): MediaListItem {
  const o = obj(value, 'result');
  return {
    ...parseTitleFields(o),
    vote_count: int(o, 'vote_count'),
    popularity: num(o, 'popularity'),
    original_language: nullableStr(o, 'original_language'),
    genre_ids: arr(o.genre_ids, 'genre_ids', (g) => {
      if (typeof g !== 'number' || !Number.isInteger(g)) throw new ShapeError('genre id');
      return g;
    }),
  };
}

/** A page of titles `{ page, results, total_pages, total_results }` (contracts `mediaPageSchema`). */
export function parseMediaPage(value: unknown): MediaPage {
  const o = obj(value, 'page');
  return {
    page: int(o, 'page'),
    results: arr(o.results, 'results', parseMediaListItem),
    total_pages: int(o, 'total_pages'),
    total_results: int(o, 'total_results'),
  };
}

/** A provider `{ id, name, region, bg, logo }` (contracts `providerSchema`). */
export function parseProvider(value: unknown): Provider {
  const o = obj(value, 'provider');
  const bg = o.bg;
  if (bg !== 'dark' && bg !== 'white') throw new ShapeError("bg must be 'dark' or 'white'");
  return {
    id: int(o, 'id'),
    name: str(o, 'name'),
    region: str(o, 'region'),
    bg,
    logo: str(o, 'logo'),
  };
}

/** The provider list. */
export function parseProviders(value: unknown): Provider[] {
  return arr(value, 'providers', parseProvider);
}

/** `[{ name }]` genres. */
function parseGenreNames(value: unknown): { name: string }[] {
  return arr(value, 'genres', (g) => ({ name: str(obj(g, 'genre'), 'name') }));
}

/** What the hero and the recommendation read of a title's details. */
export type HeroMedia = Pick<
  MediaDetails,
  | 'id'
  | 'media_type'
  | 'title'
  | 'original_title'
  | 'name'
  | 'original_name'
  | 'release_date'
  | 'first_air_date'
  | 'overview'
  | 'poster_path'
  | 'backdrop_path'
  | 'vote_average'
> & { genres: { name: string }[] };

/** The hero's fields of a details answer (contracts `mediaDetailsSchema`); others are ignored. */
export function parseHeroMedia(value: unknown): HeroMedia {
  const o = obj(value, 'media');
  return {
    ...parseTitleFields(o),
    genres: parseGenreNames(o.genres),
  };
}

/** A saved search `{ id, query }` (contracts `searchHistoryEntrySchema`). */
export function parseSearchEntry(value: unknown): SearchHistoryEntry {
  const o = obj(value, 'entry');
  return { id: int(o, 'id'), query: str(o, 'query') };
}

/** The search history list, newest first. */
export function parseSearchHistory(value: unknown): SearchHistoryEntry[] {
  return arr(value, 'search history', parseSearchEntry);
}

/** A search save's answer `{ id, query, saved }` (contracts `savedSearchSchema`). */
export function parseSavedSearch(value: unknown): SearchHistoryEntry & { saved: boolean } {
  const o = obj(value, 'saved search');
  if (typeof o.saved !== 'boolean') throw new ShapeError('saved must be a boolean');
  return { ...parseSearchEntry(o), saved: o.saved };
}

/** A list item `{ id, type, title|name, poster_path, vote_average, genres }` (contracts). */
export function parseTitleSummary(value: unknown): TitleSummary {
  const o = obj(value, 'title');
  return {
    id: int(o, 'id'),
    type: mediaType(o, 'type'),
    title: optStr(o, 'title'),
    name: optStr(o, 'name'),
    poster_path: str(o, 'poster_path'),
    vote_average: num(o, 'vote_average'),
    genres: parseGenreNames(o.genres),
  };
}

/** `{ moviesHistory, showsHistory }` (contracts `watchHistorySchema`). */
export function parseWatchHistory(value: unknown): WatchHistory {
  const o = obj(value, 'watch history');
  return {
    moviesHistory: arr(o.moviesHistory, 'moviesHistory', parseTitleSummary),
    showsHistory: arr(o.showsHistory, 'showsHistory', parseTitleSummary),
  };
}

/** `[{ id, type }]` recommendations (contracts `recommendationsSchema`). */
export function parseRecommendations(value: unknown): Recommendation[] {
  return arr(value, 'recommendations', (r) => {
    const o = obj(r, 'recommendation');
    return { id: int(o, 'id'), type: mediaType(o, 'type') };
  });
}
