/**
 * The CSV exports an import reads (issue 21): Letterboxd's (watchlist, watched, diary, ratings,
 * and its import format, as our Letterboxd export writes it) and IMDb's (ratings, a
 * watchlist), through csv-parse, never split by hand. The header tells the service; the file
 * name decides between a list and the history where the header cannot.
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
  type ParsedFile,
} from './transfer.fields.ts';

/**
 * Reads the CSV `body` of `fileName`.
 * @throws ImportFileError naming the broken line, or a file whose columns no service writes.
 */
export function parseCsv(fileName: string, body: string): ParsedFile {
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
  // Letterboxd's exports (Name, Letterboxd URI), or its import format as our export writes it
  // (Title, tmdbID, WatchedDate).
  const exported = has('Name', 'Year', 'Letterboxd URI');
  if (exported || (has('Title') && (has('tmdbID') || has('imdbID') || has('WatchedDate')))) {
    const list: ImportList = lower.includes('watchlist') ? 'watchlist' : 'history';
    return {
      format: 'letterboxd',
      rows: records.map(({ record, info }) => ({
        line: info.lines,
        list,
        type: 'movie',
        title: text(exported ? record.Name : record.Title),
        year: yearOf(record.Year),
        tmdbId: whole(record.tmdbID),
        imdbId: imdbOf(record.imdbID),
        watchedAt:
          timeOf(record['Watched Date']) ?? timeOf(record.WatchedDate) ?? timeOf(record.Date),
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
