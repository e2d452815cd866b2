/**
 * The web app build's Vite manifest (`<dist>/.vite/manifest.json`, written because
 * apps/web/vite.config.ts sets `build.manifest`) and the walk from a module to every chunk it
 * statically imports (QUAL-1 in docs/requirements.md). The server's route hints (route-hints.ts)
 * and the weight budget (tools/web-budget.ts) both read a build this way.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGES, type PagePath, type PageRow } from '@pigostream/contracts/pages';

/** One manifest entry: a chunk's file (relative to the dist folder) and what it imports. */
export interface ManifestChunk {
  file: string;
  /** True for the chunk `index.html` loads itself (the entry script). */
  isEntry?: boolean;
  /** Manifest keys of the chunks this one imports statically. */
  imports?: string[];
  /** Style sheets (relative to the dist folder) the chunk needs. */
  css?: string[];
}

/** A Vite manifest: chunks by key (`index.html`, a source path, or `_name-hash.js`). */
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The schemas of the sign-in check's answer (`@pigostream/contracts/identity`), which the entry
 * script imports only when the check answers (apps/web/src/features/auth/api/get-me.ts): the
 * guarded screens render after that check, so on their first visit the chunk is on the path to
 * the first paint (without a preload it is requested only once the entry script has run, QUAL-2).
 */
const IDENTITY_SCHEMAS = '../../packages/contracts/src/identity.ts';

/** The app frame's module (header, navigation), which every page but the public ones renders. */
const APP_LAYOUT = 'src/app/app-layout.tsx';

/**
 * The lazy modules (manifest keys) `page` renders on a first visit, as
 * apps/web/src/app/router.tsx loads them: its chunk's route module, and for a page that is not
 * public (all but sign-in and reset-password) the sign-in check's schemas
 * ({@link IDENTITY_SCHEMAS}) and the app frame before it.
 */
function pageModules(page: PageRow): readonly string[] {
  const screen = `src/app/routes/${page.chunk}.tsx`;
  return page.access === 'public' ? [screen] : [IDENTITY_SCHEMAS, APP_LAYOUT, screen];
}

/** A page of the app (contracts' pages.ts), the server's route for it. */
export type AppRoute = PagePath;

/** The lazy modules each page renders on a first visit ({@link pageModules}), by its path. */
export const ROUTE_MODULES = Object.fromEntries(
  (Object.entries(PAGES) as [AppRoute, PageRow][]).map(([route, page]) => [
    route,
    pageModules(page),
  ]),
) as Readonly<Record<AppRoute, readonly string[]>>;

/** Where a build in `distDir` keeps its manifest. */
export function manifestFileOf(distDir: string): string {
  return path.join(distDir, '.vite/manifest.json');
}

/**
 * Reads the manifest of the build in `distDir`.
 * @throws Error when the file is missing (`No <file>: build the web app first`) or is not JSON.
 */
export function readViteManifest(distDir: string): ViteManifest {
  const manifestFile = manifestFileOf(distDir);
  if (!existsSync(manifestFile)) throw new Error(`No ${manifestFile}: build the web app first`);
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest;
}

/**
 * The key of the manifest's entry chunk (`isEntry`: the script `index.html` loads).
 * @throws Error when the manifest names no entry.
 */
export function entryKeyOf(manifest: ViteManifest, manifestFile: string): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`${manifestFile} names no entry chunk`);
  return entry;
}

/**
 * Adds the file of chunk `key` and of every chunk it statically imports, at any depth, to `js`,
 * and their style sheets to `css` (files relative to the dist folder, in walk order; a chunk
 * already in `js` is not walked again).
 * @throws Error when `key`, or a chunk it imports, is not in the manifest.
 */
export function collectChunks(
  manifest: ViteManifest,
  key: string,
  js: Set<string>,
  css: Set<string>,
): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build's manifest has no ${key}`);
  if (js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const sheet of chunk.css ?? []) css.add(sheet);
  for (const imported of chunk.imports ?? []) collectChunks(manifest, imported, js, css);
}
