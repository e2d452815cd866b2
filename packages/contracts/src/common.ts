/**
 * Shared request pieces and the error shape (API-GEN-1, ERR-1 in docs/requirements.md). Every id,
 * season and episode number and time a call takes is read by one of the pieces here, which hold the
 * database's own limits (ROB-1 of docs/robustness.md: `integer` columns, finite times in a sane
 * range), so a value that passes a route's schema is one the database stores.
 */
import { z } from './zod.ts';
import {
  isSaneTime,
  MAX_PAGE,
  MAX_QUERY_LENGTH,
  MAX_SHOW_NUMBER,
  MAX_TITLE_ID,
  MEDIA_TYPES,
} from './constants.ts';

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

/**
 * A title id in a JSON body (ROB-1): a whole number from 1 to {@link MAX_TITLE_ID}, or such a
 * number as a string of digits; answers the number. Refused with `{name} must be a positive
 * whole number` (`{name} is required` when absent).
 */
export function bodyIdSchema(name: string) {
  const message = `${name} must be a positive whole number`;
  return z
    .union(
      [
        z.int(message).check(z.minimum(1, message), z.maximum(MAX_TITLE_ID, message)),
        z.pipe(z.string().check(z.regex(/^\d{1,9}$/, message)), z.transform(Number)),
      ],
      {
        error: (issue) => (issue.input === undefined ? `${name} is required` : message),
      },
    )
    .check(z.refine((n) => n >= 1 && n <= MAX_TITLE_ID, message));
}

/**
 * A season (`min` 0: specials) or episode (`min` 1) number in a JSON body (ROB-1): a whole
 * number from `min` to {@link MAX_SHOW_NUMBER}. Refused with `{name} must be a whole number
 * from {min} to 9999`.
 */
export function showNumberSchema(name: string, min: 0 | 1) {
  const message = `${name} must be a whole number from ${String(min)} to ${String(MAX_SHOW_NUMBER)}`;
  return z
    .int({ error: message })
    .check(z.minimum(min, message), z.maximum(MAX_SHOW_NUMBER, message));
}

/**
 * A season or episode number in a query string (ROB-1): 1 to 4 digits, from `min` to
 * {@link MAX_SHOW_NUMBER}; answers the number. Refused with `message`.
 */
export function showNumberQuerySchema(min: 0 | 1, message: string) {
  return z
    .pipe(z.string({ error: message }).check(z.regex(/^\d{1,4}$/, message)), z.transform(Number))
    .check(z.refine((n) => n >= min && n <= MAX_SHOW_NUMBER, message));
}

/**
 * A time in a JSON body (ROB-1): ISO 8601 with its offset (`2024-05-01T20:00:00Z`,
 * `2024-05-01T22:00:00+02:00`) that is a real date and time, from 1870 to a year from now
 * ({@link isSaneTime}). Anything else (`"x"`, `" "`, `"2024-13-45T99:99:99Z"`, `"Infinity"`,
 * `"epoch"`, year 1 or 9999) is refused with `{name} must be an ISO 8601 time ...`, before the
 * database could read it its own way.
 */
export function isoTimeSchema(name: string) {
  const message = `${name} must be an ISO 8601 time such as 2024-05-01T20:00:00Z, from 1870 to a year from now`;
  return z.iso
    .datetime({ offset: true, error: message })
    .check(z.refine((text) => isSaneTime(Date.parse(text)), message));
}

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
