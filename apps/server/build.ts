/**
 * Compiles the server to JavaScript (issue 24): `src/main.ts` -> `dist/main.js` and
 * `src/cli.ts` -> `dist/cli.js`, each one ES module with a source map beside it, so the server
 * runs as a single `node --enable-source-maps apps/server/dist/main.js` with no TypeScript
 * loader resident.
 *
 * The workspace packages (@pigostream/*) are TypeScript sources, so they are bundled in; every
 * other package stays an import resolved from node_modules at run time (PGlite finds its WASM
 * and data files beside its own modules, and nothing is compiled twice).
 *
 * Run: `npm run build -w @pigostream/server` (or `tsx apps/server/build.ts [outdir]`).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));

/** Leaves bare imports (node_modules, node: built-ins) external, except our own workspace. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pigostream/') ? undefined : { path: args.path, external: true },
    );
  },
};

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
    plugins: [externalPackages],
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
