/**
 * Image URLs (spec 7: "a public image host serves posters"). Every `*_path` of an answer, a
 * TMDB path or the server's drawn-art path, resolves under `/pigo-stream/images/{size}`. Plain
 * functions with no schema library (`@pigostream/contracts/images`): the web app builds its
 * `<img>` URLs with them, and the server its preload of the first screen's largest image
 * (issue 19), so the browser finds the preloaded file in the `<img>`'s `srcset`.
 */

/** Path prefix of every product call and image (spec 7). */
const API_BASE = '/pigo-stream';

/**
 * TMDB image sizes the app asks for. Spec 7 names the fallback `src` of each image: w500 cards,
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
