/** Small helpers over catalogue items (spec 3: "title or name"). */
import type { MediaType } from '@pigostream/contracts';

export { mediaTitle } from '@pigostream/contracts/titles';

/** The rating as shown on cards: one decimal, '0.0' when there is none (spec 2). */
export function formatRating(voteAverage: number | null | undefined): string {
  return (voteAverage ?? 0).toFixed(1);
}

/** The play page link of a title: `/play?id={id}&type={movie|tv}` (spec 2). */
export function playPath(id: number, type: MediaType): string {
  return `/play?${new URLSearchParams({ id: String(id), type }).toString()}`;
}
