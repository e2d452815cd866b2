/**
 * Importer for `movies/boxofficejedi_movies_cast.jsonl`: one TMDB movie a line with full image
 * URLs, genre names, the director's name, up to ten cast members and the US rating (`mpaa`:
 * 'R', 'PG-13', '' when unknown; PROFILE-7 in docs/requirements.md).
 */
import { z } from 'zod';
import type { Database } from '@pigostream/db';
import type { TitleRecord } from '../catalogue-writer.repository.ts';
import {
  genresFromNames,
  idSchema,
  imagePath,
  optCertification,
  optDate,
  optInt,
  optNumber,
  optPositiveInt,
  optText,
  ratingOf,
  requiredText,
} from './common.ts';
import { runImport, type ImportOptions, type ImportSummary } from './runner.ts';

const schema = z.object({
  tmdb_id: idSchema,
  title: requiredText,
  tagline: optText,
  overview: optText,
  release_date: optDate,
  runtime: optPositiveInt,
  genres: z.array(z.string()).nullish(),
  poster_url: optText,
  backdrop_url: optText,
  director: optText,
  cast: z.array(z.object({ name: optText, character: optText, profile: optText })).nullish(),
  trailer_key: optText,
  imdb_id: optText,
  vote_average: optNumber,
  vote_count: optInt,
  mpaa: optCertification,
});

function toRecord(m: z.output<typeof schema>): TitleRecord {
  return {
    title: {
      mediaType: 'movie',
      id: m.tmdb_id,
      title: m.title,
      // The dump has no original title; leave it to the dumps that do.
      originalTitle: null,
      overview: m.overview,
      tagline: m.tagline,
      releaseDate: m.release_date,
      runtime: m.runtime,
      posterPath: imagePath(m.poster_url),
      backdropPath: imagePath(m.backdrop_url),
      voteAverage: m.vote_average,
      voteCount: m.vote_count,
      imdbId: m.imdb_id,
      trailerKey: m.trailer_key,
      genres: genresFromNames(m.genres ?? [], 'movie'),
      // A blank `mpaa` is null, which leaves a rating another dump gave (merge-upsert).
      ...ratingOf(m.mpaa),
    },
    cast: (m.cast ?? []).flatMap((c) =>
      c.name === null
        ? []
        : [{ name: c.name, character: c.character, profilePath: imagePath(c.profile) }],
    ),
    crew:
      m.director === null ? [] : [{ name: m.director, job: 'Director', department: 'Directing' }],
  };
}

/**
 * Imports the boxofficejedi movie dump (JSON lines) into `titles` and `credits`.
 * @param filePath path of `boxofficejedi_movies_cast.jsonl`
 * @returns the import summary (counts, skipped lines, seconds)
 * @throws when the file cannot be read or the database fails as a whole
 */
export function importBoxOfficeJedi(
  db: Database,
  filePath: string,
  options?: ImportOptions,
): Promise<ImportSummary> {
  return runImport(
    db,
    filePath,
    { name: 'boxofficejedi', format: 'jsonl', schema, map: toRecord },
    options,
  );
}
