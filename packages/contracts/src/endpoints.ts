/**
 * The product server's calls (API-GEN-1 in docs/requirements.md, and the calls added since), one
 * object per endpoint: its method, its path under the API prefix `/pigo-stream` with `:name`
 * parameters, and for a write what its success makes stale. The server registers each route at
 * exactly this method and path ({@link routePath}), the web app builds each call from it ({@link
 * pathOf}), and the server's answer caches read what a write invalidates from it, so a path or a
 * method is written once. No schema library: the schemas of a call's query, body and answer stay in
 * the domain modules (catalogue.ts, library.ts, ...; named in each endpoint's comment), which the
 * web app loads lazily where its first screen must stay lean (`@pigostream/contracts/endpoints`).
 */
import { AUTH_CONFIG, AUTH_ME, AUTH_USERS } from './identity-endpoints.ts';

export { AUTH_CONFIG, AUTH_ME, AUTH_USERS };

/** An HTTP method the product server's calls use. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What the success of a write makes stale in the server's answer caches
 * (apps/server/src/lib/response-cache.ts): `'user'`, a write of the user's own data (their
 * lists, searches, progress, imports), only the caller's own answers, the shared catalogue
 * answers staying cached. A write that says nothing makes the shared catalogue answers stale
 * too, on every server: the safe default for a write outside a user's own data (trending and
 * '#1 Most Watched' blend watch events).
 */
export type Invalidates = 'user';

/**
 * One endpoint: `method` and `path`, the route's pattern under `/pigo-stream` (`:name` a path
 * parameter, `*` the rest of the path). A read invalidates nothing; a write may say it
 * invalidates only the user's own answers ({@link Invalidates}).
 */
export type Endpoint<M extends Method = Method, P extends string = string> = M extends 'GET'
  ? { readonly method: M; readonly path: P }
  : { readonly method: M; readonly path: P; readonly invalidates?: Invalidates };

/** Whether the pattern `P` has path parameters (`:name`). */
export type HasParams<P extends string> = P extends `${string}:${string}` ? true : false;

/** A parameter's name, without the static text after it in its segment (`:id.json` is `id`). */
type ParamName<N extends string> = N extends `${infer Head}.${string}` ? Head : N;

/** The parameters named in the pattern `P`; `unknown` (none) past its last one. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Record<ParamName<Name>, string | number> & ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Record<ParamName<Name>, string | number>
    : unknown;

/**
 * The path parameters of the pattern `P`, by name: `'/my-list/:uid/contains'` gives
 * `{ uid: string | number }`; a pattern without any takes none (`{}`).
 */
export type PathParams<P extends string> =
  HasParams<P> extends true ? ParamsOf<P> : Readonly<Record<string, never>>;

/** Path parameters by name, of a pattern not known in advance. */
export type PathValues = Readonly<Record<string, string | number>>;

/** A call's query parameters, in the order they are sent; an undefined value is left out. */
export type CallQuery = Readonly<Record<string, string | number | undefined>>;

/**
 * The path (under the API prefix) of a call of `endpoint`: each `:name` replaced by
 * `params[name]`, URI-encoded, then `?` and `query` encoded as URLSearchParams does, in its
 * order (none when it is empty). A call's path names its answer when the page carries it (the
 * server's first answers), so the server and the web app must build it the same way: here.
 * A pattern with parameters needs `params`: leaving one out is a type error.
 */
export function pathOf<P extends string>(
  endpoint: { readonly path: P },
  ...[params, query]: HasParams<P> extends true
    ? [params: PathParams<P>, query?: CallQuery]
    : [params?: PathParams<P>, query?: CallQuery]
): string {
  return pathWith(endpoint.path, params as PathValues | undefined, query);
}

/**
 * {@link pathOf} of the pattern `path`, for code that holds an endpoint of any pattern (one read
 * from a table), where `params` cannot be checked against it: a parameter missing from
 * `params` is written `undefined`.
 */
export function pathWith(path: string, params?: PathValues, query?: CallQuery): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name])),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.append(name, String(value));
  }
  const text = search.toString();
  return text === '' ? filled : `${filled}?${text}`;
}

/** `endpoint`'s path when it is of method `M`; an endpoint of another method is a type error. */
function pathIf<M extends Method>() {
  return <P extends string>(endpoint: Endpoint<M, P>): P => endpoint.path;
}

/**
 * The path to register `endpoint` at with the server's shorthand of the same method:
 * `app.post(routePath.post(SAVE_MY_LIST), ...)`. An endpoint whose method is not the
 * shorthand's is a type error, so the server registers the method and path the app calls.
 */
export const routePath = {
  get: pathIf<'GET'>(),
  post: pathIf<'POST'>(),
  put: pathIf<'PUT'>(),
  delete: pathIf<'DELETE'>(),
};

// Health and configuration (health.ts).

/** `GET /health` -> `aliveSchema`: the server answers. */
export const HEALTH = { method: 'GET', path: '/health' } as const satisfies Endpoint;

/** `GET /health/ready` -> `readySchema` (503 when not): the server can serve. */
export const HEALTH_READY = { method: 'GET', path: '/health/ready' } as const satisfies Endpoint;

/** `GET /app-config` -> `appConfigSchema`: the sidebar's configured links. */
export const APP_CONFIG = { method: 'GET', path: '/app-config' } as const satisfies Endpoint;

// Catalogue (catalogue.ts, providers.ts, activity.ts, anime.ts).

/** `GET /index/trending/:type?page=` -> `mediaPageSchema`: this week's trending titles. */
export const TRENDING = {
  method: 'GET',
  path: '/index/trending/:type',
} as const satisfies Endpoint;

/** `GET /index/popular/:type?page=` -> `mediaPageSchema`: titles by popularity. */
export const POPULAR = { method: 'GET', path: '/index/popular/:type' } as const satisfies Endpoint;

/** `GET /index/search/:type?query=&page=` -> `mediaPageSchema`: titles matching `query`. */
export const SEARCH = { method: 'GET', path: '/index/search/:type' } as const satisfies Endpoint;

/** `GET /index/media/:type/by-provider?provider=&region=&page=` -> `mediaPageSchema`. */
export const BY_PROVIDER = {
  method: 'GET',
  path: '/index/media/:type/by-provider',
} as const satisfies Endpoint;

/** `GET /index/media-details?id=&type=` -> `mediaDetailsSchema`: the Home hero's title. */
export const HERO_DETAILS = {
  method: 'GET',
  path: '/index/media-details',
} as const satisfies Endpoint;

/** `GET /media-details?id=&type=` -> `mediaDetailsSchema`: a recommendation candidate. */
export const MEDIA_DETAILS = { method: 'GET', path: '/media-details' } as const satisfies Endpoint;

/** `GET /playground/media-info?id=&type=` -> `mediaDetailsSchema`: the play page's title. */
export const MEDIA_INFO = {
  method: 'GET',
  path: '/playground/media-info',
} as const satisfies Endpoint;

/** `GET /playground/media-trailer?id=&type=` -> `trailerSchema`: the YouTube trailer or null. */
export const MEDIA_TRAILER = {
  method: 'GET',
  path: '/playground/media-trailer',
} as const satisfies Endpoint;

/** `GET /playground/season?id=&seasonNumber=` -> `seasonDetailsSchema`: a show's season. */
export const SEASON = { method: 'GET', path: '/playground/season' } as const satisfies Endpoint;

/** `GET /providers` -> `providersSchema`: the fixed streaming-provider list. */
export const PROVIDER_LIST = { method: 'GET', path: '/providers' } as const satisfies Endpoint;

/** `GET /index/most-watched` -> `mostWatchedSchema`: the '#1 Most Watched' title, or null. */
export const MOST_WATCHED = {
  method: 'GET',
  path: '/index/most-watched',
} as const satisfies Endpoint;

/**
 * `POST /playground/anime-info` `{ query, variables }` -> `animeInfoResponseSchema`: the anime
 * lookup (a read sent as a POST; as a write outside a user's own data, the server's caches
 * count it as one that may change the catalogue).
 */
export const ANIME_INFO = {
  method: 'POST',
  path: '/playground/anime-info',
} as const satisfies Endpoint;

/** `GET /images/:size/*`: a catalogue image, or drawn art (images.ts' `imageUrl`). */
export const IMAGE = { method: 'GET', path: '/images/:size/*' } as const satisfies Endpoint;

// Watch history, My List and search history (library.ts); every call names the signed-in user.

/**
 * `GET /watch-history/:userId/fetch-watch-history?movieLimit=&showLimit=` ->
 * `watchHistorySchema`, newest first.
 */
export const WATCH_HISTORY = {
  method: 'GET',
  path: '/watch-history/:userId/fetch-watch-history',
} as const satisfies Endpoint;

/** `POST /watch-history/save-watch-history` `libraryItemBodySchema` -> `savedSchema`. */
export const SAVE_WATCH_HISTORY = {
  method: 'POST',
  path: '/watch-history/save-watch-history',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `DELETE /watch-history/remove-watch-history` `libraryItemBodySchema` -> `removedSchema`. */
export const REMOVE_WATCH_HISTORY = {
  method: 'DELETE',
  path: '/watch-history/remove-watch-history',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `DELETE /watch-history/remove-all-watch-history` `userBodySchema` -> `removedSchema`. */
export const CLEAR_WATCH_HISTORY = {
  method: 'DELETE',
  path: '/watch-history/remove-all-watch-history',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `GET /my-list/:uid/fetch-my-list?movieLimit=&showLimit=` -> `myListSchema`. */
export const MY_LIST = {
  method: 'GET',
  path: '/my-list/:uid/fetch-my-list',
} as const satisfies Endpoint;

/** `POST /my-list/save-my-list` `libraryItemBodySchema` -> `savedSchema`. */
export const SAVE_MY_LIST = {
  method: 'POST',
  path: '/my-list/save-my-list',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `DELETE /my-list/remove-my-list` `libraryItemBodySchema` -> `removedSchema`. */
export const REMOVE_MY_LIST = {
  method: 'DELETE',
  path: '/my-list/remove-my-list',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `GET /my-list/:uid/contains?id=&type=` -> `inListSchema`: the play page's in-list check. */
export const IN_MY_LIST = {
  method: 'GET',
  path: '/my-list/:uid/contains',
} as const satisfies Endpoint;

/** `POST /index/save-search-history` `{ userUID, searchQuery }` -> `savedSearchSchema`. */
export const SAVE_SEARCH_HISTORY = {
  method: 'POST',
  path: '/index/save-search-history',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `GET /index/fetch-search-history/:uid` -> `searchHistorySchema`, newest first. */
export const SEARCH_HISTORY = {
  method: 'GET',
  path: '/index/fetch-search-history/:uid',
} as const satisfies Endpoint;

/** `DELETE /index/:uid/remove-search-history/:historyId` -> `okSchema`. */
export const REMOVE_SEARCH_HISTORY = {
  method: 'DELETE',
  path: '/index/:uid/remove-search-history/:historyId',
  invalidates: 'user',
} as const satisfies Endpoint;

// Watch progress (progress.ts); every call but the player app's report names the signed-in user.

/** `POST /progress/save-progress` `saveProgressBodySchema` -> `savedProgressSchema`. */
export const SAVE_PROGRESS = {
  method: 'POST',
  path: '/progress/save-progress',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `GET /progress/:userId/fetch-progress?id=&type=` -> `titleProgressSchema`. */
export const TITLE_PROGRESS = {
  method: 'GET',
  path: '/progress/:userId/fetch-progress',
} as const satisfies Endpoint;

/** `GET /progress/:userId/continue-watching` -> `continueWatchingSchema`. */
export const CONTINUE_WATCHING = {
  method: 'GET',
  path: '/progress/:userId/continue-watching',
} as const satisfies Endpoint;

/** `GET /progress/:userId/up-next` -> `upNextSchema`. */
export const UP_NEXT = {
  method: 'GET',
  path: '/progress/:userId/up-next',
} as const satisfies Endpoint;

/** `GET /progress/:userId/new-episodes` -> `newEpisodesSchema`. */
export const NEW_EPISODES = {
  method: 'GET',
  path: '/progress/:userId/new-episodes',
} as const satisfies Endpoint;

/** `DELETE /progress/remove-continue-watching` `libraryItemBodySchema` -> `removedSchema`. */
export const REMOVE_CONTINUE_WATCHING = {
  method: 'DELETE',
  path: '/progress/remove-continue-watching',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `POST /progress/mark-season` `markSeasonBodySchema` -> `markedSeasonSchema`. */
export const MARK_SEASON = {
  method: 'POST',
  path: '/progress/mark-season',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `POST /progress/player-token` `playerTokenBodySchema` -> `playerTokenSchema`. */
export const PLAYER_TOKEN = {
  method: 'POST',
  path: '/progress/player-token',
  invalidates: 'user',
} as const satisfies Endpoint;

/**
 * `POST /progress/player-progress` `playerProgressBodySchema` -> `savedProgressSchema`: the
 * player app's report, which carries a player token instead of a session.
 */
export const PLAYER_PROGRESS = {
  method: 'POST',
  path: '/progress/player-progress',
  invalidates: 'user',
} as const satisfies Endpoint;

// Recommender (library.ts' recommendation schemas).

/**
 * `POST /recommender/insert` `{ user_id, item_id, item_type, watched }` -> `okSchema`: a watch
 * event, which trending and '#1 Most Watched' read.
 */
export const RECOMMENDER_INSERT = {
  method: 'POST',
  path: '/recommender/insert',
} as const satisfies Endpoint;

/** `GET /recommender/user_recommendations?user_id=` -> `recommendationsSchema`, best first. */
export const RECOMMENDATIONS = {
  method: 'GET',
  path: '/recommender/user_recommendations',
} as const satisfies Endpoint;

// Stream sources (sources.ts).

/** `GET /sources/servers?id=&type=&season=&episode=` -> `serversSchema`. */
export const SERVERS = { method: 'GET', path: '/sources/servers' } as const satisfies Endpoint;

/** `POST /sources/rescan` -> `rescanResultSchema`: rescans the media folder. */
export const RESCAN = { method: 'POST', path: '/sources/rescan' } as const satisfies Endpoint;

/** `GET /sources/media/:mediaId`: a file of the local media library, streamed. */
export const MEDIA_FILE = {
  method: 'GET',
  path: '/sources/media/:mediaId',
} as const satisfies Endpoint;

/**
 * `GET /sources/media/:mediaId/playback?containers=&video=&audio=&hls=&audio_track=&burn=` ->
 * `playbackSchema` (playback.ts): how this browser plays a library file, and its tracks.
 */
export const MEDIA_PLAYBACK = {
  method: 'GET',
  path: '/sources/media/:mediaId/playback',
} as const satisfies Endpoint;

/** `GET /sources/media/:mediaId/subtitles/:subtitleId`: a subtitle of a library file, as WebVTT. */
export const MEDIA_SUBTITLE = {
  method: 'GET',
  path: '/sources/media/:mediaId/subtitles/:subtitleId',
} as const satisfies Endpoint;

/** `GET /sources/media/:mediaId/hls/:plan/:file`: a playlist or segment of a remux or transcode. */
export const MEDIA_HLS = {
  method: 'GET',
  path: '/sources/media/:mediaId/hls/:plan/:file',
} as const satisfies Endpoint;

// The player app's releases (store.ts).

/** `GET /pigostore/app-version?platform=` -> `appVersionSchema`. */
export const APP_VERSION = {
  method: 'GET',
  path: '/pigostore/app-version',
} as const satisfies Endpoint;

/** `GET /pigostore/download-app?platform=` -> `downloadAppSchema` (404: no release). */
export const DOWNLOAD_APP = {
  method: 'GET',
  path: '/pigostore/download-app',
} as const satisfies Endpoint;

/** `GET /pigostore/files/:name`: a release file this server keeps. */
export const STORE_FILE = {
  method: 'GET',
  path: '/pigostore/files/:name',
} as const satisfies Endpoint;

// Import and export (transfer.ts).

/** `POST /transfer/preview-import` `{ userUID, fileName, content }` -> `importPreviewSchema`. */
export const PREVIEW_IMPORT = {
  method: 'POST',
  path: '/transfer/preview-import',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `POST /transfer/apply-import` `{ userUID, entries }` -> `importResultSchema`. */
export const APPLY_IMPORT = {
  method: 'POST',
  path: '/transfer/apply-import',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `GET /transfer/:userId/export?format=`: the user's data as a file download. */
export const EXPORT = {
  method: 'GET',
  path: '/transfer/:userId/export',
} as const satisfies Endpoint;

// Household profiles (profiles.ts); the calls act on the signed-in account and its session.

/** `GET /profiles` -> `profilesSchema`: the account's profiles in order, and the active one. */
export const PROFILES = { method: 'GET', path: '/profiles' } as const satisfies Endpoint;

/** `POST /profiles/create` `createProfileBodySchema` -> `profileSchema` (409 past 6). */
export const CREATE_PROFILE = {
  method: 'POST',
  path: '/profiles/create',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `POST /profiles/update` `updateProfileBodySchema` -> `profileSchema`. */
export const UPDATE_PROFILE = {
  method: 'POST',
  path: '/profiles/update',
  invalidates: 'user',
} as const satisfies Endpoint;

/**
 * `POST /profiles/remove` `profileIdBodySchema` -> `profilesSchema`: the profile and its personal
 * data go; its watch events counted in trending and '#1 Most Watched', so the shared answers are
 * made stale too (no `invalidates`).
 */
export const REMOVE_PROFILE = {
  method: 'POST',
  path: '/profiles/remove',
} as const satisfies Endpoint;

/** `POST /profiles/switch` `profileIdBodySchema` -> `activeProfileSchema`. */
export const SWITCH_PROFILE = {
  method: 'POST',
  path: '/profiles/switch',
  invalidates: 'user',
} as const satisfies Endpoint;

// The Stremio addon (stremio.ts). The token calls act on the session's active profile; the
// addon's own calls carry a token in the path instead of a session, and read no cookie.

/** `GET /stremio/tokens` -> `stremioTokensSchema`: the active profile's addon tokens (never the token). */
export const STREMIO_TOKENS = {
  method: 'GET',
  path: '/stremio/tokens',
} as const satisfies Endpoint;

/** `POST /stremio/tokens/create` -> `createdStremioTokenSchema` (409 past 5): the token, once. */
export const CREATE_STREMIO_TOKEN = {
  method: 'POST',
  path: '/stremio/tokens/create',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `POST /stremio/tokens/revoke` `revokeStremioTokenBodySchema` -> `stremioTokensSchema`. */
export const REVOKE_STREMIO_TOKEN = {
  method: 'POST',
  path: '/stremio/tokens/revoke',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `GET /stremio/:token/manifest.json` -> `addonManifestSchema`: the profile's addon. */
export const STREMIO_MANIFEST = {
  method: 'GET',
  path: '/stremio/:token/manifest.json',
} as const satisfies Endpoint;

/** `GET /stremio/:token/catalog/:type/:id.json` -> `catalogAnswerSchema`: a catalog's first page. */
export const STREMIO_CATALOG = {
  method: 'GET',
  path: '/stremio/:token/catalog/:type/:id.json',
} as const satisfies Endpoint;

/**
 * `GET /stremio/:token/catalog/:type/:id/:extra.json` -> `catalogAnswerSchema`: a catalog with
 * `search=`, `genre=` and `skip=` (a query string, URL-encoded, in the path).
 */
export const STREMIO_CATALOG_EXTRA = {
  method: 'GET',
  path: '/stremio/:token/catalog/:type/:id/:extra.json',
} as const satisfies Endpoint;

/** `GET /stremio/:token/meta/:type/:id.json` -> `metaAnswerSchema`: a title's details. */
export const STREMIO_META = {
  method: 'GET',
  path: '/stremio/:token/meta/:type/:id.json',
} as const satisfies Endpoint;

/** `GET /stremio/:token/stream/:type/:id.json` -> `streamsAnswerSchema`: a movie's or episode's streams. */
export const STREMIO_STREAM = {
  method: 'GET',
  path: '/stremio/:token/stream/:type/:id.json',
} as const satisfies Endpoint;

/** `GET /stremio/:token/subtitles/:type/:id.json` -> `subtitlesAnswerSchema`. */
export const STREMIO_SUBTITLES = {
  method: 'GET',
  path: '/stremio/:token/subtitles/:type/:id.json',
} as const satisfies Endpoint;

/**
 * `GET /stremio/:token/subtitles/:type/:id/:extra.json` -> `subtitlesAnswerSchema`, with
 * Stremio's `videoSize=`, `filename=`, `videoHash=`.
 */
export const STREMIO_SUBTITLES_EXTRA = {
  method: 'GET',
  path: '/stremio/:token/subtitles/:type/:id/:extra.json',
} as const satisfies Endpoint;

/** `GET /stremio/:token/media/:mediaId`: a media file through the token, with range requests. */
export const STREMIO_MEDIA = {
  method: 'GET',
  path: '/stremio/:token/media/:mediaId',
} as const satisfies Endpoint;

/**
 * `GET /stremio/:token/media/:mediaId/hls/:plan/:file`: `main.m3u8` or `seg{n}.ts` of a remux or
 * transcode of a media file through the token.
 */
export const STREMIO_MEDIA_HLS = {
  method: 'GET',
  path: '/stremio/:token/media/:mediaId/hls/:plan/:file',
} as const satisfies Endpoint;

/** `GET /stremio/:token/media/:mediaId/subtitles/:subtitle`: `e{n}.vtt` or `s{n}.vtt`, WebVTT. */
export const STREMIO_MEDIA_SUBTITLE = {
  method: 'GET',
  path: '/stremio/:token/media/:mediaId/subtitles/:subtitle',
} as const satisfies Endpoint;

// Watching together (together.ts; TOGETHER-1..10). The calls act for the session's active
// profile; the room itself is a WebSocket at TOGETHER_SOCKET (together.ts' messages).

/**
 * `POST /together/rooms/create` `createRoomBodySchema` -> `createdRoomSchema` (409 past the
 * account's open rooms): a new room and its invite link. A room is no one's list: only the
 * caller's own answers are made stale.
 */
export const CREATE_ROOM = {
  method: 'POST',
  path: '/together/rooms/create',
  invalidates: 'user',
} as const satisfies Endpoint;

/** `GET /together/rooms/:roomId` -> `roomSummarySchema` (404 ended, 403 above the profile's limit). */
export const ROOM = {
  method: 'GET',
  path: '/together/rooms/:roomId',
} as const satisfies Endpoint;

/** `POST /together/rooms/close` `closeRoomBodySchema` -> `closedRoomSchema`: ends the room for all. */
export const CLOSE_ROOM = {
  method: 'POST',
  path: '/together/rooms/close',
  invalidates: 'user',
} as const satisfies Endpoint;

/**
 * `GET /together/ws?room=` upgraded to a WebSocket (together.ts' `clientMessageSchema` and
 * `serverMessageSchema`); without the upgrade 426 `{ error }`.
 */
export const TOGETHER_SOCKET = {
  method: 'GET',
  path: '/together/ws',
} as const satisfies Endpoint;

/**
 * Every endpoint by its name: what the server's caches and the table of pages
 * (pages.ts, whose first calls name endpoints) read.
 */
export const ENDPOINTS = {
  AUTH_CONFIG,
  AUTH_ME,
  AUTH_USERS,
  HEALTH,
  HEALTH_READY,
  APP_CONFIG,
  TRENDING,
  POPULAR,
  SEARCH,
  BY_PROVIDER,
  HERO_DETAILS,
  MEDIA_DETAILS,
  MEDIA_INFO,
  MEDIA_TRAILER,
  SEASON,
  PROVIDER_LIST,
  MOST_WATCHED,
  ANIME_INFO,
  IMAGE,
  WATCH_HISTORY,
  SAVE_WATCH_HISTORY,
  REMOVE_WATCH_HISTORY,
  CLEAR_WATCH_HISTORY,
  MY_LIST,
  SAVE_MY_LIST,
  REMOVE_MY_LIST,
  IN_MY_LIST,
  SAVE_SEARCH_HISTORY,
  SEARCH_HISTORY,
  REMOVE_SEARCH_HISTORY,
  SAVE_PROGRESS,
  TITLE_PROGRESS,
  CONTINUE_WATCHING,
  UP_NEXT,
  NEW_EPISODES,
  REMOVE_CONTINUE_WATCHING,
  MARK_SEASON,
  PLAYER_TOKEN,
  PLAYER_PROGRESS,
  RECOMMENDER_INSERT,
  RECOMMENDATIONS,
  SERVERS,
  RESCAN,
  MEDIA_FILE,
  MEDIA_PLAYBACK,
  MEDIA_SUBTITLE,
  MEDIA_HLS,
  APP_VERSION,
  DOWNLOAD_APP,
  STORE_FILE,
  PREVIEW_IMPORT,
  APPLY_IMPORT,
  EXPORT,
  PROFILES,
  CREATE_PROFILE,
  UPDATE_PROFILE,
  REMOVE_PROFILE,
  SWITCH_PROFILE,
  STREMIO_TOKENS,
  CREATE_STREMIO_TOKEN,
  REVOKE_STREMIO_TOKEN,
  STREMIO_MANIFEST,
  STREMIO_CATALOG,
  STREMIO_CATALOG_EXTRA,
  STREMIO_META,
  STREMIO_STREAM,
  STREMIO_SUBTITLES,
  STREMIO_SUBTITLES_EXTRA,
  STREMIO_MEDIA,
  STREMIO_MEDIA_HLS,
  STREMIO_MEDIA_SUBTITLE,
  CREATE_ROOM,
  ROOM,
  CLOSE_ROOM,
  TOGETHER_SOCKET,
} as const;

/** The name of an endpoint in {@link ENDPOINTS}. */
export type EndpointName = keyof typeof ENDPOINTS;
