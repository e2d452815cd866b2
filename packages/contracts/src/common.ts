/** Shared request pieces and the error shape (spec section 7, section 8). */
import { z } from './zod.ts';
import { MAX_PAGE, MAX_QUERY_LENGTH, MEDIA_TYPES } from './constants.ts';

/** `'movie'` or `'tv'` ({@link MEDIA_TYPES}). */
export const mediaTypeSchema = z.enum(MEDIA_TYPES, {
  error: "type must be 'movie' or 'tv'",
});

/** A positive integer id given as a string of digits (query strings and path params). */
export const idSchema = z
  .pipe(
    z
      .string({ error: 'id is required' })
      .check(z.regex(/^\d{1,9}$/, 'id must be a positive whole number')),
    z.transform(Number),
  )
  .check(z.refine((n) => n > 0, 'id must be a positive whole number'));

/** `?page=`: TMDB pages, 1 to {@link MAX_PAGE}; 1 when absent. */
export const pageSchema = z.pipe(
  z.optional(
    z
      .pipe(
        z.string().check(z.regex(/^\d{1,4}$/, 'page must be a whole number from 1 to 500')),
        z.transform(Number),
      )
      .check(z.refine((n) => n >= 1 && n <= MAX_PAGE, 'page must be a whole number from 1 to 500')),
  ),
  z.transform((n) => n ?? 1),
);

/** `?query=`: trimmed, 1 to {@link MAX_QUERY_LENGTH} characters, no control characters. */
export const searchQuerySchema = z.string({ error: 'query is required' }).check(
  z.trim(),
  z.minLength(1, 'query must not be empty'),
  z.maxLength(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`),
  // eslint-disable-next-line no-control-regex
  z.refine((q) => !/[\u0000-\u001f\u007f]/.test(q), 'query must not contain control characters'),
);

/** Every error answer: `{ error }` with a message the app can show. */
export const errorSchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorSchema>;

/** `{ page, results, total_pages, total_results }` as TMDB pages lists. */
export function pagedSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    page: z.number().check(z.int()),
    results: z.array(item),
    total_pages: z.number().check(z.int()),
    total_results: z.number().check(z.int()),
  });
}
