/**
 * The contracts' plain values, with no schema library: code that needs only a constant (the
 * server's configuration, a search field's length limit, the sign-in screen's defaults) imports
 * `@pigostream/contracts/constants` and pulls no zod into its bundle.
 */

/** The two kinds of catalogue title (DATA-4 in docs/requirements.md: Media item `media_type`). */
export const MEDIA_TYPES = ['movie', 'tv'] as const;
/** `'movie'` or `'tv'`. */
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * The `id` of the data block in which the server puts the first screen's answers into the page
 * (PERF-1; apps/server/src/modules/web/first-answers.ts writes it, apps/web/src/lib/
 * first-answers.ts reads it).
 */
export const FIRST_ANSWERS_ID = 'pigo-first-answers';

/**
 * The name of a call's answer in that data block: its path under the API prefix for a GET
 * (`/auth/me`); for a read sent as a POST (the anime lookup's GraphQL query, API-ANIME-1), `POST`,
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
 * (VALID-2, LIMIT-17: "six, listed above"; DEC-2 in docs/decisions.md).
 */
export const DEFAULT_ALLOWED_EMAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'yahoo.com',
  'icloud.com',
  'protonmail.com',
];

/**
 * Shortest accepted password unless `PASSWORD_MIN_LENGTH` says otherwise, in characters (LIMIT-17).
 */
export const DEFAULT_PASSWORD_MIN_LENGTH = 6;

/**
 * The database's own limits, which every value a call stores must keep (ROB-1 of
 * docs/robustness.md). Ids, seasons and episodes are PostgreSQL `integer` (int4) columns.
 */
export const INT4_MAX = 2_147_483_647;
/** Largest TMDB id a call accepts: nine digits, within {@link INT4_MAX}. */
export const MAX_TITLE_ID = 999_999_999;
/** Largest season or episode number a call accepts. */
export const MAX_SHOW_NUMBER = 9999;

/** Earliest time a call may store, in ms since the epoch: 1870-01-01T00:00:00Z (before any film). */
export const EARLIEST_TIME_MS = Date.UTC(1870, 0, 1);
/** How far past now a stored time may lie, in ms: a year (366 days). */
export const LATEST_TIME_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * Whether `ms` (ms since the epoch) is a time PigoStream stores (ROB-1): finite, from
 * {@link EARLIEST_TIME_MS} to {@link LATEST_TIME_AHEAD_MS} past `now`. `NaN` (what
 * `Date.parse` answers for text that is no date), infinities and years past 9999 are not.
 */
export function isSaneTime(ms: number, now: number = Date.now()): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST_TIME_MS && ms <= now + LATEST_TIME_AHEAD_MS;
}
