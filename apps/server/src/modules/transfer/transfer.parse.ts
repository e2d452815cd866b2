/**
 * Reads the files an import takes (IMP-1 of docs/imports.md): Letterboxd's CSV exports and its
 * import CSV, IMDb's exports in their current and older layouts, Trakt's JSON export files (bare,
 * bundled in one object, or wrapped by a tool) and our own export. CSV goes through csv-parse,
 * never split by hand (transfer.parse-csv.ts), JSON through transfer.parse-json.ts. Each
 * readable row becomes an {@link ImportRow}; the format is told by the content (CSV header,
 * JSON shape) with the file name deciding between a list and the history where the header
 * cannot. The text has been decoded from the file's bytes already (IMP-2: the page and
 * `pigo import-user` both use `decodeText`).
 */
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importNotTextMessage } from '@pigostream/contracts';
import { ImportFileError, type ParsedFile } from './transfer.fields.ts';
import { parseCsv } from './transfer.parse-csv.ts';
import { parseJson } from './transfer.parse-json.ts';

export { ImportFileError, type ImportRow, type ParsedFile } from './transfer.fields.ts';

/**
 * Reads `content`, the text of the file named `fileName`.
 * @throws ImportFileError (413) over {@link IMPORT_MAX_BYTES} bytes; (400) for a file that is
 *   not text or not one of the formats, a broken CSV line or JSON (naming the line), over
 *   {@link IMPORT_MAX_ROWS} rows, or no rows at all.
 */
export function parseImportFile(fileName: string, content: string): ParsedFile {
  if (Buffer.byteLength(content, 'utf8') > IMPORT_MAX_BYTES) {
    throw new ImportFileError('The file is larger than 20 MB.', 413);
  }
  const body = content.replace(/^\uFEFF/, '').trim();
  if (!body) throw new ImportFileError(`${fileName} is empty.`);
  if (body.includes('\u0000')) throw new ImportFileError(importNotTextMessage(fileName));
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
