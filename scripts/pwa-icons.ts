/**
 * `npm run pwa-icons`: the installable app's PNG icons (apps/web/pwa.config.ts), drawn from the
 * favicon (apps/web/public/favicon.svg) in Chromium (/usr/bin/chromium, never a downloaded one)
 * and written next to it, to be committed:
 * - `pwa-192x192.png`, `pwa-512x512.png`: the favicon as it is, its rounded corners transparent
 *   (manifest purpose `any`);
 * - `maskable-icon-512x512.png`: the mark on a full square of the favicon's colour, for launchers
 *   that cut icons to their own shape (purpose `maskable`: whatever lies outside the centred
 *   circle of 40 % of the size, the safe zone, may be cut; the play mark reaches 25 %);
 * - `apple-touch-icon.png` (180x180): the same full square, as iOS rounds it itself and paints
 *   transparent corners black.
 *
 * Usage: `tsx scripts/pwa-icons.ts` (no arguments). Run again after changing the favicon.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';

const PUBLIC_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public');

/** One icon file: its name under apps/web/public, its width and height in px, and its SVG. */
export interface IconSpec {
  file: string;
  size: number;
  svg: string;
}

/**
 * The favicon's SVG with its rounded square (`<rect ... rx=...>`) made a full square, so the
 * icon's background reaches every edge (maskable and Apple icons).
 * @throws Error when the favicon has no rounded `<rect>` to square.
 */
export function fullBleed(favicon: string): string {
  const squared = favicon.replace(/(<rect\b[^>]*?)\s+rx="[^"]*"/, '$1');
  if (squared === favicon) throw new Error('favicon.svg has no rounded <rect> to square');
  return squared;
}

/** The icons to draw from the favicon's SVG text `favicon`. */
export function iconSpecs(favicon: string): IconSpec[] {
  const square = fullBleed(favicon);
  return [
    { file: 'pwa-192x192.png', size: 192, svg: favicon },
    { file: 'pwa-512x512.png', size: 512, svg: favicon },
    { file: 'maskable-icon-512x512.png', size: 512, svg: square },
    { file: 'apple-touch-icon.png', size: 180, svg: square },
  ];
}

/**
 * `spec`'s SVG drawn at `spec.size` px square in `page`, as PNG bytes; what the SVG leaves
 * unpainted stays transparent.
 */
async function drawIcon(page: Page, spec: IconSpec): Promise<Buffer> {
  await page.setViewportSize({ width: spec.size, height: spec.size });
  const svg = spec.svg.replace(
    '<svg ',
    `<svg width="${String(spec.size)}" height="${String(spec.size)}" `,
  );
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`,
  );
  return page.screenshot({
    omitBackground: true,
    clip: { x: 0, y: 0, width: spec.size, height: spec.size },
  });
}

async function main(): Promise<void> {
  const favicon = readFileSync(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const spec of iconSpecs(favicon)) {
      const png = await drawIcon(page, spec);
      writeFileSync(path.join(PUBLIC_DIR, spec.file), png);
      console.log(`${spec.file} ${String(spec.size)}x${String(spec.size)} ${String(png.length)} B`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
