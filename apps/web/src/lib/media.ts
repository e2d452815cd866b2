/** Small helpers over catalogue items (spec 3: "title or name"). */
import type { MediaListItem, MediaType } from '@pigostream/contracts';

/** The display title: a movie's `title`, a show's `name`, or the original ones as fallback. */
export function mediaTitle(
  item: Pick<MediaListItem, 'title' | 'name' | 'original_title' | 'original_name'>,
): string {
  return item.title ?? item.name ?? item.original_title ?? item.original_name ?? 'Untitled';
}

/** The rating as shown on cards: one decimal, '0.0' when there is none (spec 2). */
export function formatRating(voteAverage: number | null | undefined): string {
  return (voteAverage ?? 0).toFixed(1);
}

/** The play page link of a title: `/play?id={id}&type={movie|tv}` (spec 2). */
export function playPath(id: number, type: MediaType): string {
  return `/play?${new URLSearchParams({ id: String(id), type }).toString()}`;
}
