/**
 * `npm run budget`: the web app's weight budget (QUAL-1 in docs/requirements.md,
 * tools/web-budget.ts) checked on a build. Prints one line per route and exits 1 when a route's
 * JavaScript passes its budget, or when index.html has an inline script (the server's
 * Content-Security-Policy allows none).
 *
 * Usage: `tsx scripts/web-budget.ts [distDir]` (default apps/web/dist, or WEB_DIST).
 * The figures are what the built files weigh, gzipped at level 9 (what a server's compression
 * roughly sends); the bench (bench/web.ts) measures the same routes in Chromium.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inlineScripts, weighRoutes } from '../tools/web-budget.ts';

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
