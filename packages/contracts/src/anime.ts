/**
 * The anime-info call (API-ANIME-1 in docs/requirements.md: `POST /playground/anime-info`) and the
 * Anime-info data it answers (DATA-12). The call speaks AniList's GraphQL protocol: the body is a
 * query text with variables, the answer is `{ data: { Page: { media } } }` holding only the fields
 * asked for.
 */
import { z } from './zod.ts';

/** Longest accepted GraphQL query text, in characters. */
export const MAX_GRAPHQL_QUERY_LENGTH = 10_000;
/** Longest accepted `variables.search`, in characters (after trimming). */
export const MAX_ANIME_SEARCH_LENGTH = 200;

const animeSearchSchema = z.string({ error: 'search is required' }).check(
  z.trim(),
  z.minLength(1, 'search must not be empty'),
  z.maxLength(
    MAX_ANIME_SEARCH_LENGTH,
    `search must be at most ${MAX_ANIME_SEARCH_LENGTH} characters`,
  ),
  // eslint-disable-next-line no-control-regex
  z.refine((q) => !/[\u0000-\u001f\u007f]/.test(q), 'search must not contain control characters'),
);

/**
 * `{ query, variables: { search, ...other variables }, operationName? }`. `search` is trimmed;
 * other variables pass through to the GraphQL executor (or to AniList) untouched.
 */
export const animeInfoRequestSchema = z.object(
  {
    query: z
      .string({ error: 'query is required' })
      .check(
        z.minLength(1, 'query must not be empty'),
        z.maxLength(
          MAX_GRAPHQL_QUERY_LENGTH,
          `query must be at most ${MAX_GRAPHQL_QUERY_LENGTH} characters`,
        ),
      ),
    variables: z.looseObject(
      { search: animeSearchSchema },
      { error: 'variables must be an object with search' },
    ),
    operationName: z.optional(z.string().check(z.maxLength(200))),
  },
  { error: 'body must be a JSON object with query and variables' },
);
export type AnimeInfoRequest = z.infer<typeof animeInfoRequestSchema>;

/** One GraphQL error as AniList answers it: `{ message, status?, locations? }`. */
export const graphqlErrorSchema = z.looseObject({
  message: z.string(),
  status: z.optional(z.number().check(z.int())),
  locations: z.optional(
    z.array(z.object({ line: z.number().check(z.int()), column: z.number().check(z.int()) })),
  ),
});

/**
 * Any GraphQL answer: `{ data, errors? }`; `data` holds whatever the query selected, `data` is
 * null when the query was refused (400).
 */
export const graphqlResponseSchema = z.looseObject({
  data: z.optional(z.unknown()),
  errors: z.optional(z.array(graphqlErrorSchema)),
});
export type GraphqlResponse = z.infer<typeof graphqlResponseSchema>;

/*
 * Anime answers are read as AniList's protocol allows them: the server re-reads live answers
 * (LIVE-4) so every selected field is there with its type, and `Media.id` is never null; any
 * other field may be null. Lists may be null (read as empty) and hold null entries (skipped),
 * so one entry AniList cannot show costs that entry only.
 */

/** A list AniList may answer as null (read as []) or with null entries (skipped). */
function lenientList<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.nullable(z.array(z.nullable(item))),
    z.transform((items) => (items ?? []).filter((x): x is NonNullable<typeof x> => x !== null)),
  );
}

/** AniList's FuzzyDate: any part may be null. */
export const fuzzyDateSchema = z.object({
  year: z.nullable(z.number().check(z.int())),
  month: z.nullable(z.number().check(z.int())),
  day: z.nullable(z.number().check(z.int())),
});

const titleParts = z.object({
  english: z.nullable(z.string()),
  romaji: z.nullable(z.string()),
});

/** AniList's MediaTitle; a null title reads as one with no names. */
const animeTitleSchema = z.pipe(
  z.nullable(titleParts),
  z.transform((title) => title ?? { english: null, romaji: null }),
);

const coverImageSchema = z.object({ large: z.nullable(z.string()) });

/** Related anime entry (DATA-13): a relation edge's node. */
export const relatedAnimeSchema = z.object({
  id: z.number().check(z.int()),
  title: animeTitleSchema,
  startDate: z.nullable(fuzzyDateSchema),
  type: z.optional(z.nullable(z.string())),
  format: z.nullable(z.string()),
  episodes: z.nullable(z.number().check(z.int())),
  coverImage: z.nullable(coverImageSchema),
});
export type RelatedAnime = z.infer<typeof relatedAnimeSchema>;

/**
 * Anime-info data (DATA-12): one AniList Media entry with its relation edges. An edge's
 * `relationType` is AniList's name as it comes, also one added after this was written.
 */
export const animeMediaSchema = z.object({
  id: z.number().check(z.int()),
  title: animeTitleSchema,
  startDate: z.nullable(fuzzyDateSchema),
  type: z.nullable(z.string()),
  format: z.nullable(z.string()),
  episodes: z.nullable(z.number().check(z.int())),
  duration: z.nullable(z.number().check(z.int())),
  description: z.nullable(z.string()),
  coverImage: z.nullable(coverImageSchema),
  relations: z.nullable(
    z.object({
      edges: lenientList(
        z.object({ relationType: z.nullable(z.string()), node: z.nullable(relatedAnimeSchema) }),
      ),
    }),
  ),
});
export type AnimeMedia = z.infer<typeof animeMediaSchema>;

/** One `Page` of the app's anime query; a null page reads as one with no entries. */
export const animePageSchema = z.pipe(
  z.nullable(z.object({ media: lenientList(animeMediaSchema) })),
  z.transform((page) => page ?? { media: [] }),
);

/** The answer to the app's own anime query: `{ data: { Page: { media } } }`. */
export const animeInfoResponseSchema = z.object({
  data: z.object({ Page: animePageSchema }),
});
export type AnimeInfoResponse = z.infer<typeof animeInfoResponseSchema>;
