/**
 * The CSV files an import reads (IMP-1 of docs/imports.md), through csv-parse, never split by
 * hand. The layout is told by the header, compared by {@link headerKey} (case, quotes, spaces
 * and punctuation aside, so IMDb's older lower-case quoted header and Letterboxd's
 * `LetterboxdURI` read like the current ones); the file name decides between My List and Watch
 * History where the header cannot. Layouts:
 *
 * - Letterboxd's export: `Date,Name,Year,Letterboxd URI` (watchlist.csv, watched.csv,
 *   likes/films.csv), with `Rating` (ratings.csv), with `Rewatch,Tags,Watched Date` (diary.csv)
 *   and `Review` (reviews.csv); a list (lists/*.csv: a `Letterboxd list export v7` line, the
 *   list's own row, then `Position,Name,Year,URL,Description`).
 * - Letterboxd's import CSV (`Title`, `Year`, `tmdbID`, `imdbID`, `LetterboxdURI`,
 *   `WatchedDate`, ...), which our Letterboxd export writes.
 * - IMDb's exports: ratings (`Const,Your Rating,Date Rated,Title,Original Title,...`),
 *   watchlist and lists (`Position,Const,Created,...`), and the older layout of both
 *   (`"position","const","created","modified","description","Title","Title type",...,"You rated",...`).
 *
 * Commas, semicolons and tabs separate fields (a spreadsheet saves with its locale's separator).
 */
import { CsvError, parse } from 'csv-parse/sync';
import { IMPORT_MAX_ROWS, type ImportList, type MediaType } from '@pigostream/contracts';
import {
  ImportFileError,
  imdbOf,
  KNOWN,
  text,
  timeOf,
  whole,
  yearOf,
  type ImportRow,
  type ParsedFile,
} from './transfer.fields.ts';

/**
 * A column name as layouts compare it: lower-case ASCII letters and digits only, so `Letterboxd
 * URI` and `LetterboxdURI` are `letterboxduri`, `Num. Votes` is `numvotes`, `"Title type"` is
 * `titletype`.
 */
export function headerKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** A record as csv-parse answers it with `info`. */
interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** The separator of the header line `line`: the one of `,` `;` tab that splits it most. */
function delimiterOf(line: string): string {
  let best = ',';
  let most = 0;
  for (const candidate of [',', ';', '\t']) {
    const count = line.split(candidate).length;
    if (count > most) {
      best = candidate;
      most = count;
    }
  }
  return best;
}

/** Reads `body` into records (arrays), naming the first broken line. */
function readRecords(fileName: string, body: string): CsvRecord[] {
  // The line the last whole record ended on: a broken record starts after it, where csv-parse
  // itself only says where it noticed (an open quote runs to the end).
  let lastLine = 0;
  try {
    return parse(body, {
      delimiter: delimiterOf(body.split('\n', 1)[0] ?? ''),
      skip_empty_lines: true,
      relax_quotes: false,
      // Rows are checked against the header below (a list's own rows come before it).
      relax_column_count: true,
      trim: true,
      info: true,
      cast: false,
      // A long file stops at the limit instead of being read whole (a list's preamble aside).
      to: IMPORT_MAX_ROWS + 6,
      on_record: (record: string[], context: { lines: number }) => {
        lastLine = context.lines;
        return record;
      },
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (error instanceof CsvError) {
      throw new ImportFileError(
        `${fileName} line ${String(lastLine + 1)}: ${csvReason(error)}. Check the file, or export it again.`,
      );
    }
    throw error;
  }
}

/** A data row: its line and its values by {@link headerKey}. */
interface Row {
  line: number;
  get: (...keys: string[]) => string;
}

/** Where the header is, and the rows after it, checked against its number of columns. */
function tableOf(
  fileName: string,
  records: CsvRecord[],
  headerAt: number,
): { header: string[]; rows: Row[] } {
  const header = (records[headerAt]?.record ?? []).map(headerKey);
  const index = new Map<string, number>();
  header.forEach((key, i) => {
    if (key && !index.has(key)) index.set(key, i);
  });
  const rows: Row[] = [];
  for (const { record, info } of records.slice(headerAt + 1)) {
    // A spreadsheet writes empty lines as a row of empty fields, and may pad every row with
    // empty fields past the header's.
    if (record.every((v) => v === '')) continue;
    const filled = record.length - [...record].reverse().findIndex((v) => v !== '');
    if (record.length < header.length || filled > header.length) {
      throw new ImportFileError(
        `${fileName} line ${String(info.lines)}: it has a different number of columns from the header. Check the file, or export it again.`,
      );
    }
    rows.push({
      line: info.lines,
      get: (...keys) => {
        for (const key of keys) {
          const value = text(record[index.get(key) ?? -1]);
          if (value) return value;
        }
        return '';
      },
    });
  }
  return { header, rows };
}

/** A Letterboxd URI as a row id: `letterboxd:` and the URI without scheme, `www.` or a final '/'. */
function letterboxdId(uri: string): string | null {
  const id = uri
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
  return id ? `letterboxd:${id}` : null;
}

/** My List for a watchlist or a list, Watch History for the rest. */
function listOf(fileName: string, fallback: ImportList): ImportList {
  const lower = fileName.toLowerCase();
  if (lower.includes('watchlist')) return 'watchlist';
  if (/watched|diary|rating|review|like|history/.test(lower)) return 'history';
  return fallback;
}

/**
 * Reads the CSV `body` of `fileName`.
 * @throws ImportFileError naming the broken line, or a file whose columns no service writes.
 */
export function parseCsv(fileName: string, body: string): ParsedFile {
  const records = readRecords(fileName, body);
  const first = records[0]?.record ?? [];

  // A Letterboxd list: its own header and row, then the films' header (`Position,Name,...`).
  if (/^letterboxd list export/i.test(first[0] ?? '')) {
    const headerAt = records.findIndex(
      (r, i) => i > 0 && headerKey(r.record[0] ?? '') === 'position',
    );
    if (headerAt < 0) throw new ImportFileError(`${fileName} is a Letterboxd list with no films.`);
    const listed = tableOf(fileName, records.slice(0, headerAt), 1).rows[0];
    const listedAt = timeOf(listed?.get('date'));
    const { rows } = tableOf(fileName, records, headerAt);
    return {
      format: 'letterboxd',
      rows: rows.map((r) => ({
        line: r.line,
        list: 'watchlist',
        type: 'movie',
        title: r.get('name', 'title'),
        originalTitle: null,
        year: yearOf(r.get('year')),
        tmdbId: null,
        imdbId: null,
        sourceId: letterboxdId(r.get('url', 'letterboxduri')),
        watchedAt: listedAt,
        episodes: [],
      })),
    };
  }

  const { header, rows } = tableOf(fileName, records, 0);
  const has = (...keys: string[]) => keys.every((k) => header.includes(k));
  const hasAny = (...keys: string[]) => keys.some((k) => header.includes(k));

  // Letterboxd's export (`Name`, `Letterboxd URI`), or its import CSV (`Title` with one of
  // its ids or `WatchedDate`), as our Letterboxd export writes it.
  const exported = has('name', 'letterboxduri');
  if (
    exported ||
    (has('title') && hasAny('tmdbid', 'imdbid', 'letterboxduri', 'watcheddate') && !has('const'))
  ) {
    const list = listOf(fileName, 'history');
    return {
      format: 'letterboxd',
      rows: rows.map((r): ImportRow => ({
        line: r.line,
        list,
        type: 'movie',
        title: r.get('name', 'title'),
        originalTitle: null,
        year: yearOf(r.get('year')),
        tmdbId: whole(r.get('tmdbid')),
        imdbId: imdbOf(r.get('imdbid')),
        sourceId: letterboxdId(r.get('letterboxduri')),
        watchedAt: timeOf(r.get('watcheddate', 'date')),
        episodes: [],
      })),
    };
  }

  // IMDb: ratings (no `Position`), a watchlist or list (`Position`), current or older layout.
  if (has('const', 'title')) {
    const rated = (r: Row) => r.get('yourrating', 'yourated') !== '';
    // Older ratings files carry `position` too; every title in them is rated.
    const history =
      listOf(fileName, 'watchlist') === 'history' ||
      !has('position') ||
      (has('yourated') && !fileName.toLowerCase().includes('list') && rows.every(rated));
    return {
      format: 'imdb',
      rows: rows.map((r) => {
        const title = r.get('title', 'originaltitle');
        const original = r.get('originaltitle');
        return {
          line: r.line,
          list: history ? 'history' : 'watchlist',
          type: imdbType(r.get('titletype')),
          title,
          originalTitle: original && original !== title ? original : null,
          year: yearOf(r.get('year')) ?? yearOf(r.get('releasedate', 'releasedatemonthdayyear')),
          tmdbId: null,
          imdbId: imdbOf(r.get('const')),
          sourceId: null,
          watchedAt: timeOf(r.get('daterated')) ?? timeOf(r.get('created')),
          episodes: [],
        };
      }),
    };
  }
  if (records.length <= 1 && header.length > 0) {
    throw new ImportFileError(`${fileName} has a header and no rows.`);
  }
  const named = (records[0]?.record ?? []).slice(0, 6).join(', ');
  throw new ImportFileError(
    `${fileName} is not a file this import reads (its columns are ${named || 'missing'}). It reads ${KNOWN}.`,
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

/**
 * IMDb's title types, in every spelling its exports have used ('Feature Film', 'Mini-Series'
 * in the older layout; 'Movie', 'TV Mini Series' now), to a media type; null for episodes,
 * games and the like.
 */
function imdbType(value: string): MediaType | null {
  const t = headerKey(value);
  if (
    [
      'movie',
      'featurefilm',
      'film',
      'tvmovie',
      'short',
      'shortfilm',
      'documentary',
      'video',
      'tvshort',
      'tvspecial',
    ].includes(t)
  )
    return 'movie';
  if (['tvseries', 'tvminiseries', 'miniseries'].includes(t)) return 'tv';
  return null;
}
