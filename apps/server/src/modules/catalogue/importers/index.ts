/**
 * The dump importers by name, and `importAll`, which runs all of them over the standard file
 * names of a data directory (`../shared/data`): movies, then TV, then anime.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@pigostream/db';
import { importAnilist } from './anilist.ts';
import { importBoxOfficeJedi } from './boxofficejedi.ts';
import { importMovieLensLinks } from './movielens-links.ts';
import { importMovnixMovies } from './movnix-movies.ts';
import { importMovnixTv } from './movnix-tv.ts';
import type { ImportOptions, ImportSummary } from './runner.ts';
import { importTmdb5000 } from './tmdb5000.ts';

export { formatSummary, type ImportOptions, type ImportSummary } from './runner.ts';

/** Importer functions by kind: `(db, filePath, options) -> summary`. */
export const IMPORTERS = {
  boxofficejedi: importBoxOfficeJedi,
  tmdb5000: importTmdb5000,
  'movnix-movies': importMovnixMovies,
  'movnix-tv': importMovnixTv,
  anilist: importAnilist,
  'movielens-links': importMovieLensLinks,
} as const;

export type ImporterKind = keyof typeof IMPORTERS;

/**
 * Standard files under a data directory, in import order. Later movie dumps win where they
 * have a value (merge-upsert): the sparse CSV first, then the richer and newer dumps.
 */
export const STANDARD_FILES: readonly { kind: ImporterKind; file: string }[] = [
  { kind: 'tmdb5000', file: 'movies/tmdb_5000_movies.csv' },
  { kind: 'boxofficejedi', file: 'movies/boxofficejedi_movies_cast.jsonl' },
  { kind: 'movnix-movies', file: 'movies/movnix_movies_watchproviders.jsonl' },
  { kind: 'movnix-tv', file: 'tv/movnix_tv_seasons_episodes.jsonl' },
  { kind: 'anilist', file: 'anime/anilist_media_relations.jsonl' },
  // IMDb ids for the movies the dumps left without one (TRANSFER-1, TRANSFER-2 in
  // docs/requirements.md: imports match by them).
  { kind: 'movielens-links', file: 'ratings/ml-latest-small/links.csv' },
];

/** True when `kind` names an importer. */
export function isImporterKind(kind: string): kind is ImporterKind {
  return Object.hasOwn(IMPORTERS, kind);
}

/** Options of `importAll`: per-importer options plus hooks around each importer. */
export interface ImportAllOptions extends ImportOptions {
  onStart?: (kind: ImporterKind, filePath: string) => void;
  onDone?: (summary: ImportSummary) => void;
}

/**
 * Runs every importer on the standard files under `dataDir`.
 * @returns one summary per file, in import order
 * @throws Error listing the missing files (before importing anything) when any is absent
 */
export async function importAll(
  db: Database,
  dataDir: string,
  options: ImportAllOptions = {},
): Promise<ImportSummary[]> {
  const plan = STANDARD_FILES.map((s) => ({ ...s, filePath: path.join(dataDir, s.file) }));
  const missing: string[] = [];
  for (const step of plan) {
    await access(step.filePath).catch(() => missing.push(step.filePath));
  }
  if (missing.length > 0) {
    throw new Error(`missing dump file(s) under ${dataDir}: ${missing.join(', ')}`);
  }
  const { onStart, onDone, ...importOptions } = options;
  const summaries: ImportSummary[] = [];
  for (const step of plan) {
    onStart?.(step.kind, step.filePath);
    const summary = await IMPORTERS[step.kind](db, step.filePath, importOptions);
    onDone?.(summary);
    summaries.push(summary);
  }
  return summaries;
}
