/**
 * Draws placeholder art as SVG: a gradient in a colour derived from the seed, the label wrapped
 * over a few lines, and the year. Pure function of its inputs, so responses can be cached.
 */
import type { ArtKind } from '../catalogue/art-paths.ts';

/**
 * Image sizes the route answers (and art is drawn at): spec 7's w185, w500, w1280 and original,
 * and the TMDB sizes the web app's srcsets offer (w92, w300, w342, w780; contracts/images.ts
 * `SRCSET_SIZES`). Width in px; `original` drawn at full size.
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

const ASPECT: Record<ArtKind, number> = {
  poster: 1.5,
  profile: 1.5,
  backdrop: 9 / 16,
  still: 9 / 16,
  logo: 1,
};
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
  return { width, height: Math.round(width * ASPECT[kind]) };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > perLine) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${(lines[maxLines - 1] ?? '').slice(0, perLine - 1)}…`;
  }
  return lines.map((l) => (l.length > perLine ? `${l.slice(0, perLine - 1)}…` : l));
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

/** The SVG document for an art request. */
export function drawArt({ kind, size, seed, label, year, bg }: ArtRequest): string {
  const { width, height } = artDimensions(kind, size);
  // Drawn in a fixed 300-unit-wide space and scaled by the viewBox.
  const vw = 300;
  const vh = Math.round(vw * ASPECT[kind]);
  const h = hash(seed);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >> 9) % 80)) % 360;
  const dark = bg !== 'white';
  const from = kind === 'logo' ? (dark ? '#141414' : '#f5f5f5') : `hsl(${hue} 55% 32%)`;
  const to = kind === 'logo' ? (dark ? '#262626' : '#ffffff') : `hsl(${hue2} 60% 14%)`;
  const ink = kind === 'logo' && !dark ? '#111111' : '#ffffff';
  const perLine = kind === 'logo' ? 12 : vw > vh ? 26 : 14;
  const lines = wrap(label || 'Untitled', perLine, kind === 'logo' ? 2 : 4);
  // A logo's name fills the card: at most 44 units high, narrowed so its longest line fits in
  // 270 of the 300 units (a bold glyph is about 0.62 em wide).
  const longest = Math.max(...lines.map((l) => l.length));
  const fontSize =
    kind === 'logo' ? Math.min(44, Math.floor(270 / (0.62 * longest))) : vw > vh ? 20 : 26;
  const lineHeight = fontSize * 1.2;
  const top = vh / 2 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map(
      (l, i) =>
        `<text x="${vw / 2}" y="${(top + i * lineHeight).toFixed(1)}" font-size="${fontSize}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${escapeXml(l)}</text>`,
    )
    .join('');
  const yearText =
    year && kind !== 'logo'
      ? `<text x="${vw / 2}" y="${(top + lines.length * lineHeight + 8).toFixed(1)}" font-size="${fontSize * 0.7}" opacity="0.8" text-anchor="middle" dominant-baseline="middle">${escapeXml(year)}</text>`
      : '';
  const circle =
    kind === 'logo'
      ? ''
      : `<circle cx="${vw * 0.82}" cy="${vh * 0.16}" r="${vw * 0.32}" fill="hsl(${hue2} 70% 60%)" opacity="0.18"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}" role="img" aria-label="${escapeXml(label)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${vw}" height="${vh}" fill="url(#g)"/>${circle}` +
    `<g fill="${ink}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">${text}${yearText}</g>` +
    `</svg>`
  );
}
