/**
 * Importer for `tv/movnix_tv_seasons_episodes.jsonl`: camelCase TMDB shows whose `seasons` are
 * raw TMDB season objects with their episodes. The dump has no `number_of_*` or `created_by`:
 * both are derived here (see `toRecord`). A show's `certification` is whichever board's the dump
 * gives ('TV-MA', '15', 'NC16'; PROFILE-7 in docs/requirements.md).
 */
import { z } from 'zod';
import type { Database } from '@pigostream/db';
import type { CreatorJson } from '@pigostream/db';
import type { EpisodeRow, SeasonRow, TitleRecord } from '../catalogue-writer.repository.ts';
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
  splitCredits,
  trailerKey,
  videoSchema,
  watchProvidersSchema,
  type MovnixCredit,
} from './common.ts';
import { runImport, type ImportOptions, type ImportSummary } from './runner.ts';

const episodeSchema = z.object({
  id: idSchema,
  episode_number: z.number().int().min(0),
  name: optText,
  overview: optText,
  air_date: optDate,
  still_path: optText,
  runtime: optPositiveInt,
  vote_average: optNumber,
});

const seasonSchema = z.object({
  id: idSchema,
  season_number: z.number().int().min(0),
  name: optText,
  overview: optText,
  air_date: optDate,
  poster_path: optText,
  episodes: z.array(episodeSchema).nullish(),
});

const schema = z.object({
  tvShow: z.object({
    tmdbId: idSchema,
    imdbId: optText,
    // 62 records of the real dump are bare ids with an empty name: kept as stubs (see below).
    name: optText,
    originalName: optText,
    originalLanguage: optText,
    overview: optText,
    tagline: optText,
    firstAirDate: optDate,
    lastAirDate: optDate,
    status: optText,
    popularity: optNumber,
    voteAverage: optNumber,
    voteCount: optInt,
    posterPath: optText,
    backdropPath: optText,
    certification: optCertification,
  }),
  seasons: z.array(seasonSchema).nullish(),
  genres: z.array(z.object({ name: optText })).nullish(),
  credits: z.array(movnixCreditSchema).nullish(),
  videos: z.array(videoSchema).nullish(),
  watchProviders: watchProvidersSchema,
});

type Season = z.output<typeof seasonSchema>;

/** Jobs TMDB uses for a show's creators. The current dump lists none, so most shows get []. */
const CREATOR_JOB = /^(creator|series creator|created by|co-creator|developer|developed by)$/i;

function creators(credits: MovnixCredit[]): CreatorJson[] {
  const seen = new Set<string>();
  return credits.flatMap((c) =>
    c.name !== null && c.job !== null && CREATOR_JOB.test(c.job) && !seen.has(c.name)
      ? (seen.add(c.name), [{ id: c.tmdbPersonId ?? null, name: c.name }])
      : [],
  );
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

function toSeason(s: Season): SeasonRow & { episodeCount: number; episodes: EpisodeRow[] } {
  const episodes = (s.episodes ?? []).map((e) => ({
    seasonNumber: s.season_number,
    episodeNumber: e.episode_number,
    id: e.id,
    name: e.name ?? `Episode ${e.episode_number}`,
    overview: e.overview,
    airDate: e.air_date,
    stillPath: e.still_path,
    runtime: e.runtime,
    voteAverage: e.vote_average,
  }));
  return {
    seasonNumber: s.season_number,
    id: s.id,
    name: s.name ?? (s.season_number === 0 ? 'Specials' : `Season ${s.season_number}`),
    overview: s.overview,
    airDate: s.air_date,
    posterPath: s.poster_path,
    episodeCount: new Set(episodes.map((e) => e.episodeNumber)).size,
    episodes,
  };
}

/**
 * Maps one show. As TMDB counts them, `number_of_seasons` and `number_of_episodes` cover the
 * regular seasons only (season_number > 0; specials, season 0, are stored but not counted);
 * `episode_run_time` is the median runtime of those episodes; `created_by` comes from credits
 * whose job names a creator.
 */
function toRecord(r: z.output<typeof schema>): TitleRecord {
  const s = r.tvShow;
  const seasons = (r.seasons ?? []).map(toSeason);
  const regular = seasons.filter((x) => x.seasonNumber > 0);
  const regularEpisodes = regular.flatMap((x) => x.episodes);
  const { cast, crew } = splitCredits(r.credits ?? []);
  return {
    title: {
      mediaType: 'tv',
      id: s.tmdbId,
      // A stub (no name) is stored so the id is known; lists, search and details skip it.
      title: s.name ?? '',
      originalTitle: s.originalName,
      originalLanguage: s.originalLanguage,
      overview: s.overview,
      tagline: s.tagline,
      releaseDate: s.firstAirDate,
      lastAirDate: s.lastAirDate,
      status: s.status,
      numberOfSeasons: seasons.length > 0 ? regular.length : null,
      numberOfEpisodes: seasons.length > 0 ? regular.reduce((n, x) => n + x.episodeCount, 0) : null,
      episodeRunTime: median(
        regularEpisodes.flatMap((e) => (e.runtime == null ? [] : [e.runtime])),
      ),
      posterPath: s.posterPath,
      backdropPath: s.backdropPath,
      voteAverage: s.voteAverage,
      voteCount: s.voteCount,
      popularity: s.popularity,
      imdbId: s.imdbId,
      trailerKey: trailerKey(r.videos ?? []),
      genres: genresFromNames(
        (r.genres ?? []).map((g) => g.name),
        'tv',
      ),
      createdBy: creators(r.credits ?? []),
      ...ratingOf(s.certification),
    },
    cast,
    crew,
    providers: providersFrom(r.watchProviders),
    seasons,
  };
}

/**
 * Imports the movnix TV dump (JSON lines) into `titles`, `seasons`, `episodes`, `credits` and
 * `title_providers`. Shows are written about 100 at a time (each carries ~80 episodes).
 * @param filePath path of `movnix_tv_seasons_episodes.jsonl`
 * @returns the import summary
 * @throws when the file cannot be read or the database fails as a whole
 */
export function importMovnixTv(
  db: Database,
  filePath: string,
  options?: ImportOptions,
): Promise<ImportSummary> {
  return runImport(
    db,
    filePath,
    { name: 'movnix-tv', format: 'jsonl', schema, map: toRecord, batchSize: 100 },
    options,
  );
}
