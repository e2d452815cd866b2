/**
 * Importer for MovieLens' `links.csv` (`movieId,imdbId,tmdbId`; ratings/ml-latest-small in the
 * shared data): fills the IMDb id (`tt` and seven or more digits) of the catalogue's movies that
 * have none, by TMDB id, so an import of IMDb's exports (TRANSFER-1, TRANSFER-3 in
 * docs/requirements.md) finds them by id. Titles are not added, and an IMDb id a dump already gave
 * is kept. Idempotent.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Database } from '@pigostream/db';
import { fillMissingImdbIds } from '../catalogue-writer.repository.ts';
import { emptySummary, type ImportOptions, type ImportSummary } from './runner.ts';

const BATCH = 1000;

/**
 * Reads `filePath` and sets `imdb_id` on the movies it links that lack one.
 * @returns the summary: rows read, rows skipped (no TMDB or IMDb id), titles updated.
 * @throws Error (csv-parse's CsvError naming the line) for a file that is not CSV.
 */
export async function importMovieLensLinks(
  db: Database,
  filePath: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const file = await readFile(filePath);
  const rows = parse<{ movieId?: string; imdbId?: string; tmdbId?: string }>(file, {
    columns: true,
    skip_empty_lines: true,
    bom: true,
  });
  options.onProgress?.(file.length, file.length);
  const links: [number, string][] = [];
  let skipped = 0;
  rows.forEach((row, index) => {
    const tmdb = Number(row.tmdbId);
    const imdb = (row.imdbId ?? '').trim();
    if (!Number.isInteger(tmdb) || tmdb <= 0 || !/^\d{1,10}$/.test(imdb)) {
      skipped += 1;
      options.log?.(`line ${String(index + 2)}: skipped: no TMDB or IMDb id`);
      return;
    }
    links.push([tmdb, `tt${imdb.padStart(7, '0')}`]);
  });
  let updated = 0;
  for (let i = 0; i < links.length; i += BATCH) {
    updated += await fillMissingImdbIds(db, links.slice(i, i + BATCH));
  }
  return {
    ...emptySummary('movielens-links', filePath),
    read: rows.length,
    skipped,
    titles: { added: 0, updated, unchanged: links.length - updated },
    seconds: (performance.now() - started) / 1000,
  };
}
