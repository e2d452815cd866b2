/**
 * The routes hostile-input.test.ts attacks: every documented route under /pigo-stream (the test
 * checks the list against the OpenAPI document, so a new route must be added here) and the
 * identity server's endpoints. `{}` marks a path parameter.
 */

/** One route: method, path after /pigo-stream with `{}` parameters, its query and body keys. */
export interface RouteSpec {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** How many `{}` parameters the path has. */
  params: number;
  query?: readonly string[];
  /** Keys of the JSON body; undefined: the route takes no body. */
  body?: readonly string[];
  /** Only sent signed out: signed in it would end or change the test session itself. */
  signedOutOnly?: boolean;
}

const LIBRARY_ITEM = ['userUID', 'id', 'type'] as const;
const LIMITS = ['movieLimit', 'showLimit'] as const;

/** Catalogue, library, recommender, sources, store, images, identity. */
export const ROUTES: readonly RouteSpec[] = [
  { method: 'GET', path: '/health', params: 0 },
  { method: 'GET', path: '/health/ready', params: 0 },
  { method: 'GET', path: '/app-config', params: 0 },
  { method: 'GET', path: '/providers', params: 0 },
  { method: 'GET', path: '/index/trending/{}', params: 1, query: ['page'] },
  { method: 'GET', path: '/index/popular/{}', params: 1, query: ['page'] },
  { method: 'GET', path: '/index/search/{}', params: 1, query: ['query', 'page'] },
  {
    method: 'GET',
    path: '/index/media/{}/by-provider',
    params: 1,
    query: ['provider', 'region', 'page'],
  },
  { method: 'GET', path: '/index/media-details', params: 0, query: ['id', 'type'] },
  { method: 'GET', path: '/index/most-watched', params: 0 },
  { method: 'GET', path: '/media-details', params: 0, query: ['id', 'type'] },
  { method: 'GET', path: '/playground/media-info', params: 0, query: ['id', 'type'] },
  { method: 'GET', path: '/playground/media-trailer', params: 0, query: ['id', 'type'] },
  { method: 'GET', path: '/playground/season', params: 0, query: ['id', 'seasonNumber'] },
  { method: 'POST', path: '/playground/anime-info', params: 0, body: ['query', 'variables'] },
  { method: 'GET', path: '/images/{}/{}', params: 2, query: ['t', 'y', 'bg'] },
  { method: 'GET', path: '/auth/config', params: 0 },
  { method: 'GET', path: '/auth/me', params: 0 },
  { method: 'POST', path: '/auth/users', params: 0, body: ['userUID'] },
  {
    method: 'POST',
    path: '/index/save-search-history',
    params: 0,
    body: ['userUID', 'searchQuery'],
  },
  { method: 'GET', path: '/index/fetch-search-history/{}', params: 1 },
  { method: 'DELETE', path: '/index/{}/remove-search-history/{}', params: 2 },
  { method: 'GET', path: '/watch-history/{}/fetch-watch-history', params: 1, query: LIMITS },
  { method: 'POST', path: '/watch-history/save-watch-history', params: 0, body: LIBRARY_ITEM },
  { method: 'DELETE', path: '/watch-history/remove-watch-history', params: 0, body: LIBRARY_ITEM },
  {
    method: 'DELETE',
    path: '/watch-history/remove-all-watch-history',
    params: 0,
    body: ['userUID'],
  },
  { method: 'POST', path: '/my-list/save-my-list', params: 0, body: LIBRARY_ITEM },
  { method: 'DELETE', path: '/my-list/remove-my-list', params: 0, body: LIBRARY_ITEM },
  { method: 'GET', path: '/my-list/{}/fetch-my-list', params: 1, query: LIMITS },
  { method: 'GET', path: '/my-list/{}/contains', params: 1, query: ['id', 'type'] },
  {
    method: 'POST',
    path: '/recommender/insert',
    params: 0,
    body: ['user_id', 'item_id', 'item_type', 'watched'],
  },
  { method: 'GET', path: '/recommender/user_recommendations', params: 0, query: ['user_id'] },
  {
    method: 'POST',
    path: '/progress/save-progress',
    params: 0,
    body: ['userUID', 'id', 'type', 'season', 'episode', 'position', 'duration'],
  },
  { method: 'GET', path: '/progress/{}/fetch-progress', params: 1, query: ['id', 'type'] },
  { method: 'GET', path: '/progress/{}/continue-watching', params: 1 },
  { method: 'GET', path: '/progress/{}/up-next', params: 1 },
  { method: 'GET', path: '/progress/{}/new-episodes', params: 1 },
  { method: 'DELETE', path: '/progress/remove-continue-watching', params: 0, body: LIBRARY_ITEM },
  {
    method: 'POST',
    path: '/progress/mark-season',
    params: 0,
    body: ['userUID', 'id', 'season', 'watched'],
  },
  {
    method: 'POST',
    path: '/progress/player-token',
    params: 0,
    body: ['userUID', 'id', 'type', 'season', 'episode'],
  },
  {
    method: 'POST',
    path: '/progress/player-progress',
    params: 0,
    body: ['id', 'type', 'season', 'episode', 'position', 'duration'],
  },
  {
    method: 'POST',
    path: '/transfer/preview-import',
    params: 0,
    body: ['userUID', 'fileName', 'content'],
  },
  { method: 'POST', path: '/transfer/apply-import', params: 0, body: ['userUID', 'entries'] },
  { method: 'GET', path: '/transfer/{}/export', params: 1, query: ['format'] },
  { method: 'GET', path: '/profiles', params: 0 },
  { method: 'POST', path: '/profiles/create', params: 0, body: ['name', 'avatar', 'kind'] },
  {
    method: 'POST',
    path: '/profiles/update',
    params: 0,
    body: ['id', 'name', 'avatar', 'kind'],
  },
  { method: 'POST', path: '/profiles/remove', params: 0, body: ['id'] },
  { method: 'POST', path: '/profiles/switch', params: 0, body: ['id'] },
  // The Stremio addon: its token calls, and the addon's own calls under a token.
  { method: 'GET', path: '/stremio/tokens', params: 0 },
  { method: 'POST', path: '/stremio/tokens/create', params: 0, body: [] },
  { method: 'POST', path: '/stremio/tokens/revoke', params: 0, body: ['id'] },
  { method: 'GET', path: '/stremio/{}/manifest.json', params: 1 },
  { method: 'GET', path: '/stremio/{}/catalog/{}/{}.json', params: 3 },
  { method: 'GET', path: '/stremio/{}/catalog/{}/{}/{}.json', params: 4 },
  { method: 'GET', path: '/stremio/{}/meta/{}/{}.json', params: 3 },
  { method: 'GET', path: '/stremio/{}/stream/{}/{}.json', params: 3 },
  { method: 'GET', path: '/stremio/{}/subtitles/{}/{}.json', params: 3 },
  { method: 'GET', path: '/stremio/{}/subtitles/{}/{}/{}.json', params: 4 },
  { method: 'GET', path: '/stremio/{}/media/{}', params: 2 },
  { method: 'GET', path: '/stremio/{}/media/{}/hls/{}/{}', params: 4 },
  { method: 'GET', path: '/stremio/{}/media/{}/subtitles/{}', params: 3 },
  // Watching together: the room calls, and the room's socket's address without an upgrade.
  {
    method: 'POST',
    path: '/together/rooms/create',
    params: 0,
    body: ['type', 'id', 'season', 'episode', 'source', 'position'],
  },
  { method: 'GET', path: '/together/rooms/{}', params: 1 },
  { method: 'POST', path: '/together/rooms/close', params: 0, body: ['roomId'] },
  { method: 'GET', path: '/together/ws', params: 0, query: ['room'] },
  {
    method: 'GET',
    path: '/sources/servers',
    params: 0,
    query: ['id', 'type', 'season', 'episode'],
  },
  { method: 'POST', path: '/sources/rescan', params: 0 },
  { method: 'GET', path: '/sources/media/{}', params: 1 },
  {
    method: 'GET',
    path: '/sources/media/{}/playback',
    params: 1,
    query: ['containers', 'video', 'audio', 'hls', 'audio_track', 'burn'],
  },
  { method: 'GET', path: '/sources/media/{}/subtitles/{}', params: 2 },
  { method: 'GET', path: '/sources/media/{}/hls/{}/{}', params: 3 },
  { method: 'GET', path: '/pigostore/app-version', params: 0, query: ['platform'] },
  { method: 'GET', path: '/pigostore/download-app', params: 0, query: ['platform'] },
  { method: 'GET', path: '/pigostore/files/{}', params: 1 },
  // The identity server (better-auth behind the server's own checks).
  {
    method: 'POST',
    path: '/identity/sign-up/email',
    params: 0,
    body: ['name', 'email', 'password', 'callbackURL'],
  },
  {
    method: 'POST',
    path: '/identity/sign-in/email',
    params: 0,
    body: ['email', 'password', 'callbackURL'],
  },
  {
    method: 'POST',
    path: '/identity/sign-in/oauth2',
    params: 0,
    body: ['providerId', 'callbackURL', 'errorCallbackURL'],
  },
  {
    method: 'POST',
    path: '/identity/sign-in/social',
    params: 0,
    body: ['provider', 'callbackURL'],
  },
  { method: 'GET', path: '/identity/get-session', params: 0 },
  {
    method: 'POST',
    path: '/identity/send-verification-email',
    params: 0,
    body: ['email', 'callbackURL'],
  },
  { method: 'GET', path: '/identity/verify-email', params: 0, query: ['token', 'callbackURL'] },
  {
    method: 'POST',
    path: '/identity/request-password-reset',
    params: 0,
    body: ['email', 'redirectTo'],
  },
  { method: 'POST', path: '/identity/reset-password', params: 0, body: ['token', 'newPassword'] },
  { method: 'GET', path: '/identity/reset-password/{}', params: 1, query: ['callbackURL'] },
  { method: 'GET', path: '/identity/callback/{}', params: 1, query: ['code', 'state', 'error'] },
  {
    method: 'POST',
    path: '/identity/update-user',
    params: 0,
    body: ['name', 'image'],
    signedOutOnly: true,
  },
  { method: 'POST', path: '/identity/sign-out', params: 0, body: [], signedOutOnly: true },
  { method: 'GET', path: '/identity/{}', params: 1 },
  { method: 'POST', path: '/identity/{}', params: 1, body: ['email'], signedOutOnly: true },
];
