/**
 * Image URLs (API-IMG-1 in docs/requirements.md: "a public image host serves posters"). Every
 * `*_path` of an answer, a TMDB path or the server's drawn-art path, resolves under
 * `/pigo-stream/images/{size}`. Plain functions with no schema library
 * (`@pigostream/contracts/images`): the web app builds its `<img>` URLs with them, and the server
 * its preload of the first screen's largest image (PERF-1, PERF-3), so the browser finds the
 * preloaded file in the `<img>`'s `srcset`.
 */

/** Path prefix of every product call and image (API-IMG-1, API-GEN-1). */
const API_BASE = '/pigo-stream';

/**
 * TMDB image sizes the app asks for. API-IMG-1 names the fallback `src` of each image: w500 cards,
 * w185 seasons, episodes and cast, w1280 the home backdrop, original the play backdrop; the
 * others are `srcset` candidates ({@link imageSrcSet}).
 */
export type ImageSize = 'w92' | 'w185' | 'w300' | 'w342' | 'w500' | 'w780' | 'w1280' | 'original';

/** What an image shows, which picks the TMDB size list its `srcset` draws from. */
export type ImageKind = 'poster' | 'backdrop' | 'still' | 'profile' | 'logo';

type WidthSize = Exclude<ImageSize, 'original'>;

/**
 * The `srcset` widths of each kind: TMDB's sizes for that kind (`/configuration` answer,
 * `images.poster_sizes` etc.; developer.themoviedb.org/docs/image-basics) without those below
 * the box at 1x or far above it at 3x, so a browser finds one fitting its screen:
 * - poster (160 px cards, details and season posters): w185 1x, w342 2x, w500 3x, w780 zoomed
 *   in; TMDB's w92 and w154 are narrower than the card;
 * - backdrop (home hero, play background): w300, w780, w1280 (TMDB's whole list but original);
 * - still (160x90 episode cards): w185 1x, w300 2x (TMDB's largest but original);
 * - profile (56 px cast photos): w185 up to 3x; TMDB's others are w45 (too small) and h632;
 * - logo (96 to 112 px provider cards): w92, w185, w300.
 * The server draws art at every one of these sizes (ART_SIZES, modules/images/art.ts).
 */
export const SRCSET_SIZES: Readonly<Record<ImageKind, readonly WidthSize[]>> = {
  poster: ['w185', 'w342', 'w500', 'w780'],
  backdrop: ['w300', 'w780', 'w1280'],
  still: ['w185', 'w300'],
  profile: ['w185'],
  logo: ['w92', 'w185', 'w300'],
};

/**
 * The browser URL of an image `path` (starts with `/`, may carry a query) at `size`, or
 * undefined when the item has no image so the caller can draw a placeholder.
 */
export function imageUrl(path: string | null | undefined, size: ImageSize): string | undefined {
  if (!path) return undefined;
  return `${API_BASE}/images/${size}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The `srcset` of an image `path` of `kind`: one `{url} {width}w` candidate per size of
 * {@link SRCSET_SIZES}, comma-separated, so with the `<img>`'s `sizes` the browser loads the
 * smallest that fills the box at its pixel density. Drawn-art paths (`/art/...`) get the same
 * candidates. Whitespace and commas in the URL are percent-encoded, as a srcset would split on
 * them. Undefined when there is no path.
 */
export function imageSrcSet(path: string | null | undefined, kind: ImageKind): string | undefined {
  if (!path) return undefined;
  return SRCSET_SIZES[kind]
    .map((size) => {
      const url = (imageUrl(path, size) ?? '').replace(/[\s,]/g, encodeURIComponent);
      return `${url} ${size.slice(1)}w`;
    })
    .join(', ');
}

/**
 * Drawn art: what the starter catalogue and any record without an image has instead of a TMDB
 * path (`/art/{kind}/{seed}.svg?t={label}&y={year}&bg={dark|white}`, the server's
 * images/art-paths.ts). The server draws it as SVG at any size (modules/images/art.ts); the
 * web app draws the same art as HTML and CSS inside the card (IMG-2, PERF-3: an SVG document per
 * poster delays the first paint; docs/benchmarks.md). Both lay it out with {@link drawnArtLayout}.
 */
export interface DrawnArt {
  kind: ImageKind;
  /** Picks the colours: the same seed, the same art. */
  seed: string;
  /** The name written on it ('' draws 'Untitled'). */
  label: string;
  /** Four digits, written under the name (not on logos). */
  year?: string | undefined;
  /** A logo's background (`white` for a dark logo). */
  bg?: 'dark' | 'white' | undefined;
}

const ART_PATH = /^\/art\/(poster|backdrop|still|profile|logo)\/([^/?]{1,120})\.svg(?:\?(.*))?$/;

/**
 * The drawn art a `*_path` names, read as the server's images route reads it (label at most 200
 * characters, a four-digit year, `bg` dark or white, else `white` for a seed ending `-white`);
 * undefined for any other path (a TMDB image) or one the route would refuse.
 */
export function parseArtPath(path: string | null | undefined): DrawnArt | undefined {
  const match = ART_PATH.exec(path ?? '');
  if (!match?.[1] || !match[2]) return undefined;
  let seed: string;
  try {
    seed = decodeURIComponent(match[2]);
  } catch {
    return undefined;
  }
  const query = new URLSearchParams(match[3] ?? '');
  const label = query.get('t') ?? '';
  const year = query.get('y') ?? undefined;
  const bg = query.get('bg') ?? undefined;
  if (label.length > 200 || (year !== undefined && !/^\d{4}$/.test(year))) return undefined;
  if (bg !== undefined && bg !== 'dark' && bg !== 'white') return undefined;
  return {
    kind: match[1] as ImageKind,
    seed,
    label,
    year,
    bg: bg ?? (seed.endsWith('-white') ? 'white' : undefined),
  };
}

/** Height over width of each kind's box: 2:3 posters and photos, 16:9 backdrops and stills. */
export const ART_ASPECT: Readonly<Record<ImageKind, number>> = {
  poster: 1.5,
  profile: 1.5,
  backdrop: 9 / 16,
  still: 9 / 16,
  logo: 1,
};

/**
 * How a drawn art is laid out in a box {@link ART_UNITS} units wide (and `ART_UNITS * aspect`
 * high): a top-to-bottom gradient `from` -> `to`, a soft `glow` circle near the top right (none
 * on logos), the name in `lines` of bold `fontSize` units centred in the box (`ink`), and the
 * year below at 0.7 of that size.
 */
export interface DrawnArtLayout {
  from: string;
  to: string;
  /** The circle's colour (drawn at 0.18 opacity), undefined on logos. */
  glow: string | undefined;
  ink: string;
  lines: string[];
  /** In units of a box {@link ART_UNITS} wide. */
  fontSize: number;
  /** Undefined on logos and when there is no year. */
  year: string | undefined;
}

/** The type drawn art is written in. */
export const ART_FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** The width, in units, that {@link DrawnArtLayout} sizes are given in. */
export const ART_UNITS = 300;

function seedHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** `text` in lines of at most `perLine` characters, at most `maxLines` (the last cut with …). */
function wrapWords(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > perLine) {
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

/** The layout of `art` (the server's SVG and the app's HTML draw the same). */
export function drawnArtLayout({ kind, seed, label, year, bg }: DrawnArt): DrawnArtLayout {
  const h = seedHash(seed);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >> 9) % 80)) % 360;
  const logo = kind === 'logo';
  const dark = bg !== 'white';
  const landscape = ART_ASPECT[kind] < 1;
  const perLine = logo ? 12 : landscape ? 26 : 14;
  // A backdrop carries no text (UI-5): the hero and the play page write the title over it.
  const backdrop = kind === 'backdrop';
  const lines = backdrop ? [] : wrapWords(label || 'Untitled', perLine, logo ? 2 : 4);
  // A logo's name fills the card: at most 44 units high, narrowed so its longest line fits in
  // 270 of the 300 units (a bold glyph is about 0.62 em wide).
  const longest = Math.max(1, ...lines.map((l) => l.length));
  return {
    from: logo ? (dark ? '#141414' : '#f5f5f5') : `hsl(${String(hue)} 55% 32%)`,
    to: logo ? (dark ? '#262626' : '#ffffff') : `hsl(${String(hue2)} 60% 14%)`,
    glow: logo ? undefined : `hsl(${String(hue2)} 70% 60%)`,
    ink: logo && !dark ? '#111111' : '#ffffff',
    lines,
    fontSize: logo ? Math.min(44, Math.floor(270 / (0.62 * longest))) : landscape ? 20 : 26,
    year: logo || backdrop ? undefined : year || undefined,
  };
}
