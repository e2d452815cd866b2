/**
 * The installable app (a Progressive Web App), built by vite-plugin-pwa: the web app manifest
 * (`/manifest.webmanifest`, linked from every page) and a Workbox service worker (`/sw.js`,
 * `generateSW`) that keeps the app shell for offline starts and asks before updating.
 *
 * What the worker keeps, and what it never does:
 * - Precached at install: the build's static `index.html`, its scripts (but hls.js') and style
 *   sheets, fonts, and the icons. Navigations go to the network as without a worker, so a page is
 *   rendered by the server with its first answers and current headers, and is never kept (it may
 *   carry a user's data); only when the network fails (offline) is an app route answered with the
 *   precached static `index.html`, whose app then shows 'You are offline' (APP-3 of
 *   docs/addresses.md).
 * - Drawn art (`/pigo-stream/images/{size}/art/{kind}/{seed}.svg?t=&y=&bg=`): kept cache-first,
 *   at most {@link DRAWN_ART_ENTRIES} drawings. The server draws it from the address alone (a
 *   catalogue title's name, year and seed: no user's data, same for everyone) and marks it
 *   immutable. The app draws the art of its screens in the page, so this holds only the few
 *   drawings an `<img>` asks for.
 * - Never: API answers, identity calls (`/pigo-stream/identity`, `/pigo-stream/auth`), media
 *   (`/pigo-stream/sources/media`, range requests), TMDB images (redirects to another host),
 *   or any other `/pigo-stream/` address, which all go to the network as without a worker.
 *
 * Registration is the app's (src/app/service-worker.ts, loaded after the page's load event):
 * the plugin injects no script (the server's Content-Security-Policy allows no inline script),
 * and the update waits for the user's 'Reload' (`registerType: 'prompt'`).
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** The app's background, Tailwind's `neutral-950` (src/index.css `body`, index.html's theme). */
export const APP_BACKGROUND = '#0a0a0a';

/**
 * How the file of hls.js' chunk begins (vite.config.ts), which is not precached: it is loaded
 * only to play a library file as HLS (PLAYBACK-2), which needs the network anyway, and it weighs
 * more than the rest of the app's lazy chunks together.
 */
export const HLS_CHUNK_PREFIX = 'hls-';

/** Most drawings the drawn-art cache keeps; the least recently used go first. */
export const DRAWN_ART_ENTRIES = 200;

/** The icons installers ask for (scripts/pwa-icons.ts draws them from public/favicon.svg). */
export const PWA_ICONS = [
  { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** vite-plugin-pwa's options for the app's build (vite.config.ts; not the server render's). */
export const PWA_OPTIONS: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  manifest: {
    id: '/index',
    name: 'PigoStream',
    short_name: 'PigoStream',
    description:
      'Discover and watch movies, TV shows and anime: trending titles, My List and Watch History.',
    lang: 'en',
    start_url: '/index',
    scope: '/',
    display: 'standalone',
    theme_color: APP_BACKGROUND,
    background_color: APP_BACKGROUND,
    icons: PWA_ICONS,
  },
  workbox: {
    // The app shell. Not the server render's build (`.server/`) nor the Vite manifest (`.vite/`).
    globPatterns: ['**/*.{html,js,css,woff,woff2,svg,png,ico}'],
    globIgnores: [
      '.server/**',
      '.vite/**',
      'sw.js',
      'workbox-*.js',
      `assets/${HLS_CHUNK_PREFIX}*.js`,
    ],
    // Navigations are handled by the rule below (network first, the shell only offline).
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    // Both wait for the user's 'Reload' (src/app/service-worker.ts), which posts SKIP_WAITING.
    skipWaiting: false,
    clientsClaim: false,
    sourcemap: false,
    runtimeCaching: [
      {
        // App routes: always from the network (the server's render, never kept); offline, the
        // precached static shell. Not the server's own addresses (identity links and redirects,
        // the API docs, media, downloads) nor files (a last path part with a dot, e.g. /sw.js).
        urlPattern: ({ request, url, sameOrigin }) =>
          sameOrigin &&
          request.mode === 'navigate' &&
          !/^\/pigo-stream(?:\/|$)/.test(url.pathname) &&
          !/\/[^/]+\.[^/]+$/.test(url.pathname),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: 'index.html' } },
      },
      {
        // Only same-origin GETs of drawn art, without a Range header; stringified into sw.js,
        // so it names nothing outside itself.
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin &&
          !request.headers.has('range') &&
          /^\/pigo-stream\/images\/[\w]+\/art\/[a-z]+\/[^/]+\.svg$/.test(url.pathname),
        handler: 'CacheFirst',
        method: 'GET',
        options: {
          cacheName: 'pigo-drawn-art',
          expiration: { maxEntries: DRAWN_ART_ENTRIES },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
