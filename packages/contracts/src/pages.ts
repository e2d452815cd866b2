/**
 * The web app's pages (ROUTE-1 in docs/requirements.md, with New Episodes, Import & export, the
 * profile pages and the Stremio addon page since) in one table: its path, who may see it, the lazy chunk of its screen
 * and its first data calls. Every place that lists pages reads it: the app's router and route
 * guard (apps/web/src/app/router.tsx, features/auth/route-guard.ts), the server's page routes,
 * their module preloads and their data hints (apps/server/src/modules/web: web.plugin.ts,
 * vite-manifest.ts, route-hints.ts) and the weight budget (tools/web-budget.ts, `npm run budget`).
 *
 * The app's entry script carries {@link PAGES}, so it holds plain values only, and the first
 * calls, which only the server reads, are the column {@link FIRST_CALLS} beside it rather than
 * a field of each row: in the rows they would weigh on `/`'s 100 kB of JavaScript (QUAL-1,
 * docs/benchmarks.md). They name their endpoints (endpoints.ts) rather than import them, for the
 * same reason.
 */
import type { ENDPOINTS, HasParams, PathParams } from './endpoints.ts';

/**
 * Who may see a page (ROUTE-1, ROUTE-2, ROLE-1): anyone; any signed-in user; or only a user whose
 * e-mail is verified. Anyone else is sent to `/`.
 */
export type Access = 'public' | 'signed-in' | 'verified';

/** One page; its path is its key in {@link PAGES}. */
export interface Page {
  /**
   * Who may see it. A page that is not public waits for the sign-in check (`AUTH_ME`) and is
   * drawn in the app frame (header, navigation); the public ones are the sign-in pages, drawn
   * on their own.
   */
  readonly access: Access;
  /** The lazy chunk its screen is in: the route module `apps/web/src/app/routes/<chunk>.tsx`. */
  readonly chunk: string;
  /** The chunk's export that draws it, when not its `Component` (a chunk several pages share). */
  readonly screen?: string;
}

/**
 * Every page, by its path as the browser's address shows it. Pages share a chunk where a chunk
 * of their own would add its name, and those of its imports, to the entry script.
 */
export const PAGES = {
  '/': { access: 'public', chunk: 'sign-in' },
  '/reset-password': { access: 'public', chunk: 'reset-password' },
  '/index': { access: 'verified', chunk: 'home' },
  '/my-list': { access: 'verified', chunk: 'my-list' },
  '/watch-history': { access: 'verified', chunk: 'my-list', screen: 'WatchHistory' },
  '/new-episodes': { access: 'verified', chunk: 'home', screen: 'NewEpisodes' },
  '/import-export': { access: 'verified', chunk: 'my-list', screen: 'ImportExport' },
  '/play': { access: 'verified', chunk: 'play' },
  // A session is enough for the store (DEC-22 in docs/decisions.md).
  '/pigostore': { access: 'signed-in', chunk: 'pigostore' },
  // 'Who's watching?' and 'Manage profiles' (PROFILE-1..8): profile calls need a verified session.
  '/profiles': { access: 'verified', chunk: 'my-list', screen: 'Profiles' },
  '/profiles/manage': { access: 'verified', chunk: 'my-list', screen: 'ManageProfiles' },
  // The Stremio addon's links (STREMIO-1): the token calls need a verified session.
  '/stremio': { access: 'verified', chunk: 'stremio' },
} as const satisfies Readonly<Record<string, Page>>;

/** A page's path. */
export type PagePath = keyof typeof PAGES;

/** A lazy chunk that holds a page's screen. */
export type PageChunk = (typeof PAGES)[PagePath]['chunk'];

/** A row of {@link PAGES}: a {@link Page} whose chunk is one of the table's. */
export type PageRow = Page & { readonly chunk: PageChunk };

/**
 * The page at `path` (a trailing slash ignored), or undefined for a path that is no page (a
 * path starts with `/`, which no property a plain object inherits does).
 */
export function pageAt(path: string): PageRow | undefined {
  return PAGES[(path.length > 1 ? path.replace(/\/+$/, '') : path) as PagePath];
}

/**
 * A data call a page's first screen makes as it opens, which the server answers into the page
 * or preloads: `endpoint` (a name in endpoints.ts' `ENDPOINTS`) with its path `params` (a
 * type error when they do not fit its path), and, in `pageQuery`'s order, the call's query
 * taken from the same parameters of the page's own query (`/play?id=&type=`).
 */
export type FirstCall = {
  [N in keyof typeof ENDPOINTS]: {
    readonly endpoint: N;
    readonly pageQuery?: readonly string[];
  } & (HasParams<(typeof ENDPOINTS)[N]['path']> extends true
    ? { readonly params: PathParams<(typeof ENDPOINTS)[N]['path']> }
    : { readonly params?: undefined });
}[keyof typeof ENDPOINTS];

/**
 * The table's first-calls column: each page's own first data calls, beyond the sign-in check
 * every page that is not public waits for; none for a page not listed. Home's are its trending
 * rows, the provider list and the hero's '#1 Most Watched' title (the hero's further calls
 * follow from their answers: apps/server/src/modules/web/follow-ups.ts); the play page's is
 * its title, named by the page's `?id=&type=`; the profile pages' the account's profiles
 * (PROFILE-6); the Stremio addon page's the active profile's addon links (STREMIO-1).
 */
export const FIRST_CALLS: { readonly [P in PagePath]?: readonly FirstCall[] } = {
  '/index': [
    { endpoint: 'TRENDING', params: { type: 'movie' } },
    { endpoint: 'TRENDING', params: { type: 'tv' } },
    { endpoint: 'PROVIDER_LIST' },
    { endpoint: 'MOST_WATCHED' },
  ],
  '/play': [{ endpoint: 'MEDIA_INFO', pageQuery: ['id', 'type'] }],
  '/profiles': [{ endpoint: 'PROFILES' }],
  '/profiles/manage': [{ endpoint: 'PROFILES' }],
  '/stremio': [{ endpoint: 'STREMIO_TOKENS' }],
};
