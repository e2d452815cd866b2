/**
 * The web app build's Vite manifest (`<dist>/.vite/manifest.json`, written because
 * apps/web/vite.config.ts sets `build.manifest`) and the walk from a module to every chunk it
 * statically imports (issue 9). The server's route hints (route-hints.ts) and the weight budget
 * (scripts/web-budget.ts) both read a build this way.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
 * the first paint (Lighthouse saw it requested only once the entry script had run, issue 19).
 */
const IDENTITY_SCHEMAS = '../../packages/contracts/src/identity.ts';

/**
 * The lazy modules (manifest keys) each route of spec section 2 renders on a first visit: the
 * screen, and the app frame for every screen but sign-in and reset-password (as
 * apps/web/src/app/router.tsx loads them); the guarded screens also the sign-in check's schemas
 * ({@link IDENTITY_SCHEMAS}).
 */
export const ROUTE_MODULES = {
  '/': ['src/app/routes/sign-in.tsx'],
  '/reset-password': ['src/app/routes/reset-password.tsx'],
  '/index': [IDENTITY_SCHEMAS, 'src/app/app-layout.tsx', 'src/app/routes/home.tsx'],
  '/my-list': [IDENTITY_SCHEMAS, 'src/app/app-layout.tsx', 'src/app/routes/my-list.tsx'],
  '/watch-history': [IDENTITY_SCHEMAS, 'src/app/app-layout.tsx', 'src/app/routes/my-list.tsx'],
  '/new-episodes': [IDENTITY_SCHEMAS, 'src/app/app-layout.tsx', 'src/app/routes/home.tsx'],
  '/import-export': [IDENTITY_SCHEMAS, 'src/app/app-layout.tsx', 'src/app/routes/my-list.tsx'],
  '/play': [IDENTITY_SCHEMAS, 'src/app/app-layout.tsx', 'src/app/routes/play.tsx'],
  '/pigostore': [IDENTITY_SCHEMAS, 'src/app/app-layout.tsx', 'src/app/routes/pigostore.tsx'],
} as const satisfies Record<string, readonly string[]>;

/** A route of {@link ROUTE_MODULES}. */
export type AppRoute = keyof typeof ROUTE_MODULES;

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
