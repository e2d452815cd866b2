/**
 * The contracts' plain values, with no schema library: code that needs only a constant (the
 * server's configuration, a search field's length limit, the sign-in screen's defaults) imports
 * `@pigostream/contracts/constants` and pulls no zod into its bundle.
 */

/** The two kinds of catalogue title (spec section 3: Media item `media_type`). */
export const MEDIA_TYPES = ['movie', 'tv'] as const;
/** `'movie'` or `'tv'`. */
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * The `id` of the data block in which the server puts the first screen's answers into the page
 * (issue 19; apps/server/src/modules/web/first-answers.ts writes it, apps/web/src/lib/
 * first-answers.ts reads it).
 */
export const FIRST_ANSWERS_ID = 'pigo-first-answers';

/**
 * The name of a call's answer in that data block: its path under the API prefix for a GET
 * (`/auth/me`); for a read sent as a POST (the anime lookup's GraphQL query, spec 7), `POST`,
 * the path and the JSON text of `body`, space-separated, so each query has its own answer.
 */
export function firstAnswerKey(path: string, body?: unknown): string {
  return body === undefined ? path : `POST ${path} ${JSON.stringify(body)}`;
}

/** Longest accepted search query, in characters (search bar and `?query=`). */
export const MAX_QUERY_LENGTH = 200;

/** Last TMDB page a list call may ask for (pages run from 1). */
export const MAX_PAGE = 500;

/**
 * Lower-case e-mail domains sign-up accepts unless `ALLOWED_EMAIL_DOMAINS` says otherwise
 * (spec section 5, section 9: "six, listed above"; decisions.md).
 */
export const DEFAULT_ALLOWED_EMAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'yahoo.com',
  'icloud.com',
  'protonmail.com',
];

/** Shortest accepted password unless `PASSWORD_MIN_LENGTH` says otherwise, in characters (spec 9). */
export const DEFAULT_PASSWORD_MIN_LENGTH = 6;
