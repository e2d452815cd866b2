/**
 * Trending titles for the Home rows (API-CAT-3 in docs/requirements.md: `GET /index/{group}/{kind}`
 * as trending/movie|tv).
 */
import { mediaPageSchema, type MediaPage, type MediaType } from '@pigostream/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pathOf, TRENDING } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { firstAnswerData } from '../../../lib/first-answer-data.ts';

/**
 * `GET /pigo-stream/index/trending/{type}`: the first page (up to 20) of this week's trending
 * movies or shows. @throws ApiError with an ERR-1 message.
 */
export function getTrending(type: MediaType, signal?: AbortSignal): Promise<MediaPage> {
  return callEndpoint(TRENDING, { params: { type } }, mediaPageSchema, { signal });
}

/**
 * Query options for {@link getTrending}, keyed `['index', 'trending', type]`; on a full load
 * the answer the page carries is the initial data (lib/first-answers.ts).
 */
export function trendingQueryOptions(type: MediaType) {
  return queryOptions({
    queryKey: ['index', 'trending', type] as const,
    queryFn: ({ signal }) => getTrending(type, signal),
    initialData: () => firstAnswerData(pathOf(TRENDING, { type }), mediaPageSchema),
  });
}

/** The trending page of `type` as a TanStack query. */
export function useTrending(type: MediaType) {
  return useQuery(trendingQueryOptions(type));
}
