/**
 * Importer for `movies/movnix_movies_watchproviders.jsonl`: camelCase TMDB movies with genres,
 * credits, videos, per-country watch providers and the movie's `certification` (PROFILE-7 in
 * docs/requirements.md).
 */
import { z } from 'zod';
import type { Database } from '@pigostream/db';
import type { TitleRecord } from '../catalogue-writer.repository.ts';
import {
  genresFromNames,
  idSchema,
  movnixCreditSchema,
  optCertification,
  optDate,
  optInt,
  optNumber,
  optPositiveInt,
  optText,
  providersFrom,
  ratingOf,
  requiredText,
  splitCredits,
  trailerKey,
  videoSchema,
  watchProvidersSchema,
} from './common.ts';
import { runImport, type ImportOptions, type ImportSummary } from './runner.ts';

const schema = z.object({
  movie: z.object({
    tmdbId: idSchema,
    imdbId: optText,
    title: requiredText,
    originalTitle: optText,
    originalLanguage: optText,
    overview: optText,
    tagline: optText,
    releaseDate: optDate,
    runtime: optPositiveInt,
    status: optText,
    popularity: optNumber,
    voteAverage: optNumber,
    voteCount: optInt,
    posterPath: optText,
    backdropPath: optText,
    certification: optCertification,
  }),
  genres: z.array(z.object({ name: optText })).nullish(),
  credits: z.array(movnixCreditSchema).nullish(),
  videos: z.array(videoSchema).nullish(),
  watchProviders: watchProvidersSchema,
});

function toRecord(r: z.output<typeof schema>): TitleRecord {
  const m = r.movie;
  const { cast, crew } = splitCredits(r.credits ?? []);
  return {
    title: {
      mediaType: 'movie',
      id: m.tmdbId,
      title: m.title,
      originalTitle: m.originalTitle,
      originalLanguage: m.originalLanguage,
      overview: m.overview,
      tagline: m.tagline,
      releaseDate: m.releaseDate,
      status: m.status,
      runtime: m.runtime,
      posterPath: m.posterPath,
      backdropPath: m.backdropPath,
      voteAverage: m.voteAverage,
      voteCount: m.voteCount,
      popularity: m.popularity,
      imdbId: m.imdbId,
      trailerKey: trailerKey(r.videos ?? []),
      // The dump's genre ids are not TMDB's (Drama has 1): go by name.
      genres: genresFromNames(
        (r.genres ?? []).map((g) => g.name),
        'movie',
      ),
      ...ratingOf(m.certification),
    },
    cast,
    crew,
    providers: providersFrom(r.watchProviders),
  };
}

/**
 * Imports the movnix movie dump (JSON lines) into `titles`, `credits` and `title_providers`.
 * Flat-rate providers are mapped by name onto the fixed list, in each provider's own region.
 * @param filePath path of `movnix_movies_watchproviders.jsonl`
 * @returns the import summary
 * @throws when the file cannot be read or the database fails as a whole
 */
export function importMovnixMovies(
  db: Database,
  filePath: string,
  options?: ImportOptions,
): Promise<ImportSummary> {
  return runImport(
    db,
    filePath,
    { name: 'movnix-movies', format: 'jsonl', schema, map: toRecord },
    options,
  );
}
