/**
 * The anime-info call (spec section 7: `POST /playground/anime-info`) and the Anime-info data it
 * answers (spec section 3). The call speaks AniList's GraphQL protocol: the body is a query text
 * with variables, the answer is `{ data: { Page: { media } } }` holding only the fields asked for.
 */
import { z } from './zod.ts';

/** Longest accepted GraphQL query text, in characters. */
export const MAX_GRAPHQL_QUERY_LENGTH = 10_000;
/** Longest accepted `variables.search`, in characters (after trimming). */
export const MAX_ANIME_SEARCH_LENGTH = 200;

const animeSearchSchema = z
  .string({ error: 'search is required' })
  .trim()
  .min(1, 'search must not be empty')
  .max(MAX_ANIME_SEARCH_LENGTH, `search must be at most ${MAX_ANIME_SEARCH_LENGTH} characters`)
  // eslint-disable-next-line no-control-regex
  .refine((q) => !/[\u0000-\u001f\u007f]/.test(q), 'search must not contain control characters');

/**
 * `{ query, variables: { search, ...other variables }, operationName? }`. `search` is trimmed;
 * other variables pass through to the GraphQL executor (or to AniList) untouched.
 */
export const animeInfoRequestSchema = z.object(
  {
    query: z
      .string({ error: 'query is required' })
      .min(1, 'query must not be empty')
      .max(
        MAX_GRAPHQL_QUERY_LENGTH,
        `query must be at most ${MAX_GRAPHQL_QUERY_LENGTH} characters`,
      ),
    variables: z.looseObject(
      { search: animeSearchSchema },
      { error: 'variables must be an object with search' },
    ),
    operationName: z.string().max(200).optional(),
  },
  { error: 'body must be a JSON object with query and variables' },
);
export type AnimeInfoRequest = z.infer<typeof animeInfoRequestSchema>;

/** One GraphQL error as AniList answers it: `{ message, status?, locations? }`. */
export const graphqlErrorSchema = z.looseObject({
  message: z.string(),
  status: z.number().int().optional(),
  locations: z.array(z.object({ line: z.number().int(), column: z.number().int() })).optional(),
});

/**
 * Any GraphQL answer: `{ data, errors? }`; `data` holds whatever the query selected, `data` is
 * null when the query was refused (400).
 */
export const graphqlResponseSchema = z.looseObject({
  data: z.unknown().optional(),
  errors: z.array(graphqlErrorSchema).optional(),
});
export type GraphqlResponse = z.infer<typeof graphqlResponseSchema>;

/*
 * Anime answers are read as AniList's protocol allows them: the server re-reads live answers
 * (issue 17) so every selected field is there with its type, and `Media.id` is never null; any
 * other field may be null. Lists may be null (read as empty) and hold null entries (skipped),
 * so one entry AniList cannot show costs that entry only.
 */

/** A list AniList may answer as null (read as []) or with null entries (skipped). */
function lenientList<T extends z.ZodType>(item: T) {
  return z
    .array(item.nullable())
    .nullable()
    .transform((items) => (items ?? []).filter((x): x is NonNullable<typeof x> => x !== null));
}

/** AniList's FuzzyDate: any part may be null. */
export const fuzzyDateSchema = z.object({
  year: z.number().int().nullable(),
  month: z.number().int().nullable(),
  day: z.number().int().nullable(),
});

const titleParts = z.object({
  english: z.string().nullable(),
  romaji: z.string().nullable(),
});

/** AniList's MediaTitle; a null title reads as one with no names. */
const animeTitleSchema = titleParts
  .nullable()
  .transform((title) => title ?? { english: null, romaji: null });

const coverImageSchema = z.object({ large: z.string().nullable() });

/** Related anime entry (spec section 3): a relation edge's node. */
export const relatedAnimeSchema = z.object({
  id: z.number().int(),
  title: animeTitleSchema,
  startDate: fuzzyDateSchema.nullable(),
  type: z.string().nullable().optional(),
  format: z.string().nullable(),
  episodes: z.number().int().nullable(),
  coverImage: coverImageSchema.nullable(),
});
export type RelatedAnime = z.infer<typeof relatedAnimeSchema>;

/**
 * Anime-info data (spec section 3): one AniList Media entry with its relation edges. An edge's
 * `relationType` is AniList's name as it comes, also one added after this was written.
 */
export const animeMediaSchema = z.object({
  id: z.number().int(),
  title: animeTitleSchema,
  startDate: fuzzyDateSchema.nullable(),
  type: z.string().nullable(),
  format: z.string().nullable(),
  episodes: z.number().int().nullable(),
  duration: z.number().int().nullable(),
  description: z.string().nullable(),
  coverImage: coverImageSchema.nullable(),
  relations: z
    .object({
      edges: lenientList(
        z.object({ relationType: z.string().nullable(), node: relatedAnimeSchema.nullable() }),
      ),
    })
    .nullable(),
});
export type AnimeMedia = z.infer<typeof animeMediaSchema>;

/** One `Page` of the app's anime query; a null page reads as one with no entries. */
export const animePageSchema = z
  .object({ media: lenientList(animeMediaSchema) })
  .nullable()
  .transform((page) => page ?? { media: [] });

/** The answer to the app's own anime query: `{ data: { Page: { media } } }`. */
export const animeInfoResponseSchema = z.object({
  data: z.object({ Page: animePageSchema }),
});
export type AnimeInfoResponse = z.infer<typeof animeInfoResponseSchema>;
