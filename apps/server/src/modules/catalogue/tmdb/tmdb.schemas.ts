/**
 * TMDB v3 answers as TMDB documents them, read leniently (unknown fields dropped, absent or
 * null fields tolerated) so the normaliser can turn them into the app's shapes.
 */
import { z } from 'zod';

const text = z.string().nullish();
const num = z.number().nullish();

export const tmdbListItemSchema = z.object({
  id: z.number().int(),
  title: text,
  name: text,
  original_title: text,
  original_name: text,
  release_date: text,
  first_air_date: text,
  overview: text,
  poster_path: text,
  backdrop_path: text,
  vote_average: num,
  vote_count: num,
  popularity: num,
  original_language: text,
  genre_ids: z.array(z.number().int()).nullish(),
});
export type TmdbListItem = z.infer<typeof tmdbListItemSchema>;

export const tmdbPageSchema = z.object({
  page: z.number().int(),
  results: z.array(tmdbListItemSchema),
  total_pages: z.number().int(),
  total_results: z.number().int(),
});

const person = {
  id: z.number().int().nullish(),
  name: z.string(),
  profile_path: text,
};

export const tmdbDetailsSchema = tmdbListItemSchema.omit({ genre_ids: true }).extend({
  tagline: text,
  status: text,
  imdb_id: text,
  runtime: num,
  last_air_date: text,
  number_of_episodes: num,
  number_of_seasons: num,
  episode_run_time: z.array(z.number()).nullish(),
  genres: z.array(z.object({ id: z.number().int(), name: z.string() })).nullish(),
  spoken_languages: z
    .array(z.object({ iso_639_1: z.string(), english_name: text, name: text }))
    .nullish(),
  created_by: z.array(z.object(person)).nullish(),
  seasons: z
    .array(
      z.object({
        id: z.number().int(),
        season_number: z.number().int(),
        name: text,
        overview: text,
        air_date: text,
        episode_count: num,
        poster_path: text,
      }),
    )
    .nullish(),
  credits: z
    .object({
      cast: z.array(z.object({ ...person, cast_id: num, character: text, order: num })).nullish(),
      crew: z.array(z.object({ ...person, job: text, department: text })).nullish(),
    })
    .nullish(),
  videos: z
    .object({
      results: z
        .array(
          z.object({
            key: z.string(),
            site: z.string(),
            type: text,
            name: text,
            official: z.boolean().nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});
export type TmdbDetails = z.infer<typeof tmdbDetailsSchema>;

export const tmdbSeasonSchema = z.object({
  id: z.number().int(),
  season_number: z.number().int(),
  name: text,
  overview: text,
  air_date: text,
  poster_path: text,
  episodes: z
    .array(
      z.object({
        id: z.number().int(),
        episode_number: z.number().int(),
        season_number: num,
        name: text,
        overview: text,
        air_date: text,
        still_path: text,
        runtime: num,
        vote_average: num,
      }),
    )
    .nullish(),
});
export type TmdbSeason = z.infer<typeof tmdbSeasonSchema>;
