/**
 * The schema library every contract is built with. In a browser it runs without compiling
 * parsers through `new Function`: the app's Content-Security-Policy allows no `eval`, and
 * zod's probe for it is reported as a CSP violation (Chromium's issues panel, Lighthouse best
 * practices; issue 9). The server keeps the compiled parsers. Set here, before any schema is
 * built, because zod decides per schema when it is built.
 */
import { z } from 'zod';

if ('window' in globalThis) z.config({ jitless: true });

export { z };
