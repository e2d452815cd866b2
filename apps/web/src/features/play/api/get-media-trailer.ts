/**
 * The play page's Trailer button (API-PLAY-2 in docs/requirements.md:
 * `GET /playground/media-trailer?id=&type=`).
 */
import { trailerSchema, type Trailer } from '@pigostream/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MEDIA_TRAILER } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import type { PlayTarget } from './get-media-info.ts';

/**
 * `GET /pigo-stream/playground/media-trailer?id=&type=`: `{ youtubeTrailer }`, a YouTube watch
 * URL (`https://www.youtube.com/watch?v={key}`) or null when the title has none.
 * @throws ApiError with an ERR-1 message.
 */
export function getMediaTrailer({ id, type }: PlayTarget, signal?: AbortSignal): Promise<Trailer> {
  return callEndpoint(MEDIA_TRAILER, { query: { id, type } }, trailerSchema, { signal });
}

/** Query options for {@link getMediaTrailer}, keyed `['play', 'media-trailer', type, id]`. */
export function mediaTrailerQueryOptions(target: PlayTarget) {
  return queryOptions({
    queryKey: ['play', 'media-trailer', target.type, target.id] as const,
    queryFn: ({ signal }) => getMediaTrailer(target, signal),
  });
}

/** The trailer link of `target` as a TanStack query. */
export function useMediaTrailer(target: PlayTarget) {
  return useQuery(mediaTrailerQueryOptions(target));
}
