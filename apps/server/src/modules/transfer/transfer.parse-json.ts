/**
 * The JSON exports an import reads (IMP-1 of docs/imports.md): Trakt's export files (watchlist,
 * watched movies and shows, history, ratings, lists: a bare array of items), one object holding
 * them by name (our Trakt-shaped export; `traktexport` and similar backup tools), the same
 * wrapped as `{ "metadata": ..., "data": ... }` by other tools, and our own export, versions 1
 * and 2.
 */
import type { ImportEpisode, ImportList, MediaType } from '@pigostream/contracts';
import {
  episodeOf,
  ImportFileError,
  imdbOf,
  isObject,
  KNOWN,
  seasonOf,
  text,
  timeOf,
  whole,
  yearOf,
  type ImportRow,
  type Json,
  type ParsedFile,
} from './transfer.fields.ts';

/**
 * Reads the JSON `body` of `fileName`.
 * @throws ImportFileError naming the line of broken JSON, or an item that is not a Trakt item.
 */
export function parseJson(fileName: string, body: string): ParsedFile {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    const line =
      position === undefined ? '?' : String(body.slice(0, Number(position)).split('\n').length);
    throw new ImportFileError(`${fileName} line ${line}: it is not valid JSON.`);
  }
  if (isObject(data) && data.format === 'pigostream-user-export') return ours(fileName, data);
  // Export tools wrap the files: `{ "metadata": { ... }, "data": [ ... ] }` (or `items`).
  for (let depth = 0; depth < 3 && isObject(data); depth++) {
    const inner: unknown = data.data ?? data.items;
    if (!Array.isArray(inner) && !isObject(inner)) break;
    if (TRAKT_PARTS.some((key) => Array.isArray((data as Json)[key]))) break;
    data = inner;
  }
  if (isObject(data)) {
    // One object of Trakt-shaped arrays (our Trakt export; backup tools bundle the files so).
    const object = data;
    if (TRAKT_PARTS.some((key) => Array.isArray(object[key]))) {
      const rows: ImportRow[] = [];
      for (const key of TRAKT_PARTS) {
        const items = object[key];
        if (Array.isArray(items)) rows.push(...traktItems(fileName, items, rows.length));
      }
      return { format: 'trakt', rows };
    }
  }
  if (Array.isArray(data)) {
    if (data.length === 0) throw new ImportFileError(`${fileName} holds no items.`);
    return { format: 'trakt', rows: traktItems(fileName, data, 0) };
  }
  throw new ImportFileError(`${fileName} is not a file this import reads. It reads ${KNOWN}.`);
}

/**
 * The arrays of Trakt items an object may hold, by the names our export and the backup tools
 * give them (`watched` is both watched files in one).
 */
const TRAKT_PARTS = [
  'watchlist',
  'watched',
  'watched_movies',
  'watched_shows',
  'history',
  'ratings',
];

/** Trakt's ids object: TMDB and IMDb ids, and its own id (`trakt:movie:481`) as the row's. */
function traktIds(
  type: MediaType,
  media: unknown,
): { tmdbId: number | null; imdbId: string | null; sourceId: string | null } {
  const ids = isObject(media) && isObject(media.ids) ? media.ids : {};
  const own = whole(ids.trakt) ?? (text(ids.slug) || null);
  return {
    tmdbId: whole(ids.tmdb),
    imdbId: imdbOf(ids.imdb),
    sourceId: own === null ? null : `trakt:${type}:${String(own)}`,
  };
}

/**
 * Trakt items (any of its export files), numbered from `offset + 1`.
 * @throws ImportFileError naming the first item that is not a Trakt item.
 */
function traktItems(fileName: string, items: unknown[], offset: number): ImportRow[] {
  const rows: ImportRow[] = [];
  items.forEach((item, index) => {
    const line = offset + index + 1;
    if (!isObject(item))
      throw new ImportFileError(`${fileName} item ${String(line)}: it is not an object.`);
    const movie = isObject(item.movie) ? item.movie : undefined;
    const show = isObject(item.show) ? item.show : undefined;
    const media = movie ?? show;
    if (!media) {
      if (item.type === 'season' || item.type === 'episode' || item.type === 'person') return;
      throw new ImportFileError(
        `${fileName} item ${String(line)}: it names no movie or show, so it is not a Trakt export item.`,
      );
    }
    const type: MediaType = movie ? 'movie' : 'tv';
    const base = {
      line,
      type,
      title: text(media.title),
      originalTitle: null,
      year: yearOf(media.year),
      ...traktIds(type, media),
    };
    if ('listed_at' in item) {
      // A watchlisted season or episode puts its show in My List.
      rows.push({ ...base, list: 'watchlist', watchedAt: timeOf(item.listed_at), episodes: [] });
      return;
    }
    const episodes: ImportEpisode[] = [];
    if (isObject(item.episode)) {
      const season = seasonOf(item.episode.season);
      const number = episodeOf(item.episode.number);
      if (season !== null && number !== null) {
        episodes.push({ season, episode: number, watchedAt: timeOf(item.watched_at) });
      }
    }
    if (Array.isArray(item.seasons)) {
      for (const season of item.seasons) {
        if (!isObject(season) || !Array.isArray(season.episodes)) continue;
        const s = seasonOf(season.number);
        if (s === null) continue;
        for (const episode of season.episodes) {
          const n = isObject(episode) ? episodeOf(episode.number) : null;
          if (n !== null && isObject(episode)) {
            episodes.push({ season: s, episode: n, watchedAt: timeOf(episode.last_watched_at) });
          }
        }
      }
    }
    rows.push({
      ...base,
      list: 'history',
      watchedAt: timeOf(item.watched_at) ?? timeOf(item.last_watched_at) ?? timeOf(item.rated_at),
      episodes,
    });
  });
  return rows;
}

/** Our own export (`pigo export-user`, the Import & export page): version 1 or 2. */
function ours(fileName: string, data: Json): ParsedFile {
  if (data.version !== 1 && data.version !== 2) {
    throw new ImportFileError(
      `${fileName} is a PigoStream export of a version this server does not read.`,
    );
  }
  const rows: ImportRow[] = [];
  let line = 0;
  const read = (items: unknown, list: ImportList) => {
    if (!Array.isArray(items)) return;
    for (const item of items) {
      line += 1;
      if (!isObject(item)) continue;
      const type = item.type === 'movie' || item.type === 'tv' ? item.type : null;
      const episodes = Array.isArray(item.episodes)
        ? item.episodes.flatMap((e): ImportEpisode[] => {
            if (!isObject(e)) return [];
            const season = seasonOf(e.season);
            const episode = episodeOf(e.episode);
            return season === null || episode === null
              ? []
              : [{ season, episode, watchedAt: timeOf(e.watchedAt) }];
          })
        : [];
      rows.push({
        line,
        list,
        type,
        title: text(item.title),
        originalTitle: null,
        year: yearOf(item.year),
        tmdbId: whole(item.id),
        imdbId: null,
        sourceId: null,
        watchedAt: timeOf(item.at),
        episodes,
      });
    }
  };
  read(data.myList, 'watchlist');
  read(data.watchHistory, 'history');
  return { format: 'pigostream', rows };
}
