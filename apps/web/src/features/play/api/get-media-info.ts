/**
 * The play page's title (API-PLAY-1 in docs/requirements.md:
 * `GET /playground/media-info?id=&type=`; DATA-4).
 */
import { mediaDetailsSchema, type MediaDetails, type MediaType } from '@pigostream/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MEDIA_INFO, pathOf } from '@pigostream/contracts/endpoints';
import { apiGet } from '../../../lib/api-client.ts';
import { firstAnswerData } from '../../../lib/first-answer-data.ts';

/** A title on the play page: its TMDB id and type (VALID-7: both are needed). */
export interface PlayTarget {
  id: number;
  type: MediaType;
}

/**
 * `GET /pigo-stream/playground/media-info?id=&type=`: the title with credits, seasons (tv) and
 * videos, checked against `mediaDetailsSchema`.
 * @throws ApiError with an ERR-1 message (status 404 for an unknown title).
 */
export function getMediaInfo(
  { id, type }: PlayTarget,
  signal?: AbortSignal,
): Promise<MediaDetails> {
  return apiGet(mediaInfoPath({ id, type }), mediaDetailsSchema, { signal });
}

/**
 * The call's path under the API prefix: `/playground/media-info?id=&type=`, its query in the
 * order the server builds it from the page's own (contracts' pages.ts `FIRST_CALLS`).
 */
function mediaInfoPath({ id, type }: PlayTarget): string {
  return pathOf(MEDIA_INFO, {}, { id, type });
}

/**
 * Query options for {@link getMediaInfo}, keyed `['play', 'media-info', type, id]`; on a full
 * load the answer the page carries is the initial data (lib/first-answers.ts).
 */
export function mediaInfoQueryOptions(target: PlayTarget) {
  return queryOptions({
    queryKey: ['play', 'media-info', target.type, target.id] as const,
    queryFn: ({ signal }) => getMediaInfo(target, signal),
    initialData: () => firstAnswerData(mediaInfoPath(target), mediaDetailsSchema),
  });
}

/** The title of `target` as a TanStack query. */
export function useMediaInfo(target: PlayTarget) {
  return useQuery(mediaInfoQueryOptions(target));
}
