/**
 * Reads the files an import takes (issue 21): Letterboxd's CSV exports (watchlist, watched,
 * diary, ratings), IMDb's (ratings, a watchlist), Trakt's JSON export files (watchlist,
 * watched movies and shows, history, ratings, or one object holding them, as our Trakt-shaped
 * export writes) and our own export. CSV goes through csv-parse, never split by hand. Each
 * readable row becomes an {@link ImportRow}; the format is told by the content (CSV header,
 * JSON shape) with the file name deciding between a list and the history where the header
 * cannot.
 */
import { CsvError, parse } from 'csv-parse/sync';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportEpisode,
  type ImportFormat,
  type ImportList,
  type MediaType,
} from '@pigostream/contracts';

/** One title a file names for one list. */
export interface ImportRow {
  /** 1-based: the CSV line (the header is line 1), or the JSON item's position. */
  line: number;
  list: ImportList;
  /** The kind the file says; null when it does not (a title and year match tries both). */
  type: MediaType | null;
  title: string;
  year: number | null;
  tmdbId: number | null;
  /** `tt` followed by digits, or null. */
  imdbId: string | null;
  /** ISO time (added or watched), null when the file has none. */
  watchedAt: string | null;
  episodes: ImportEpisode[];
}

/** A file read: its format and rows. */
export interface ParsedFile {
  format: ImportFormat;
  rows: ImportRow[];
}

/** The file cannot be read; `message` names the file and, where it can, the line. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
  constructor(
    message: string,
    /** 413 for a file over the size limit, 400 otherwise. */
    readonly statusCode: 400 | 413 = 400,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A whole number from a number or a string of digits; null otherwise. */
function whole(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
  if (typeof v === 'string' && /^\d{1,9}$/.test(v.trim())) return Number(v.trim()) || null;
  return null;
}

/** A year from 1870 to 2100, from a number, a year or a date; null otherwise. */
function yearOf(v: unknown): number | null {
  const match = /^(\d{4})/.exec(typeof v === 'number' ? String(v) : text(v));
  const year = match ? Number(match[1]) : NaN;
  return year >= 1870 && year <= 2100 ? year : null;
}

/** An ISO time from a date (`YYYY-MM-DD`, taken as noon UTC) or a time; null otherwise. */
function timeOf(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  const at = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T12:00:00Z` : s);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** An IMDb id (`tt` and digits), from an id or an IMDb URL; null otherwise. */
function imdbOf(v: unknown): string | null {
  const match = /\btt\d{5,10}\b/.exec(text(v));
  return match ? match[0] : null;
}

/**
 * Reads `content`, the text of the file named `fileName`.
 * @throws ImportFileError (413) over {@link IMPORT_MAX_BYTES} bytes; (400) for a file that is
 *   not one of the formats, a broken CSV line or JSON (naming the line), over
 *   {@link IMPORT_MAX_ROWS} rows, or no rows at all.
 */
export function parseImportFile(fileName: string, content: string): ParsedFile {
  if (Buffer.byteLength(content, 'utf8') > IMPORT_MAX_BYTES) {
    throw new ImportFileError('The file is larger than 20 MB.', 413);
  }
  const body = content.replace(/^\uFEFF/, '').trim();
  if (!body) throw new ImportFileError(`${fileName} is empty.`);
  const parsed =
    body.startsWith('{') || body.startsWith('[')
      ? parseJson(fileName, body)
      : parseCsv(fileName, body);
  if (parsed.rows.length > IMPORT_MAX_ROWS) {
    throw new ImportFileError(
      `${fileName} has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows; split it and import the parts.`,
    );
  }
  return parsed;
}

/** The kinds of file this import reads, for messages. */
const KNOWN =
  'Letterboxd (watchlist.csv, watched.csv, diary.csv, ratings.csv), IMDb (ratings.csv, a watchlist .csv), Trakt (its JSON export) or PigoStream exports';

function parseCsv(fileName: string, body: string): ParsedFile {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  // The line the last whole record ended on (the header's is 1): a broken record starts after
  // it, where csv-parse itself only says where it noticed (an open quote runs to the end).
  let lastLine = 1;
  try {
    records = parse(body, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      relax_quotes: false,
      info: true,
      cast: false,
      // A long file stops at the limit instead of being read whole.
      to: IMPORT_MAX_ROWS + 1,
      on_record: (record: unknown, context: { lines: number }) => {
        lastLine = context.lines;
        return record;
      },
    }) as { record: Record<string, string>; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      throw new ImportFileError(
        `${fileName} line ${String(lastLine + 1)}: ${csvReason(error)}. Check the file, or export it again.`,
      );
    }
    throw error;
  }
  const header = Object.keys(records[0]?.record ?? {});
  const has = (...names: string[]) => names.every((n) => header.includes(n));
  const lower = fileName.toLowerCase();
  if (has('Name', 'Year', 'Letterboxd URI')) {
    const list: ImportList = lower.includes('watchlist') ? 'watchlist' : 'history';
    return {
      format: 'letterboxd',
      rows: records.map(({ record, info }) => ({
        line: info.lines,
        list,
        type: 'movie',
        title: text(record.Name),
        year: yearOf(record.Year),
        tmdbId: null,
        imdbId: null,
        watchedAt: timeOf(record['Watched Date']) ?? timeOf(record.Date),
        episodes: [],
      })),
    };
  }
  if (has('Title') && (has('tmdbID') || has('imdbID') || has('WatchedDate'))) {
    // Letterboxd's own import format, as our Letterboxd export writes it.
    const list: ImportList = lower.includes('watchlist') ? 'watchlist' : 'history';
    return {
      format: 'letterboxd',
      rows: records.map(({ record, info }) => ({
        line: info.lines,
        list,
        type: 'movie',
        title: text(record.Title),
        year: yearOf(record.Year),
        tmdbId: whole(record.tmdbID),
        imdbId: imdbOf(record.imdbID),
        watchedAt: timeOf(record.WatchedDate),
        episodes: [],
      })),
    };
  }
  if (has('Const', 'Title')) {
    const list: ImportList =
      has('Position') || lower.includes('watchlist') ? 'watchlist' : 'history';
    return {
      format: 'imdb',
      rows: records.map(({ record, info }) => ({
        line: info.lines,
        list,
        type: imdbType(record['Title Type'] ?? ''),
        title: text(record.Title) || text(record['Original Title']),
        year: yearOf(record.Year) ?? yearOf(record['Release Date']),
        tmdbId: null,
        imdbId: imdbOf(record.Const),
        watchedAt: timeOf(record['Date Rated']) ?? timeOf(record.Created),
        episodes: [],
      })),
    };
  }
  if (records.length === 0 && body.split('\n').length <= 1) {
    throw new ImportFileError(`${fileName} has a header and no rows.`);
  }
  throw new ImportFileError(
    `${fileName} is not a file this import reads (its columns are ${header.slice(0, 6).join(', ') || 'missing'}). It reads ${KNOWN}.`,
  );
}

/** csv-parse's reason, without its own line numbers (the message names the line itself). */
function csvReason(error: CsvError): string {
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return 'it has a different number of columns from the header';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is not closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'a quote is misplaced';
    default:
      return error.message.replace(/\s*at line \d+.*$/i, '').replace(/^Invalid /, 'invalid ');
  }
}

/** IMDb's title types (both spellings IMDb has used) to a media type; null for episodes etc. */
function imdbType(value: string): MediaType | null {
  const t = value.replace(/\s+/g, '').toLowerCase();
  if (['movie', 'tvmovie', 'short', 'video', 'tvshort', 'tvspecial'].includes(t)) return 'movie';
  if (['tvseries', 'tvminiseries'].includes(t)) return 'tv';
  return null;
}

function parseJson(fileName: string, body: string): ParsedFile {
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
  if (isObject(data)) {
    // One object of Trakt-shaped arrays (our Trakt export; some tools bundle the files so).
    const parts = ['watchlist', 'watched_movies', 'watched_shows', 'history', 'ratings'];
    if (parts.some((key) => Array.isArray(data[key]))) {
      const rows: ImportRow[] = [];
      for (const key of parts) {
        const items = data[key];
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

/** Trakt's ids object: TMDB and IMDb ids. */
function traktIds(media: unknown): { tmdbId: number | null; imdbId: string | null } {
  const ids = isObject(media) && isObject(media.ids) ? media.ids : {};
  return { tmdbId: whole(ids.tmdb), imdbId: imdbOf(ids.imdb) };
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
      year: yearOf(media.year),
      ...traktIds(media),
    };
    if ('listed_at' in item) {
      // A watchlisted season or episode puts its show in My List.
      rows.push({ ...base, list: 'watchlist', watchedAt: timeOf(item.listed_at), episodes: [] });
      return;
    }
    const episodes: ImportEpisode[] = [];
    if (isObject(item.episode)) {
      const season = whole(item.episode.season) ?? (item.episode.season === 0 ? 0 : null);
      const number = whole(item.episode.number);
      if (season !== null && number !== null) {
        episodes.push({ season, episode: number, watchedAt: timeOf(item.watched_at) });
      }
    }
    if (Array.isArray(item.seasons)) {
      for (const season of item.seasons) {
        if (!isObject(season) || !Array.isArray(season.episodes)) continue;
        const s = season.number === 0 ? 0 : whole(season.number);
        if (s === null) continue;
        for (const episode of season.episodes) {
          const n = isObject(episode) ? whole(episode.number) : null;
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
            const season = e.season === 0 ? 0 : whole(e.season);
            const episode = whole(e.episode);
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
        year: yearOf(item.year),
        tmdbId: whole(item.id),
        imdbId: null,
        watchedAt: timeOf(item.at),
        episodes,
      });
    }
  };
  read(data.myList, 'watchlist');
  read(data.watchHistory, 'history');
  return { format: 'pigostream', rows };
}
