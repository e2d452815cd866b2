/** Small helpers over catalogue items (DATA-4 in docs/requirements.md: "title or name"). */
import type { MediaType } from '@pigostream/contracts';

export { mediaTitle } from '@pigostream/contracts/titles';

/** The rating as shown on cards: one decimal, '0.0' when there is none (CARD-1). */
export function formatRating(voteAverage: number | null | undefined): string {
  return (voteAverage ?? 0).toFixed(1);
}

/** The play page link of a title: `/play?id={id}&type={movie|tv}` (ROUTE-1). */
export function playPath(id: number, type: MediaType): string {
  return `/play?${new URLSearchParams({ id: String(id), type }).toString()}`;
}

/**
 * Key of a remembered play-page value: `play:{type}:{id}:{name}` (DATA-16): the server, season,
 * episode per season and cast slice size the play page keeps, which Home's progress cards set
 * to open it at an episode.
 */
export function rememberKey(target: { type: MediaType; id: number }, name: string): string {
  return `play:${target.type}:${String(target.id)}:${name}`;
}
