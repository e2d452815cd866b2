/**
 * Catalogue shapes: TMDB v3 field names (DATA-4 in docs/requirements.md and Season detail), so the
 * local and the TMDB source answer alike. Image fields are TMDB `*_path` values or the server's
 * drawn-art paths (`/art/...`); either resolves under `/pigo-stream/images/{size}`.
 */
import { z } from './zod.ts';
import { mediaTypeSchema, pagedSchema } from './common.ts';

export const genreSchema = z.object({ id: z.number().check(z.int()), name: z.string() });

/** A title in a list (trending, popular, search, by-provider). */
export const mediaListItemSchema = z.object({
  id: z.number().check(z.int()),
  media_type: mediaTypeSchema,
  title: z.optional(z.string()),
  original_title: z.optional(z.string()),
  name: z.optional(z.string()),
  original_name: z.optional(z.string()),
  release_date: z.optional(z.string()),
  first_air_date: z.optional(z.string()),
  overview: z.string(),
  poster_path: z.string(),
  backdrop_path: z.string(),
  vote_average: z.number(),
  vote_count: z.number().check(z.int()),
  popularity: z.number(),
  original_language: z.nullable(z.string()),
  genre_ids: z.array(z.number().check(z.int())),
});
export type MediaListItem = z.infer<typeof mediaListItemSchema>;

export const mediaPageSchema = pagedSchema(mediaListItemSchema);
export type MediaPage = z.infer<typeof mediaPageSchema>;

export const castMemberSchema = z.object({
  id: z.nullable(z.number().check(z.int())),
  cast_id: z.number().check(z.int()),
  name: z.string(),
  character: z.nullable(z.string()),
  profile_path: z.string(),
  order: z.number().check(z.int()),
});
export const crewMemberSchema = z.object({
  id: z.nullable(z.number().check(z.int())),
  name: z.string(),
  job: z.string(),
  department: z.nullable(z.string()),
  profile_path: z.string(),
});

/** A season of a show; `id` is null when the source does not give one (TMDB sometimes omits it). */
export const seasonSummarySchema = z.object({
  id: z.nullable(z.number().check(z.int())),
  season_number: z.number().check(z.int()),
  name: z.string(),
  overview: z.string(),
  air_date: z.nullable(z.string()),
  episode_count: z.number().check(z.int()),
  poster_path: z.string(),
});

export const videoSchema = z.object({
  key: z.string(),
  site: z.string(),
  type: z.string(),
  name: z.string(),
  official: z.boolean(),
});

/** A title with everything the play page shows (`append_to_response=credits,videos`). */
export const mediaDetailsSchema = z.extend(z.omit(mediaListItemSchema, { genre_ids: true }), {
  tagline: z.nullable(z.string()),
  status: z.nullable(z.string()),
  imdb_id: z.nullable(z.string()),
  runtime: z.optional(z.nullable(z.number().check(z.int()))),
  last_air_date: z.optional(z.nullable(z.string())),
  number_of_episodes: z.optional(z.nullable(z.number().check(z.int()))),
  number_of_seasons: z.optional(z.nullable(z.number().check(z.int()))),
  episode_run_time: z.optional(z.array(z.number().check(z.int()))),
  genres: z.array(genreSchema),
  spoken_languages: z.array(
    z.object({ iso_639_1: z.string(), english_name: z.string(), name: z.string() }),
  ),
  created_by: z.optional(
    z.array(z.object({ id: z.nullable(z.number().check(z.int())), name: z.string() })),
  ),
  seasons: z.optional(z.array(seasonSummarySchema)),
  credits: z.object({ cast: z.array(castMemberSchema), crew: z.array(crewMemberSchema) }),
  videos: z.object({ results: z.array(videoSchema) }),
  /**
   * The age rating as its board wrote it ('PG-13', 'TV-14'; the US one when known), null when
   * none is known (PROFILE-7 in docs/requirements.md). Not one of TMDB's details fields: TMDB
   * answers it under `release_dates` (movies) and `content_ratings` (shows).
   */
  certification: z.optional(z.nullable(z.string())),
});
export type MediaDetails = z.infer<typeof mediaDetailsSchema>;

/** An episode of a season; `id` is null when the source does not give one. */
export const episodeSchema = z.object({
  id: z.nullable(z.number().check(z.int())),
  episode_number: z.number().check(z.int()),
  season_number: z.number().check(z.int()),
  name: z.string(),
  overview: z.string(),
  air_date: z.nullable(z.string()),
  still_path: z.string(),
  runtime: z.nullable(z.number().check(z.int())),
  vote_average: z.number(),
});

/** `tv/{id}/season/{n}`. */
export const seasonDetailsSchema = z.extend(z.omit(seasonSummarySchema, { episode_count: true }), {
  episodes: z.array(episodeSchema),
});
export type SeasonDetails = z.infer<typeof seasonDetailsSchema>;

/** `{ youtubeTrailer }`: a YouTube watch URL, or null when the title has no trailer. */
export const trailerSchema = z.object({ youtubeTrailer: z.nullable(z.string()) });
export type Trailer = z.infer<typeof trailerSchema>;

/** A streaming platform of the fixed list (LIMIT-18). */
export const providerSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  region: z.string(),
  bg: z.enum(['dark', 'white']),
  logo: z.string(),
});
export type Provider = z.infer<typeof providerSchema>;
/** `GET /providers`: the fixed list, in spec order. */
export const providersSchema = z.array(providerSchema);

/**
 * What a user list (watch history, My List) shows and ranks by for one title: id, type, title
 * (movie) or name (tv), poster_path, vote_average, genres by name (DATA-1..16).
 */
export const titleSummarySchema = z.object({
  id: z.number().check(z.int()),
  type: mediaTypeSchema,
  title: z.optional(z.string()),
  name: z.optional(z.string()),
  poster_path: z.string(),
  vote_average: z.number(),
  genres: z.array(z.object({ name: z.string() })),
});
export type TitleSummary = z.infer<typeof titleSummarySchema>;
