/**
 * Vite build of the single-page app. The server serves `dist/` from the site root (LIMIT-13,
 * LIMIT-19 in docs/requirements.md: "served from the site root"): hashed files under `/assets`,
 * `index.html` for the app routes, and the installable app's files (pwa.config.ts):
 * `manifest.webmanifest`, the service worker `sw.js` and its Workbox runtime `workbox-*.js`. In
 * dev, API calls are proxied to a server on PIGO_API_PORT (default 3000).
 */
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { HLS_CHUNK_PREFIX, PWA_OPTIONS } from './pwa.config.ts';

const apiPort = process.env.PIGO_API_PORT ?? '3000';

export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
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
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], priority: 10 }] },
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
