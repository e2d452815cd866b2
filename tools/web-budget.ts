/**
 * The web app's weight budget (QUAL-1 in docs/requirements.md): for each route, the gzip bytes of
 * the JavaScript a first visit loads — the entry chunk and its static imports, plus the route's
 * lazy chunks (the app frame, the screen) and their static imports — and of its CSS, read from a
 * build's Vite manifest; and the inline scripts of the built index.html (the server's
 * Content-Security-Policy allows none). `npm run budget` (scripts/web-budget.ts) checks a build
 * against the budgets; the bench (bench/web.ts) measures the same routes in Chromium. The figures
 * are what the built files weigh, gzipped at level 9 (what a server's compression roughly sends).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  collectChunks,
  entryKeyOf,
  manifestFileOf,
  readViteManifest,
  ROUTE_MODULES,
} from '../apps/server/src/modules/web/index.ts';

/** One route's budget: its lazy modules (manifest keys) and its JS limit in bytes. */
export interface RouteBudget {
  route: string;
  /** The lazy chunks the route renders: the app frame and the screen. */
  modules: readonly string[];
  /** Most gzip bytes of JavaScript the first visit may load; undefined: reported only. */
  maxJsGzip?: number;
}

/**
 * QUAL-1: at most 100 kB of JavaScript for `/`, 160 kB for `/index`; QUAL-1: 170 kB for
 * `/play` and, as it, for the household's pages 'Who's watching?' and 'Manage profiles'
 * (PROFILE-1, PROFILE-3), which share the My List chunk, and for the Stremio addon page
 * (STREMIO-1), a chunk of its own (kB = 1000 bytes).
 */
export const ROUTE_BUDGETS: RouteBudget[] = [
  { route: '/', modules: ROUTE_MODULES['/'], maxJsGzip: 100_000 },
  { route: '/index', modules: ROUTE_MODULES['/index'], maxJsGzip: 160_000 },
  { route: '/play', modules: ROUTE_MODULES['/play'], maxJsGzip: 170_000 },
  { route: '/profiles', modules: ROUTE_MODULES['/profiles'], maxJsGzip: 170_000 },
  { route: '/profiles/manage', modules: ROUTE_MODULES['/profiles/manage'], maxJsGzip: 170_000 },
  { route: '/stremio', modules: ROUTE_MODULES['/stremio'], maxJsGzip: 170_000 },
];

/** What a route's first visit loads: file names of its scripts and style sheets. */
export interface RouteWeight {
  route: string;
  js: string[];
  css: string[];
  jsGzip: number;
  cssGzip: number;
  maxJsGzip?: number;
}

/** Gzip size of a file in bytes (level 9). */
function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * Weighs each route of `budgets` in the build at `distDir` (which needs `.vite/manifest.json`,
 * written because vite.config.ts sets `build.manifest`).
 * @throws Error when the manifest is missing or names no entry or no route module.
 */
export function weighRoutes(distDir: string, budgets = ROUTE_BUDGETS): RouteWeight[] {
  const manifest = readViteManifest(distDir);
  const entry = entryKeyOf(manifest, manifestFileOf(distDir));
  return budgets.map(({ route, modules, maxJsGzip }) => {
    const js = new Set<string>();
    const css = new Set<string>();
    collectChunks(manifest, entry, js, css);
    for (const module of modules) collectChunks(manifest, module, js, css);
    const sum = (files: Set<string>) =>
      [...files].reduce((n, file) => n + gzipSize(path.join(distDir, file)), 0);
    return { route, js: [...js], css: [...css], jsGzip: sum(js), cssGzip: sum(css), maxJsGzip };
  });
}

/**
 * Inline `<script>` elements (no `src`) of the built `index.html`: the server's
 * Content-Security-Policy allows only the first screen's boot script, which the server adds by
 * its hash (apps/server/src/modules/web/first-screen.ts), so the app shell must have none.
 */
export function inlineScripts(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs = '', body = '']) => !/\bsrc=/.test(attrs) && body.trim() !== '')
    .map(([element]) => element.slice(0, 80));
}
