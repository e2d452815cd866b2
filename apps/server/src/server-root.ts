/**
 * Where the server package (apps/server) sits on disk, for the files it reads beside its code:
 * the starter catalogue and the built web app.
 */
import { fileURLToPath } from 'node:url';

/**
 * apps/server, with a trailing separator. This file sits one level under it (src/), as do the
 * bundles it is built into (dist/main.js, dist/cli.js), so `..` is the package root from the
 * sources and from the build alike. Keep it directly under src/.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
