/**
 * Import preview (IMP-7 of docs/imports.md): a Letterboxd diary of 10,000 rows built from
 * MovieLens' movie list (ratings/ml-latest-small/movies.csv: 'Title (Year)', articles at the end
 * as 'Matrix, The'), the rest rewatches (diary entries of their own), previewed (read and
 * matched, nothing written) against the database the bench imported the shared data into (or
 * the starter catalogue); then the same titles as IMDb's older export layout (every field
 * quoted, lower-case header) in Windows-1252 bytes, decoded as `pigo import-user` decodes them.
 * Target: under 10 s each. Prints the share of rows matched, uncertain and not found, and,
 * through MovieLens' links to TMDB ids, the share of matches that are the right title. Prints,
 * never asserts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import type { DatabaseHandle } from '@pigostream/db';
import { decodeFile } from '../apps/server/src/lib/decode-file.ts';
import { createTitleLookup } from '../apps/server/src/modules/catalogue/index.ts';
import { TransferService } from '../apps/server/src/modules/transfer/index.ts';
import { record } from './report.ts';

const ROWS = 10_000;

/** MovieLens' `Title, The (1999)` as Letterboxd writes it: `The Title` and 1999. */
function letterboxdName(movieLens: string): { name: string; year: number | null } {
  const match = /^(.*?)\s*\((\d{4})\)\s*$/.exec(movieLens.trim());
  // MovieLens adds other titles in parentheses ('Seven (a.k.a. Se7en)'); Letterboxd does not.
  const title = (match?.[1] ?? movieLens.trim()).replace(/\s*\([^)]*\)/g, '').trim();
  const year = match?.[2] ? Number(match[2]) : null;
  const moved = /^(.*), (The|A|An|La|Le|Les|Il|Das|Der|Die|El)$/.exec(title);
  return { name: moved ? `${moved[2] ?? ''} ${moved[1] ?? ''}` : title, year };
}

/** Runs the preview bench over `dataDir`'s MovieLens files against `database`. */
export async function benchTransfer(database: DatabaseHandle, dataDir: string): Promise<void> {
  const ml = path.join(dataDir, 'ratings/ml-latest-small');
  const movies = parse<{ movieId: string; title: string }>(
    readFileSync(path.join(ml, 'movies.csv')),
    { columns: true },
  );
  const linkRows = parse<{ movieId: string; imdbId: string; tmdbId: string }>(
    readFileSync(path.join(ml, 'links.csv')),
    { columns: true },
  );
  const links = new Map(linkRows.map((l) => [l.movieId, Number(l.tmdbId) || null]));
  const imdbIds = new Map(linkRows.map((l) => [l.movieId, l.imdbId ? `tt${l.imdbId}` : '']));
  const rows: string[][] = [];
  /** Each row's IMDb id, through MovieLens' links. */
  const rowImdb: string[] = [];
  const expected = new Map<string, number | null>();
  for (let i = 0; rows.length < ROWS; i++) {
    const movie = movies[i % movies.length];
    if (!movie) break;
    const { name, year } = letterboxdName(movie.title);
    rowImdb.push(imdbIds.get(movie.movieId) ?? '');
    expected.set(`${name}|${String(year)}`, links.get(movie.movieId) ?? null);
    const day = new Date(Date.UTC(2015, 0, 1 + (i % 3000))).toISOString().slice(0, 10);
    rows.push([
      day,
      name,
      year === null ? '' : String(year),
      `https://boxd.it/${i.toString(36)}`,
      '',
      i >= movies.length ? 'Yes' : '',
      '',
      day,
    ]);
  }
  const text = stringify(rows, {
    header: true,
    columns: [
      'Date',
      'Name',
      'Year',
      'Letterboxd URI',
      'Rating',
      'Rewatch',
      'Tags',
      'Watched Date',
    ],
  });
  const service = new TransferService(database, createTitleLookup(database.db));
  console.log(
    `Import preview of a ${String(ROWS)}-row Letterboxd diary (MovieLens titles, ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB)`,
  );
  for (const run of [1, 2]) {
    const started = performance.now();
    const preview = await service.preview('diary.csv', text);
    const seconds = (performance.now() - started) / 1000;
    record({
      name: `import preview run ${String(run)}: 10,000 rows`,
      value: seconds.toFixed(2),
      unit: 's',
      target: '< 10 s',
    });
    if (run > 1) continue;
    const rowsOf = (status: string) =>
      preview.items.filter((i) => i.status === status).reduce((n, i) => n + i.lines.length, 0);
    const share = (n: number) => ((100 * n) / preview.rows).toFixed(1);
    record({
      name: 'import preview: items (one per diary entry)',
      value: preview.items.length,
      unit: '',
    });
    record({ name: 'import preview: rows matched', value: share(rowsOf('matched')), unit: '%' });
    record({
      name: 'import preview: rows uncertain',
      value: share(rowsOf('uncertain')),
      unit: '%',
    });
    record({
      name: 'import preview: rows not found',
      value: share(rowsOf('not-found')),
      unit: '%',
    });
    let right = 0;
    let checked = 0;
    for (const item of preview.items) {
      const want = expected.get(`${item.title}|${String(item.year)}`);
      if (item.status !== 'matched' || !want) continue;
      checked += 1;
      if (item.match?.id === want) right += 1;
    }
    record({
      name: "import preview: matches that are MovieLens' own TMDB title",
      value: checked === 0 ? 'n/a' : ((100 * right) / checked).toFixed(1),
      unit: '%',
    });
  }

  // The same titles as IMDb's older layout with their IMDb ids, in Windows-1252 (accents as
  // single bytes).
  const imdbRows = rows.map((r, i) => [
    String(i + 1),
    rowImdb[i] ?? '',
    'Sat Dec 31 00:00:00 2016',
    '',
    '',
    r[1] ?? '',
    'Feature Film',
    '',
    '7',
    '',
    '',
    r[2] ?? '',
    '',
    '',
    '',
    '',
  ]);
  const imdbText = stringify(imdbRows, {
    header: true,
    quoted: true,
    columns: [
      'position',
      'const',
      'created',
      'modified',
      'description',
      'Title',
      'Title type',
      'Directors',
      'You rated',
      'IMDb Rating',
      'Runtime (mins)',
      'Year',
      'Genres',
      'Num. Votes',
      'Release Date (month/day/year)',
      'URL',
    ],
  });
  const bytes = iconv.encode(imdbText, 'windows-1252');
  for (const run of [1, 2]) {
    const started = performance.now();
    const decoded = decodeFile(bytes);
    const preview = await service.preview('ratings.csv', decoded.text);
    const seconds = (performance.now() - started) / 1000;
    record({
      name: `import preview run ${String(run)}: 10,000 rows, IMDb older layout, ${decoded.encoding}`,
      value: seconds.toFixed(2),
      unit: 's',
      target: '< 10 s',
    });
    if (run === 1) {
      const matched = preview.items.filter((i) => i.status === 'matched').length;
      record({
        name: 'import preview (IMDb older layout): rows matched',
        value: ((100 * matched) / preview.rows).toFixed(1),
        unit: '%',
      });
    }
  }
}
