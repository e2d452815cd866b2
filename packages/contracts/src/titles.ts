/**
 * How a title is named and dated (DATA-4 in docs/requirements.md: "title or name"), for the web
 * app's cards and play page and for the server's first answers of the play page (PERF-1: the anime
 * lookup it asks ahead must search exactly what the app searches). Plain functions, no schema
 * library (`@pigostream/contracts/titles`).
 */

/** The naming and dating fields of a movie or show (TMDB's names; any may be missing). */
export interface TitleFields {
  title?: string | null | undefined;
  name?: string | null | undefined;
  original_title?: string | null | undefined;
  original_name?: string | null | undefined;
  release_date?: string | null | undefined;
  first_air_date?: string | null | undefined;
}

/** The display title: a movie's `title`, a show's `name`, or the original ones as fallback. */
export function mediaTitle(item: TitleFields): string {
  return item.title ?? item.name ?? item.original_title ?? item.original_name ?? 'Untitled';
}

/** A movie's `release_date` or a show's `first_air_date`; null when missing or empty. */
export function releaseDateOf(type: 'movie' | 'tv', item: TitleFields): string | null {
  return (type === 'movie' ? item.release_date : item.first_air_date) || null;
}
