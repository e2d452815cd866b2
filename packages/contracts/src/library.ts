/**
 * Library and recommender calls (API-HIST-1..4, API-LIST-1..4, API-SEARCH-1..3, API-RECO-1..2,
 * DATA-2, DATA-3 in docs/requirements.md: Watch history, My List, Search history entry; DEC-9,
 * DEC-17 in docs/decisions.md: every call carries the media type, recommender answers
 * `[{ id, type }]` and inserts carry `item_type`). Every call names the signed-in user (`userUID`,
 * `{userId}`, `{uid}`, `user_id`); another user's id answers 403.
 */
import { z } from './zod.ts';
import { titleSummarySchema } from './catalogue.ts';
import { bodyIdSchema, idSchema, mediaTypeSchema } from './common.ts';
import { MAX_QUERY_LENGTH } from './constants.ts';

/** Default number of movies and of shows a list answers (LIMIT-12). */
export const DEFAULT_LIST_LIMIT = 12;
/** Largest `movieLimit` / `showLimit`. */
export const MAX_LIST_LIMIT = 200;
/** Most search-history entries kept and answered per user, newest first. */
export const SEARCH_HISTORY_CAP = 50;
/** Most recommendations answered. */
export const MAX_RECOMMENDATIONS = 50;
/** C0 control characters and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** Longest accepted user id, in characters. */
const MAX_UID_LENGTH = 200;

/** A user id as a call names it (`userUID`, `user_id`, path `{uid}`). */
export function uidSchema(name: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${name} is required` : `${name} must be a string`,
    })
    .check(
      z.minLength(1, `${name} is required`),
      z.maxLength(MAX_UID_LENGTH, `${name} is too long`),
    );
}

/** `movieLimit` / `showLimit` in a query string: 1 to 200, default 12. */
function limitSchema(name: string) {
  const message = `${name} must be a whole number from 1 to ${MAX_LIST_LIMIT}`;
  return z.pipe(
    z.optional(
      z
        .pipe(z.string().check(z.regex(/^\d{1,4}$/, message)), z.transform(Number))
        .check(z.refine((n) => n >= 1 && n <= MAX_LIST_LIMIT, message)),
    ),
    z.transform((n) => n ?? DEFAULT_LIST_LIMIT),
  );
}

/** Message of a body that is not a JSON object. */
export const BODY_OBJECT = { error: 'The request body must be a JSON object' };

/** `?movieLimit=&showLimit=` of the list fetches. */
export const listLimitsQuerySchema = z.object({
  movieLimit: limitSchema('movieLimit'),
  showLimit: limitSchema('showLimit'),
});

/** `{userId}` path parameter. */
export const userIdParamsSchema = z.object({ userId: uidSchema('userId') });
/** `{uid}` path parameter. */
export const uidParamsSchema = z.object({ uid: uidSchema('uid') });

/** `{ userUID, id, type }`: save or remove one title of the watch history or My List. */
export const libraryItemBodySchema = z.object(
  { userUID: uidSchema('userUID'), id: bodyIdSchema('id'), type: mediaTypeSchema },
  BODY_OBJECT,
);
export type LibraryItemBody = z.infer<typeof libraryItemBodySchema>;

/** `{ userUID }`: clear the watch history. */
export const userBodySchema = z.object({ userUID: uidSchema('userUID') }, BODY_OBJECT);

/** `{ moviesHistory, showsHistory }`, each newest first (DATA-2: Watch history). */
export const watchHistorySchema = z.object({
  moviesHistory: z.array(titleSummarySchema),
  showsHistory: z.array(titleSummarySchema),
});
export type WatchHistory = z.infer<typeof watchHistorySchema>;

/** `{ moviesList, showsList }`, each newest first (DATA-3: My List). */
export const myListSchema = z.object({
  moviesList: z.array(titleSummarySchema),
  showsList: z.array(titleSummarySchema),
});
export type MyList = z.infer<typeof myListSchema>;

/**
 * The in-list check's query (PLAY-12): `id`, and `type` to tell overlapping
 * movie and tv ids apart; without `type` the id is looked up among movies and shows.
 */
export const inListQuerySchema = z.object({ id: idSchema, type: z.optional(mediaTypeSchema) });
/** The in-list check's answer. */
export const inListSchema = z.object({ inList: z.boolean() });

/** Answer of a save: `added` is false when the title was there already. */
export const savedSchema = z.object({ ok: z.literal(true), added: z.boolean() });
/** Answer of a removal; `removed` counts the rows removed (clear-all). */
export const removedSchema = z.object({ ok: z.literal(true), removed: z.number().check(z.int()) });

/** A search query to save: trimmed, 1 to 200 characters, no control characters. */
export const searchHistoryQuerySchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'searchQuery is required' : 'searchQuery must be a string',
  })
  .check(
    z.trim(),
    z.minLength(1, 'searchQuery must not be empty'),
    z.maxLength(MAX_QUERY_LENGTH, `searchQuery must be at most ${MAX_QUERY_LENGTH} characters`),
    z.refine((q) => !CONTROL_CHARACTERS.test(q), 'searchQuery must not contain control characters'),
  );

/** `{ userUID, searchQuery }`. */
export const saveSearchBodySchema = z.object(
  { userUID: uidSchema('userUID'), searchQuery: searchHistoryQuerySchema },
  BODY_OBJECT,
);

/** One saved search (DATA-9: Search history entry). */
export const searchHistoryEntrySchema = z.object({
  id: z.number().check(z.int()),
  query: z.string(),
});
export type SearchHistoryEntry = z.infer<typeof searchHistoryEntrySchema>;
/** `GET /index/fetch-search-history/{uid}`: the saved searches, newest first. */
export const searchHistorySchema = z.array(searchHistoryEntrySchema);

/** Answer of a search save: the latest entry, and whether this call added it. */
export const savedSearchSchema = z.extend(searchHistoryEntrySchema, { saved: z.boolean() });
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** `{uid}` and `{historyId}` of a search-history removal. */
export const removeSearchParamsSchema = z.object({
  uid: uidSchema('uid'),
  historyId: z.pipe(
    z.string().check(z.regex(/^\d{1,15}$/, 'historyId must be a positive whole number')),
    z.transform(Number),
  ),
});

/** `{ user_id, item_id, item_type, watched: true }`: one watch event. */
export const recommenderInsertBodySchema = z.object(
  {
    user_id: uidSchema('user_id'),
    item_id: bodyIdSchema('item_id'),
    item_type: mediaTypeSchema,
    watched: z.literal(true, { error: 'watched must be true' }),
  },
  BODY_OBJECT,
);

/** `?user_id=`. */
export const recommendationsQuerySchema = z.object({ user_id: uidSchema('user_id') });

/** A recommended title. */
export const recommendationSchema = z.object({
  id: z.number().check(z.int()),
  type: mediaTypeSchema,
});
export type Recommendation = z.infer<typeof recommendationSchema>;
/** `GET /recommender/user_recommendations`: up to 50, best first. */
export const recommendationsSchema = z.array(recommendationSchema);

/** `{ ok: true }`. */
export const okSchema = z.object({ ok: z.literal(true) });
