/**
 * The bookmark toggle's in-list check (PLAY-12 in docs/requirements.md; its request is not shown,
 * so the server's `GET /my-list/{uid}/contains?id=&type=` answers it). Keyed under My List's query
 * key prefix, so saving or removing a title (which refetches `['my-list', uid]`) refreshes it too.
 */
import { inListSchema } from '@pigostream/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { IN_MY_LIST } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { myListQueryKey } from '../../library/index.ts';
import type { PlayTarget } from './get-media-info.ts';

/**
 * `GET /pigo-stream/my-list/{uid}/contains?id=&type=`: true when the user's My List holds the
 * title (the server compares the id and the type).
 * @throws ApiError with an ERR-1 message (403 when `uid` is not the signed-in user).
 */
export async function getInMyList(
  uid: string,
  { id, type }: PlayTarget,
  signal?: AbortSignal,
): Promise<boolean> {
  const answer = await callEndpoint(
    IN_MY_LIST,
    { params: { uid }, query: { id, type } },
    inListSchema,
    { signal },
  );
  return answer.inList;
}

/**
 * Query options for {@link getInMyList}, keyed `['my-list', uid, 'contains', type, id]`; idle
 * without a user. Always refetched on mount: the list may have changed on another page.
 */
export function inMyListQueryOptions(uid: string | undefined, target: PlayTarget) {
  return queryOptions({
    queryKey: [...myListQueryKey(uid), 'contains', target.type, target.id] as const,
    queryFn: ({ signal }) => getInMyList(uid ?? '', target, signal),
    enabled: uid !== undefined,
    staleTime: 0,
  });
}

/** Whether `target` is in the user's My List, as a TanStack query. */
export function useInMyList(uid: string | undefined, target: PlayTarget) {
  return useQuery(inMyListQueryOptions(uid, target));
}
