/**
 * The built app's files, as the server under test serves them: chunk files are named by their
 * hash alone (vite.config.ts), so a test that singles one out finds it in the build's manifest.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The built app the test servers serve (playwright.config.ts: PIGO_E2E_WEB_DIST or dist/). */
const WEB_DIST = process.env.PIGO_E2E_WEB_DIST ?? path.join(import.meta.dirname, '../../dist');

/**
 * The file, as served under the site root (e.g. `/assets/FlF1tbRJ.js`), that the build made of
 * the app's source `src` (a path from apps/web, e.g. `src/app/routes/my-list.tsx`).
 * @throws Error when the manifest does not list `src`.
 */
export function builtFile(src: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest[src];
  if (!entry) throw new Error(`The build's manifest has no ${src}`);
  return `/${entry.file}`;
}
