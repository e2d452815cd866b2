/**
 * The schema library every contract is built with: zod/mini, the same schemas as zod's (`z.object`,
 * `z.array`, ...) in a tree-shakable form, so the browser loads only zod's core and the checks a
 * route uses (QUAL-1 in docs/requirements.md: zod/mini's core is a fraction of classic zod's
 * weight, docs/benchmarks.md; ARCH-7 in docs/architecture.md). They are zod core schemas: the
 * server's route schemas, validation and serializers (fastify-type-provider-zod) read them as they
 * read classic zod's.
 *
 * In a browser it runs without compiling parsers through `new Function`: the app's
 * Content-Security-Policy allows no `eval`, and zod's probe for it is reported as a CSP violation
 * (Chromium's issues panel, Lighthouse best practices; QUAL-6). The server keeps the compiled
 * parsers. Set here, before any schema is built, because zod decides per schema when it is built.
 */
import * as z from 'zod/mini';

if ('window' in globalThis) z.config({ jitless: true });

export { z };
