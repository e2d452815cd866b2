/**
 * Compiles the server to JavaScript (LEAN-1 in docs/requirements.md): `src/main.ts` ->
 * `dist/main.js` and `src/cli.ts` -> `dist/cli.js`, each one ES module with a source map beside it,
 * so the server runs as a single `node --enable-source-maps apps/server/dist/main.js` with no
 * TypeScript loader resident.
 *
 * The workspace packages (@pigostream/*) and the packages from node_modules are bundled in:
 * resolving and reading a few hundred files of node_modules is about a fifth of a start
 * (LEAN-6: start to healthy under 3 s; the starts are in docs/benchmarks.md). The packages in
 * {@link RUNTIME_PACKAGES} stay imports resolved at run time, as they read files beside their
 * own modules or load native code.
 *
 * apps/server/package.json declares `"sideEffects": false`: no file of the server is imported
 * for what it does on loading, so a bundle keeps only the files whose exports it uses. A module's
 * public entry (`src/modules/<m>/index.ts`) re-exports the whole module; without the declaration
 * `dist/cli.js` would carry the app's routes, better-auth and graphql, and `dist/main.js` the
 * command line's (sizes in docs/benchmarks.md).
 *
 * Run: `npm run build -w @pigostream/server` (or `tsx apps/server/build.ts [outdir]`).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decode, encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { build, type Plugin } from 'esbuild';

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Packages left to node_modules at run time: PGlite (its WASM and data files), the API docs
 * (Swagger UI's page and assets, @fastify/swagger's own package.json), ioredis and pino (they
 * find files and workers by `__dirname`, which a bundled ES module has not), koffi and
 * pg-native (native code).
 */
const RUNTIME_PACKAGES = [
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'ioredis',
  'pino',
  'koffi',
  'pg-native',
];

/** Leaves {@link RUNTIME_PACKAGES} (and their subpaths) and node: built-ins external. */
const runtimePackages: Plugin = {
  name: 'runtime-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') ||
      RUNTIME_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/**
 * The CommonJS packages in the bundle call `require` for Node's built-ins; an ES module has
 * none, so the bundle gets one.
 */
const REQUIRE_BANNER =
  "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);";

/**
 * Keeps the source map's mappings for our own sources only: each stretch of the bundle that came
 * from node_modules starts with one unmapped segment, so a stack frame in a package shows its
 * place in the bundle rather than the nearest line of ours. Node parses the whole map the first
 * time it formats an error's stack (`--enable-source-maps`) and keeps it, and every package's
 * mappings would keep tens of MB more resident (LEAN-1, LEAN-6; docs/benchmarks.md).
 * @param mapFile path of a `.map` esbuild wrote.
 */
function keepOwnMappings(mapFile: string): void {
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const own = map.sources.map((source) => !source.includes('node_modules/'));
  let inPackage = false;
  const lines = decode(map.mappings).map((segments) => {
    const kept: SourceMapSegment[] = [];
    for (const segment of segments) {
      if (segment.length === 1 || own[segment[1]]) {
        kept.push(segment);
        inPackage = false;
      } else if (!inPackage) {
        kept.push([segment[0]]);
        inPackage = true;
      }
    }
    return kept;
  });
  map.mappings = encode(lines);
  writeFileSync(mapFile, JSON.stringify(map));
}

/**
 * Builds `dist/main.js` and `dist/cli.js` (and their `.map`) into `outdir`, emptied first.
 * `outdir` must sit directly under apps/server, as src/ does (src/server-root.ts finds the
 * package root as the bundle's parent folder).
 * @param outdir absolute path; apps/server/dist by default.
 * @throws esbuild's error when a file does not compile or an import does not resolve.
 */
export async function buildServer(outdir = path.join(SERVER_DIR, 'dist')): Promise<void> {
  if (path.dirname(path.resolve(outdir)) !== SERVER_DIR) {
    throw new Error(`outdir ${outdir} must sit directly under ${SERVER_DIR}`);
  }
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: ['src/main.ts', 'src/cli.ts'],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces need only the mappings; the .ts files are beside the build.
    sourcemap: 'linked',
    sourcesContent: false,
    plugins: [runtimePackages],
    banner: { js: REQUIRE_BANNER },
    logLevel: 'warning',
  });
  for (const entry of ['main', 'cli']) keepOwnMappings(path.join(outdir, `${entry}.js.map`));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
