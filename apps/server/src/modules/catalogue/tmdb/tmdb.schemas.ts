/**
 * TMDB v3 answers as TMDB documents them, and as it really answers: read leniently
 * (lib/lenient.ts) so one unreadable field never costs the whole answer. Required are only what
 * identifies a thing: the `id` and the title (movie) or name (show) of a title, a season's
 * `season_number`, an episode's `episode_number`, the name of a person, genre or language code,
 * a video's `key` and `site`. Everything else is optional and dropped when unreadable.
 */
import { z } from 'zod';
import type { MediaType } from '@pigostream/contracts';
import {
  optionalBoolean,
  optionalDate,
  optionalList,
  optionalNumber,
  optionalObject,
  optionalText,
  requiredInt,
} from '../../../lib/lenient.ts';

/** A TMDB image path (`/kqjL17yufvn9OVLyXYpvtyrFfak.jpg`); anything else is unreadable. */
const imagePath = z.preprocess(
  (value) => (value === null || value === '' ? undefined : value),
  z
    .string()
    .regex(/^\/?[\w-]+\.(jpe?g|png|webp|svg)$/i, 'expected an image path like /abc.jpg')
    .transform((p) => (p.startsWith('/') ? p : `/${p}`))
    .optional(),
);

const requiredText = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.string().min(1),
);

const listItemShape = {
  id: requiredInt,
  media_type: optionalText,
  adult: optionalBoolean,
  title: optionalText,
  name: optionalText,
  original_title: optionalText,
  original_name: optionalText,
  release_date: optionalDate,
  first_air_date: optionalDate,
  overview: optionalText,
  poster_path: imagePath,
  backdrop_path: imagePath,
  vote_average: optionalNumber,
  vote_count: optionalNumber,
  popularity: optionalNumber,
  original_language: optionalText,
  genre_ids: optionalList(requiredInt),
};

/** The display title TMDB gives: `title`/`name` for the type, else the original one. */
export function titleOf(
  item: Pick<TmdbListItem, 'title' | 'name' | 'original_title' | 'original_name'>,
  type: MediaType,
): string | undefined {
  return type === 'movie' ? (item.title ?? item.original_title) : (item.name ?? item.original_name);
}

const titled = (type: MediaType) => (item: TmdbListItem) => titleOf(item, type) !== undefined;
const titleMissing = (type: MediaType) => ({
  message: type === 'movie' ? 'a movie without title' : 'a show without name',
});

const listItemSchema = z.object(listItemShape);
export type TmdbListItem = z.infer<typeof listItemSchema>;

/** A list item of `type`: one without its title (or name) is unreadable and skipped. */
export function tmdbListItemSchema(type: MediaType) {
  return listItemSchema.refine(titled(type), titleMissing(type));
}

/** A page of trending, popular, discover or search; page counts default to what was sent. */
export function tmdbPageSchema(type: MediaType) {
  return z.object({
    page: optionalNumber,
    results: optionalList(tmdbListItemSchema(type)),
    total_pages: optionalNumber,
    total_results: optionalNumber,
  });
}
export type TmdbPage = z.infer<ReturnType<typeof tmdbPageSchema>>;

const person = {
  id: optionalNumber,
  name: requiredText,
  profile_path: imagePath,
};

const detailsSchema = z.object({
  ...listItemShape,
  tagline: optionalText,
  status: optionalText,
  imdb_id: optionalText,
  runtime: optionalNumber,
  last_air_date: optionalDate,
  number_of_episodes: optionalNumber,
  number_of_seasons: optionalNumber,
  episode_run_time: optionalList(optionalNumber),
  genres: optionalList(z.object({ id: requiredInt, name: requiredText })),
  spoken_languages: optionalList(
    z.object({ iso_639_1: requiredText, english_name: optionalText, name: optionalText }),
  ),
  created_by: optionalList(z.object(person)),
  seasons: optionalList(
    z.object({
      id: optionalNumber,
      season_number: requiredInt,
      name: optionalText,
      overview: optionalText,
      air_date: optionalDate,
      episode_count: optionalNumber,
      poster_path: imagePath,
    }),
  ),
  credits: optionalObject({
    cast: optionalList(
      z.object({
        ...person,
        cast_id: optionalNumber,
        character: optionalText,
        order: optionalNumber,
      }),
    ),
    crew: optionalList(z.object({ ...person, job: optionalText, department: optionalText })),
  }),
  videos: optionalObject({
    results: optionalList(
      z.object({
        key: requiredText,
        site: requiredText,
        type: optionalText,
        name: optionalText,
        official: optionalBoolean,
      }),
    ),
  }),
  /** A movie's releases by country, each with its certification ('' when none; PROFILE-7). */
  release_dates: optionalObject({
    results: optionalList(
      z.object({
        iso_3166_1: requiredText,
        release_dates: optionalList(
          z.object({ certification: optionalText, type: optionalNumber }),
        ),
      }),
    ),
  }),
  /** A show's rating by country (PROFILE-7). */
  content_ratings: optionalObject({
    results: optionalList(z.object({ iso_3166_1: requiredText, rating: optionalText })),
  }),
});
export type TmdbDetails = z.infer<typeof detailsSchema>;

/**
 * `movie/{id}` with `append_to_response=credits,videos,release_dates`, or `tv/{id}` with
 * `credits,videos,content_ratings`; a title is required.
 */
export function tmdbDetailsSchema(type: MediaType) {
  return detailsSchema.refine(titled(type), titleMissing(type));
}

/** `tv/{id}/season/{n}`: the season's number is required, each episode's number too. */
export const tmdbSeasonSchema = z.object({
  id: optionalNumber,
  season_number: requiredInt,
  name: optionalText,
  overview: optionalText,
  air_date: optionalDate,
  poster_path: imagePath,
  episodes: optionalList(
    z.object({
      id: optionalNumber,
      episode_number: requiredInt,
      season_number: optionalNumber,
      name: optionalText,
      overview: optionalText,
      air_date: optionalDate,
      still_path: imagePath,
      runtime: optionalNumber,
      vote_average: optionalNumber,
    }),
  ),
});
export type TmdbSeason = z.infer<typeof tmdbSeasonSchema>;
