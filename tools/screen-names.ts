/**
 * The screens pictured by the browser tests (apps/web/e2e/screens.spec.ts, steps in
 * e2e/support/screens.ts) and shown in docs/screens.md (scripts/screens-doc.ts), in that order,
 * with their captions; and the two sizes each is pictured at. Free of browser code, so the docs
 * script reads it in Node.
 */

/** Each screen's picture name (its file is `<name>-<size>.png`) and caption. */
export const SCREEN_CAPTIONS = {
  'sign-in': 'Sign in',
  'sign-up-error': 'Sign up, with an address from a provider the site does not take',
  'home-trending': 'Home: Trending',
  'home-providers': 'Home: Providers',
  search: 'Search results, with the search history open',
  'play-movie': 'Play page of a movie (its server is another site, painted over)',
  'play-show': 'Play page of a show: seasons and episodes',
  'play-anime': 'Play page of an anime: the franchise and the episode grid',
  'play-open-movie': 'Play page of an open movie, with the player (the video painted over)',
  'play-together':
    "Watching an open movie together, as the host: the invite link (painted over) with Copy, 'Only the host controls playback' on, and a friend with Make host",
  'play-together-member':
    "The same room as the friend: only the host controls playback, so their press of play is refused with the server's message (the invite link painted over)",
  'my-list': 'My List',
  'watch-history': 'Watch History',
  'confirm-dialog': 'The confirm dialog, removing a title from My List',
  'server-error': 'The server-error modal, when a call fails',
  sidebar: 'The sidebar, open: the active profile and the switch to the others',
  profiles: "'Who's watching?', the profile chooser (/profiles): a kids' profile and a locked one",
  'profile-pin': 'The PIN dialog of a locked profile',
  'profiles-manage': 'Manage profiles (/profiles/manage)',
  'profile-edit': "Editing a kids' profile: its rating limit",
  'not-on-profile': "A title above a kids' profile's rating limit, on the play page",
  stremio: "Stremio addon (/stremio): the profile's addon links (their times painted over)",
  'stremio-link':
    'A new addon link, shown once: Install in Stremio and the manifest URL (painted over) with Copy',
  store: 'PigoStream Player download page (/pigostore)',
  'not-found': 'A page that does not exist',
} as const;

/** A pictured screen's name. */
export type ScreenName = keyof typeof SCREEN_CAPTIONS;

/** The two sizes every screen is pictured at, in px. */
export const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;
