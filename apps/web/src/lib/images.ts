/**
 * Image URLs (spec 7: "a public image host serves posters"). Every `*_path` of an answer, a
 * TMDB path or the server's drawn-art path, resolves under `/pigo-stream/images/{size}`.
 */
import { API_BASE } from './api-client.ts';

/**
 * TMDB image sizes the app uses (spec 7): w500 cards, w185 seasons, episodes and cast, w1280
 * the home backdrop, original the play backdrop.
 */
export type ImageSize = 'w185' | 'w500' | 'w1280' | 'original';

/**
 * The browser URL of an image `path` (starts with `/`, may carry a query) at `size`, or
 * undefined when the item has no image so the caller can draw a placeholder.
 */
export function imageUrl(path: string | null | undefined, size: ImageSize): string | undefined {
  if (!path) return undefined;
  return `${API_BASE}/images/${size}${path.startsWith('/') ? path : `/${path}`}`;
}
