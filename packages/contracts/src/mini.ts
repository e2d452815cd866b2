/**
 * zod/mini, for the shapes the browser reads: the same schemas as zod's (`z.object`, `z.array`,
 * ...) in a tree-shakable form, so a route pays only for the checks it uses (spec 9 budget:
 * zod/mini's core is ~4.5 kB gzip where classic zod is ~25 kB). In a browser it runs without
 * compiling parsers (`jitless`): the Content-Security-Policy allows no `eval` (see zod.ts).
 */
import * as zm from 'zod/mini';

if ('window' in globalThis) zm.config({ jitless: true });

export { zm };
