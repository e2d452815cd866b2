/**
 * The web app's weight budget (issue 9): for each route, the gzip bytes of the JavaScript a first
 * visit loads — the entry chunk and its static imports, plus the route's lazy chunks (the app
 * frame, the screen) and their static imports — and of its CSS, read from a build's Vite
 * manifest. Prints one line per route and exits 1 when a route's JavaScript passes its budget, or when index.html has an inline
 * script (the server's Content-Security-Policy allows none).
 *
 * Usage: `tsx scripts/web-budget.ts [distDir]` (default apps/web/dist, or WEB_DIST).
 * The figures are what the built files weigh, gzipped at level 9 (what a server's compression
 * roughly sends); the bench (bench/web.ts) measures the same routes in Chromium.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** One route's budget: its lazy modules (manifest keys) and its JS limit in bytes. */
export interface RouteBudget {
  route: string;
  /** The lazy chunks the route renders: the app frame and the screen. */
  modules: string[];
  /** Most gzip bytes of JavaScript the first visit may load; undefined: reported only. */
  maxJsGzip?: number;
}

/** Issue 9: at most 100 kB of JavaScript for `/`, 160 kB for `/index` (kB = 1000 bytes). */
export const ROUTE_BUDGETS: RouteBudget[] = [
  { route: '/', modules: ['src/app/routes/sign-in.tsx'], maxJsGzip: 100_000 },
  {
    route: '/index',
    modules: ['src/app/app-layout.tsx', 'src/app/routes/home.tsx'],
    maxJsGzip: 160_000,
  },
  { route: '/play', modules: ['src/app/app-layout.tsx', 'src/app/routes/play.tsx'] },
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

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

/** Adds `key` and every chunk it statically imports to `js` and their CSS to `css`. */
function collect(manifest: Manifest, key: string, js: Set<string>, css: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build's manifest has no ${key}`);
  if (js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const sheet of chunk.css ?? []) css.add(sheet);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, js, css);
}

/**
 * Weighs each route of `budgets` in the build at `distDir` (which needs `.vite/manifest.json`,
 * written because vite.config.ts sets `build.manifest`).
 * @throws Error when the manifest is missing or names no entry or no route module.
 */
export function weighRoutes(distDir: string, budgets = ROUTE_BUDGETS): RouteWeight[] {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No ${manifestFile}: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`${manifestFile} names no entry chunk`);
  return budgets.map(({ route, modules, maxJsGzip }) => {
    const js = new Set<string>();
    const css = new Set<string>();
    collect(manifest, entry, js, css);
    for (const module of modules) collect(manifest, module, js, css);
    const sum = (files: Set<string>) =>
      [...files].reduce((n, file) => n + gzipSize(path.join(distDir, file)), 0);
    return { route, js: [...js], css: [...css], jsGzip: sum(js), cssGzip: sum(css), maxJsGzip };
  });
}

/**
 * Inline `<script>` elements (no `src`) of the built `index.html`: the server's
 * Content-Security-Policy allows none, so the app shell must have none.
 */
export function inlineScripts(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs = '', body = '']) => !/\bsrc=/.test(attrs) && body.trim() !== '')
    .map(([element]) => element.slice(0, 80));
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function main(): void {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const distDir = path.resolve(
    process.argv[2] ?? process.env.WEB_DIST ?? path.join(here, '../apps/web/dist'),
  );
  const weights = weighRoutes(distDir);
  let over = 0;
  console.log(`Web budget (gzip, first visit) of ${distDir}`);
  for (const w of weights) {
    const passed = w.maxJsGzip !== undefined && w.jsGzip > w.maxJsGzip;
    if (passed) over++;
    const limit =
      w.maxJsGzip === undefined ? 'no budget' : `budget ${kB(w.maxJsGzip)}${passed ? ' OVER' : ''}`;
    console.log(
      `  ${w.route.padEnd(8)} JS ${kB(w.jsGzip).padStart(9)} in ${String(w.js.length).padStart(2)} files (${limit}); CSS ${kB(w.cssGzip)}`,
    );
  }
  const inline = inlineScripts(distDir);
  for (const element of inline) console.error(`  inline script in index.html: ${element}`);
  if (over > 0) console.error(`${over} route(s) over their JavaScript budget`);
  if (over > 0 || inline.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
