/** Zod schemas of the starter catalogue files (apps/server/catalogue/FORMAT.md). */
import { z } from 'zod';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const person = z.object({ name: z.string().min(1), character: z.string().nullable().optional() });
const crew = z.object({ name: z.string().min(1), job: z.string().min(1) });
const provider = z.object({ id: z.number().int(), region: z.string().length(2) });

const common = {
  id: z.number().int().positive(),
  original_language: z.string().min(2),
  overview: z.string().min(1),
  tagline: z.string().nullable().optional(),
  genres: z.array(z.string()),
  spoken_languages: z.array(z.string()).default([]),
  vote_average: z.number().min(0).max(10),
  vote_count: z.number().int().min(0),
  popularity: z.number().min(0),
  crew: z.array(crew).optional(),
  cast: z.array(person),
  trailer_key: z.string().nullable().optional(),
  providers: z.array(provider).default([]),
  /** The US rating ('PG-13', 'TV-PG'; 'NR' when no board rated it; PROFILE-7). */
  certification: z.string().nullable().optional(),
};

export const starterMovieSchema = z.object({
  ...common,
  imdb_id: z.string().nullable().optional(),
  title: z.string().min(1),
  original_title: z.string().min(1),
  release_date: date,
  runtime: z.number().int().positive(),
  directors: z.array(z.string()).min(1),
});

export const starterEpisodeSchema = z.object({
  episode_number: z.number().int().positive(),
  name: z.string().min(1),
  air_date: date.nullable(),
  runtime: z.number().int().positive().nullable().optional(),
  overview: z.string().optional(),
});

export const starterShowSchema = z.object({
  ...common,
  name: z.string().min(1),
  original_name: z.string().min(1),
  first_air_date: date,
  last_air_date: date.nullable().optional(),
  status: z.string().optional(),
  created_by: z.array(z.string()).default([]),
  episode_run_time: z.number().int().positive().nullable().optional(),
  number_of_episodes: z.number().int().positive().optional(),
  seasons: z
    .array(
      z.object({
        season_number: z.number().int().min(0),
        name: z.string().min(1),
        air_date: date.nullable(),
        overview: z.string().optional(),
        episodes: z.array(starterEpisodeSchema),
      }),
    )
    .optional(),
});

const dateParts = z.object({
  year: z.number().int().nullable(),
  month: z.number().int().nullable(),
  day: z.number().int().nullable(),
});

export const starterAnimeSchema = z.object({
  franchise: z.string(),
  titles: z.array(
    z.union([
      starterMovieSchema.extend({ media_type: z.literal('movie') }),
      starterShowSchema.extend({ media_type: z.literal('tv') }),
    ]),
  ),
  entries: z.array(
    z.object({
      id: z.number().int().positive(),
      title: z.object({ english: z.string().nullable(), romaji: z.string().nullable() }),
      type: z.string().default('ANIME'),
      format: z.string(),
      episodes: z.number().int().nullable(),
      duration: z.number().int().nullable().optional(),
      startDate: dateParts,
      description: z.string().nullable().optional(),
      relations: z.array(z.object({ relationType: z.string(), id: z.number().int() })).default([]),
    }),
  ),
  links: z.array(
    z.object({
      media_type: z.enum(['movie', 'tv']),
      tmdb_id: z.number().int(),
      anilist_ids: z.array(z.number().int()),
    }),
  ),
});

export type StarterMovie = z.infer<typeof starterMovieSchema>;
export type StarterShow = z.infer<typeof starterShowSchema>;
export type StarterAnime = z.infer<typeof starterAnimeSchema>;
