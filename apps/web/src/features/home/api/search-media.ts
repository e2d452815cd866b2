/**
 * Title search (API-CAT-4 in docs/requirements.md: `GET /index/search/{type}?query=`; ERR-4,
 * LIMIT-6: 10 s per try).
 */
import { mediaPageSchema, type MediaPage, type MediaType } from '@pigostream/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH } from '@pigostream/contracts/endpoints';
import { API_MESSAGES } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/** How long one search attempt may take, in ms (LIMIT-6: search timeout 10000 ms). */
export const SEARCH_TIMEOUT_MS = 10_000;

/**
 * `GET /pigo-stream/index/search/{type}?query={query}`: the first page (up to 20) of matches.
 * Each of the 3 attempts (API-GEN-2) is cut off after {@link SEARCH_TIMEOUT_MS} ms.
 * @throws ApiError 'Request timed out.' when the last attempt timed out, otherwise an ERR-1
 *   message.
 */
export function searchMedia(
  type: MediaType,
  query: string,
  signal?: AbortSignal,
): Promise<MediaPage> {
  return callEndpoint(SEARCH, { params: { type }, query: { query } }, mediaPageSchema, {
    signal,
    timeoutMs: SEARCH_TIMEOUT_MS,
    timeoutMessage: API_MESSAGES.timedOut,
  });
}

/** Query options for {@link searchMedia}; disabled while `query` is empty. */
export function searchMediaQueryOptions(type: MediaType, query: string) {
  return queryOptions({
    queryKey: ['index', 'search', type, query] as const,
    queryFn: ({ signal }) => searchMedia(type, query, signal),
    enabled: query !== '',
  });
}

/** Search results of `type` for the submitted `query` as a TanStack query. */
export function useSearchMedia(type: MediaType, query: string) {
  return useQuery(searchMediaQueryOptions(type, query));
}
