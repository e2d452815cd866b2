/**
 * Draws placeholder art as SVG: a gradient in a colour derived from the seed, the label wrapped
 * over a few lines, and the year. Pure function of its inputs, so responses can be cached.
 */
import {
  ART_ASPECT,
  ART_FONT_FAMILY,
  ART_UNITS,
  drawnArtLayout,
} from '@pigostream/contracts/images';
import type { ArtKind } from './art-paths.ts';

/**
 * Image sizes the route answers (and art is drawn at): API-IMG-1 in docs/requirements.md's w185,
 * w500, w1280 and original, and the TMDB sizes the web app's srcsets offer (w92, w300, w342, w780;
 * contracts/images.ts `SRCSET_SIZES`). Width in px; `original` drawn at full size.
 */
export const ART_SIZES = [
  'w92',
  'w185',
  'w300',
  'w342',
  'w500',
  'w780',
  'w1280',
  'original',
] as const;
export type ArtSize = (typeof ART_SIZES)[number];

const ORIGINAL_WIDTH: Record<ArtKind, number> = {
  poster: 2000,
  profile: 800,
  backdrop: 3840,
  still: 1920,
  logo: 512,
};

/** Pixel width and height of `kind` at `size`. */
export function artDimensions(kind: ArtKind, size: ArtSize): { width: number; height: number } {
  const width = size === 'original' ? ORIGINAL_WIDTH[kind] : Number(size.slice(1));
  return { width, height: Math.round(width * ART_ASPECT[kind]) };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface ArtRequest {
  kind: ArtKind;
  size: ArtSize;
  seed: string;
  label: string;
  year?: string | undefined;
  /** Logo background, `dark` or `white`. */
  bg?: 'dark' | 'white' | undefined;
}

/**
 * The SVG document for an art request: {@link drawnArtLayout}'s layout (the web app draws the
 * same as HTML, `@pigostream/contracts/images`), `width` x `height` px at `size`.
 */
export function drawArt({ kind, size, seed, label, year, bg }: ArtRequest): string {
  const { width, height } = artDimensions(kind, size);
  // Drawn in a fixed 300-unit-wide space and scaled by the viewBox.
  const vw = ART_UNITS;
  const vh = Math.round(vw * ART_ASPECT[kind]);
  const art = drawnArtLayout({ kind, seed, label, year, bg });
  const { fontSize, lines } = art;
  const lineHeight = fontSize * 1.2;
  const top = vh / 2 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map(
      (l, i) =>
        `<text x="${vw / 2}" y="${(top + i * lineHeight).toFixed(1)}" font-size="${fontSize}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${escapeXml(l)}</text>`,
    )
    .join('');
  const yearText = art.year
    ? `<text x="${vw / 2}" y="${(top + lines.length * lineHeight + 8).toFixed(1)}" font-size="${fontSize * 0.7}" opacity="0.8" text-anchor="middle" dominant-baseline="middle">${escapeXml(art.year)}</text>`
    : '';
  const circle = art.glow
    ? `<circle cx="${vw * 0.82}" cy="${vh * 0.16}" r="${vw * 0.32}" fill="${art.glow}" opacity="0.18"/>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}" role="img" aria-label="${escapeXml(label)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>` +
    `<rect width="${vw}" height="${vh}" fill="url(#g)"/>${circle}` +
    `<g fill="${art.ink}" font-family="${ART_FONT_FAMILY}">${text}${yearText}</g>` +
    `</svg>`
  );
}
