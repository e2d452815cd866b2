/**
 * Importer for `movies/tmdb_5000_movies.csv` (the public "TMDB 5000" CSV): no images or
 * credits, but original titles, languages and popularity. JSON columns hold `[{id,name}]`.
 */
import { z } from 'zod';
import type { Database } from '@pigostream/db';
import { languageFromCode } from '../../../lib/languages.ts';
import type { TitleRecord } from '../catalogue-writer.repository.ts';
import {
  genresFromNames,
  idSchema,
  optDate,
  optInt,
  optNumber,
  optPositiveInt,
  optText,
  requiredText,
} from './common.ts';
import { runImport, type ImportOptions, type ImportSummary } from './runner.ts';

/** A CSV cell holding a JSON array of `item`; a blank cell is an empty array. */
function jsonArray<T extends z.ZodType>(item: T) {
  return z
    .string()
    .nullish()
    .transform((text, ctx) => {
      if (text == null || text.trim() === '') return [];
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.array(item));
}

const schema = z.object({
  id: idSchema,
  title: requiredText,
  original_title: optText,
  original_language: optText,
  overview: optText,
  tagline: optText,
  release_date: optDate,
  status: optText,
  runtime: optPositiveInt,
  popularity: optNumber,
  vote_average: optNumber,
  vote_count: optInt,
  genres: jsonArray(z.object({ name: z.string() })),
  spoken_languages: jsonArray(
    z.object({ iso_639_1: z.string().min(1), name: z.string().nullish() }),
  ),
});

function toRecord(m: z.output<typeof schema>): TitleRecord {
  return {
    title: {
      mediaType: 'movie',
      id: m.id,
      title: m.title,
      originalTitle: m.original_title,
      originalLanguage: m.original_language,
      overview: m.overview,
      tagline: m.tagline,
      releaseDate: m.release_date,
      status: m.status,
      runtime: m.runtime,
      popularity: m.popularity,
      voteAverage: m.vote_average,
      voteCount: m.vote_count,
      genres: genresFromNames(
        m.genres.map((g) => g.name),
        'movie',
      ),
      spokenLanguages: m.spoken_languages.map((l) =>
        languageFromCode(l.iso_639_1, l.name ?? undefined),
      ),
    },
  };
}

/**
 * Imports the TMDB 5000 movie CSV into `titles` (streamed with csv-parse).
 * @param filePath path of `tmdb_5000_movies.csv`
 * @returns the import summary; a row's line number is the line it starts on
 * @throws when the file cannot be read or the database fails as a whole
 */
export function importTmdb5000(
  db: Database,
  filePath: string,
  options?: ImportOptions,
): Promise<ImportSummary> {
  return runImport(
    db,
    filePath,
    { name: 'tmdb5000', format: 'csv', schema, map: toRecord },
    options,
  );
}
