/**
 * Vite build of the single-page app. The server serves `dist/` from the site root (LIMIT-13,
 * LIMIT-19 in docs/requirements.md: "served from the site root"): hashed files under `/assets`,
 * `index.html` for the app routes, and the installable app's files (pwa.config.ts):
 * `manifest.webmanifest`, the service worker `sw.js` and its Workbox runtime `workbox-*.js`. In
 * dev, API calls are proxied to a server on PIGO_API_PORT (default 3000).
 */
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { HLS_CHUNK_PREFIX, PWA_OPTIONS } from './pwa.config.ts';

const apiPort = process.env.PIGO_API_PORT ?? '3000';

/**
 * The small modules the sign-in screen shares with the app frame, which every first visit loads
 * (the tab's session store, zustand's persist, the identity calls and their messages, the
 * welcome, two icons): one chunk for them all, not one each, each with its own request, its own
 * gzip overhead and its own name in the entry script (QUAL-1: 0.7 kB of `/`'s 100 kB).
 */
const EVERY_SCREEN =
  /src[\\/]lib[\\/](session-store|identity-call)\.ts$|src[\\/]features[\\/]auth[\\/](first-sign-in|messages)\.ts$|node_modules[\\/]zustand[\\/]esm[\\/]middleware\.mjs$|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](x|loader-circle)\.mjs$/;

/**
 * The message card (the sign-in screen's alert, the app's toasts) with its check icon, which the
 * store's platform list also draws: one chunk rather than the icon on its own (QUAL-1: 0.2 kB of
 * `/`; the store's page loads the card too).
 */
const MESSAGE_CARD =
  /src[\\/]components[\\/]message-card\.tsx$|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]circle-check\.mjs$/;

export default defineConfig(({ command, isSsrBuild }) => ({
  base: '/',
  // React Router's package points every import at its development build, whose only difference
  // is the development warnings it keeps; a build takes the production one, the same code
  // without them (QUAL-1: 0.5 kB of every first visit). The dev server keeps the warnings.
  ...(command === 'build' && {
    resolve: {
      alias: [
        {
          find: /^react-router$/,
          replacement: fileURLToPath(
            new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
          ),
        },
      ],
    },
  }),
  // The server render's build (below) makes no manifest and no service worker.
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [VitePWA(PWA_OPTIONS)])],
  // The manifest lets tools/web-budget.ts weigh what each route loads on a first visit.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // Every browser the app supports loads `<link rel="modulepreload">` itself (Chrome 66,
    // Safari 17, Firefox 115): the entry carries no polyfill for it (QUAL-1: every byte of `/`
    // counts; docs/benchmarks.md).
    modulePreload: { polyfill: false },
    // package.json declares the app's modules free of import side effects (CSS aside), so a
    // feature's public entry (features/<f>/index.ts) re-exports its screens without pulling
    // them into the chunk of whoever imports the entry for one hook.
    // Everything the entry needs goes into the entry chunk, rather than into small shared
    // chunks that each cost a request and compress worse on their own (QUAL-1 budget).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 10 },
            { name: 'common', test: EVERY_SCREEN, priority: 10 },
            { name: 'message-card', test: MESSAGE_CARD, priority: 10 },
          ],
        },
        // A chunk's file is its hash alone: the entry names every lazy chunk it may import, and
        // names would make `/` and `/index` heavier (QUAL-1, docs/benchmarks.md; the manifest
        // still maps each source to its file), so that with `/` close to its 100 kB, any other
        // chunk's new hash could tip it over.
        // hls.js (the library player's HLS, PLAYBACK-2) is the one named: only the library
        // player's chunk names it, and the service worker leaves it out (pwa.config.ts).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/hls.js/'))
            ? `assets/${HLS_CHUNK_PREFIX}[hash].js`
            : 'assets/[hash].js',
      },
    },
  },
  server: {
    proxy: { '/pigo-stream': `http://localhost:${apiPort}` },
  },
  // The server's render of the first screen (src/entry-server.tsx, PERF-2): one file with
  // React's production build and every dependency in it, so the server loads it from
  // dist/.server/ without the web app's node_modules.
  ...(isSsrBuild && {
    // The public files (favicon, icons) are the app build's; the server entry reads none.
    publicDir: false,
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': '"production"' },
  }),
}));
