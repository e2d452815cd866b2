/**
 * Resource hints the server adds to the app shell of each route (QUAL-2 in docs/requirements.md: a
 * first visit's largest paint): `<link rel="modulepreload">` for the route's lazy chunks, so the
 * browser loads them in parallel with the entry script instead of after it runs, and, for a visitor
 * with a session cookie, `<link rel="preload" as="fetch">` for the screen's first data calls
 * (API-IMG-1), so their answers are on the way before the app asks. Only links: the
 * Content-Security-Policy allows no inline script.
 */
import {
  AUTH_ME,
  ENDPOINTS,
  MEDIA_INFO,
  pathOf,
  pathWith,
  TRENDING,
} from '@pigostream/contracts/endpoints';
import { imageSrcSet, imageUrl, parseArtPath } from '@pigostream/contracts/images';
import { FIRST_CALLS, PAGES, type FirstCall } from '@pigostream/contracts/pages';
import { IDENTITY_COOKIE_PREFIX } from '../identity/index.ts';
import type { FirstAnswers } from './first-answers.ts';
import {
  collectChunks,
  entryKeyOf,
  ROUTE_MODULES,
  type AppRoute,
  type ViteManifest,
} from './vite-manifest.ts';

/** Names the session cookie may start with (better-auth's cookie, with and without Secure). */
const SESSION_COOKIE_PREFIXES = [
  `${IDENTITY_COOKIE_PREFIX}.session_token`,
  `__Secure-${IDENTITY_COOKIE_PREFIX}.session_token`,
];

/**
 * A page query's parameter as its first call's query takes it, by name, or undefined when it is
 * not one the app sends (the app's `parsePlayTarget`): `id` a positive whole number of at most
 * 9 digits without leading zeros, `type` `movie` or `tv`. The value is built from the validated
 * number or a literal, never from raw query text.
 */
const PAGE_QUERY_VALUES: Readonly<
  Record<string, (value: string | null) => string | number | undefined>
> = {
  id: (value) => (/^[1-9]\d{0,8}$/.test(value ?? '') ? Number(value) : undefined),
  type: (value) => (value === 'movie' ? 'movie' : value === 'tv' ? 'tv' : undefined),
};

/**
 * The path (under the API prefix) of a page's first call `call` for the page's query string
 * `search` (without `?`), exactly as apps/web builds it: its endpoint's path with `params`, and
 * the query parameters `pageQuery` names read from the page's (the first of repeated ones
 * counts, as URLSearchParams reads it), each checked by {@link PAGE_QUERY_VALUES}; undefined when
 * one is missing or is not one the app sends. The play page's title, for `id=603&type=movie`:
 * `/playground/media-info?id=603&type=movie`.
 */
export function firstCallPath(call: FirstCall, search: string): string | undefined {
  const page = new URLSearchParams(search);
  const query: Record<string, string | number> = {};
  for (const name of call.pageQuery ?? []) {
    const value = PAGE_QUERY_VALUES[name]?.(page.get(name));
    if (value === undefined) return undefined;
    query[name] = value;
  }
  return pathWith(ENDPOINTS[call.endpoint].path, call.params, query);
}

/** Escapes text for a double-quoted HTML attribute. */
export function attribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * True when the `Cookie` header value `cookieHeader` carries a non-empty session cookie (a name
 * starting with `pigostream.session_token` or `__Secure-pigostream.session_token`). It says only
 * that the visitor may be signed in: the session itself is not checked (no database call).
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return false;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    return value !== '' && SESSION_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix));
  });
}

/** What a request for an app route asks of {@link RouteHints.linksFor}. */
export interface HintRequest {
  /** The request's `Cookie` header, if any. */
  cookie: string | undefined;
  /** The request's query string without `?` ('' when none). */
  search: string;
}

/** A route's first data calls for one request: paths under the API prefix. */
export interface RouteDataPaths {
  /** The sign-in check (`AUTH_ME`), when the screen waits on it (a page that is not public). */
  me: string | undefined;
  /** The screen's own first calls. */
  screen: string[];
}

/** The `<link>` elements of each app route, worked out once from a build's manifest. */
export interface RouteHints {
  /**
   * The first data calls of a request of `route`: none without a session cookie
   * ({@link hasSessionCookie}), else the sign-in check of a guarded screen and the screen's
   * calls (contracts' pages.ts `FIRST_CALLS`; `/play`'s title from the query,
   * {@link firstCallPath}).
   */
  dataPathsFor(route: AppRoute, request: HintRequest): RouteDataPaths;
  /**
   * The `<link>` elements (one per line, each indented 4 spaces and ending in a newline) to
   * add to `<head>` for `route`: a preload of the sign-in check `preload.me` first, then the
   * module preloads, then preloads of the screen's calls `preload.screen` (the data calls the
   * page does not carry itself, first-answers.ts); '' when there are none. `options.modules`
   * false leaves the module preloads out.
   */
  linksFor(route: AppRoute, preload: RouteDataPaths, options?: { modules?: boolean }): string;
  /**
   * The module preloads of `route` (its lazy chunks beyond the entry's) as URL paths: what
   * `linksFor` lists, for a page that preloads them itself (first-screen.ts).
   */
  modulesFor(route: AppRoute): readonly string[];
  /** True when the links of `route` depend on the request's cookie (answers vary by Cookie). */
  variesByCookie(route: AppRoute): boolean;
}

/**
 * The module preloads of each route: `/`-rooted URLs of the JavaScript of the route's lazy
 * chunks ({@link ROUTE_MODULES}) and every chunk they import statically, less the files the
 * entry chunk (the script `index.html` loads) already loads; in walk order, no duplicates.
 * @throws Error when the manifest names no entry, or lacks a route module or a chunk it imports.
 */
export function modulePreloads(manifest: ViteManifest): Record<AppRoute, string[]> {
  const entryJs = new Set<string>();
  collectChunks(manifest, entryKeyOf(manifest, 'The manifest'), entryJs, new Set());
  const routes = Object.keys(ROUTE_MODULES) as AppRoute[];
  return Object.fromEntries(
    routes.map((route) => {
      const js = new Set<string>();
      for (const key of ROUTE_MODULES[route]) collectChunks(manifest, key, js, new Set());
      return [route, [...js].filter((file) => !entryJs.has(file)).map((file) => `/${file}`)];
    }),
  ) as Record<AppRoute, string[]>;
}

/**
 * Builds the hints of every app route from the web build's `manifest`; data URLs start with
 * `apiPrefix` (`/pigo-stream`). Data preloads are added only for a request with a session
 * cookie ({@link hasSessionCookie}), so signed-out visitors cause no 401 calls.
 * @throws Error as {@link modulePreloads} does.
 */
export function createRouteHints(manifest: ViteManifest, apiPrefix: string): RouteHints {
  const line = (element: string) => `    ${element}\n`;
  const fetchLink = (apiPath: string) =>
    line(`<link rel="preload" as="fetch" crossorigin href="${attribute(apiPrefix + apiPath)}">`);
  const modules = modulePreloads(manifest);
  const moduleLinks = Object.fromEntries(
    Object.entries(modules).map(([route, hrefs]) => [
      route,
      hrefs
        .map((href) => line(`<link rel="modulepreload" crossorigin href="${attribute(href)}">`))
        .join(''),
    ]),
  ) as Record<AppRoute, string>;

  // A page that is not public waits for the sign-in check (contracts' pages.ts).
  const waitsForMe = (route: AppRoute) => PAGES[route].access !== 'public';
  const variesByCookie = (route: AppRoute) =>
    waitsForMe(route) || (FIRST_CALLS[route]?.length ?? 0) > 0;

  const dataPathsFor = (route: AppRoute, { cookie, search }: HintRequest): RouteDataPaths => {
    if (!variesByCookie(route) || !hasSessionCookie(cookie)) return { me: undefined, screen: [] };
    const screen = (FIRST_CALLS[route] ?? []).flatMap((call) => firstCallPath(call, search) ?? []);
    return { me: waitsForMe(route) ? AUTH_ME.path : undefined, screen };
  };

  return {
    dataPathsFor,
    linksFor(route, { me, screen }, { modules: withModules = true } = {}) {
      return (
        (me ? fetchLink(me) : '') +
        (withModules ? moduleLinks[route] : '') +
        screen.map(fetchLink).join('')
      );
    },
    modulesFor: (route) => modules[route],
    variesByCookie,
  };
}

/**
 * Where the largest image of a route's first screen comes from (PERF-3, QUAL-2: preloaded, its
 * request does not wait for the app to start): the first poster of Home's first row
 * ('Trending: Movies') and the play page's details poster, both 160 px wide cards. `isAnswer` picks
 * the call whose answer names it; `posterOf` reads its `poster_path`.
 */
const LARGEST_IMAGE: Partial<
  Record<AppRoute, { isAnswer: (path: string) => boolean; posterOf: (answer: unknown) => unknown }>
> = {
  '/index': {
    isAnswer: (path) => path === pathOf(TRENDING, { type: 'movie' }),
    posterOf: (a) => (a as { results?: { poster_path?: unknown }[] }).results?.[0]?.poster_path,
  },
  '/play': {
    isAnswer: (path) => path.startsWith(`${MEDIA_INFO.path}?`),
    posterOf: (a) => (a as { poster_path?: unknown }).poster_path,
  },
};

/**
 * A `<link rel="preload" as="image">` (a line indented 4 spaces) for the largest image of the
 * first screen of `route`, read from the page's `answers`: the card poster's `srcset` and
 * `sizes` exactly as the app's `<img>` has them (`@pigostream/contracts/images`, 160 px), so the
 * browser fetches the file the `<img>` will use while the app's scripts load. '' when the route
 * has none, the answer names no poster, or the poster is drawn art (drawn in the page, no file).
 */
export function largestImagePreload(route: AppRoute, answers: FirstAnswers): string {
  const source = LARGEST_IMAGE[route];
  const path = source && [...answers.keys()].find(source.isAnswer);
  if (!source || path === undefined) return '';
  let poster: unknown;
  try {
    poster = source.posterOf(JSON.parse(answers.get(path) ?? '') ?? {});
  } catch {
    return '';
  }
  // Drawn art is drawn by the page itself (apps/web/src/components/art-image.tsx): no file.
  if (typeof poster !== 'string' || poster === '' || parseArtPath(poster)) return '';
  const href = attribute(imageUrl(poster, 'w500') ?? '');
  const srcset = attribute(imageSrcSet(poster, 'poster') ?? '');
  return `    <link rel="preload" as="image" fetchpriority="high" href="${href}" imagesrcset="${srcset}" imagesizes="160px">\n`;
}
