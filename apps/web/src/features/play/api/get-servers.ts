/**
 * The servers (stream links) of a title (API-SRC-1 in docs/requirements.md: `GET /sources/servers`;
 * DATA-6).
 */
import { serversSchema, type MediaType, type Server } from '@pigostream/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SERVERS } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/**
 * What to list servers for: a movie (`id`, `type`), or a show's episode (`season` and
 * `episode`, 1-based; the server reads 1 for a missing one).
 */
export interface ServersRequest {
  id: number;
  type: MediaType;
  season?: number;
  episode?: number;
}

/**
 * `GET /pigo-stream/sources/servers?id=&type=&season=&episode=`: `[{ server_name, server_link }]`
 * in preference order (local library, link templates, built-in source); `[]` when none.
 * @throws ApiError with an ERR-1 message.
 */
export function getServers(request: ServersRequest, signal?: AbortSignal): Promise<Server[]> {
  const { id, type, season, episode } = request;
  return callEndpoint(SERVERS, { query: { id, type, season, episode } }, serversSchema, {
    signal,
  });
}

/**
 * Query options for {@link getServers}, keyed `['play', 'servers', type, id, season, episode]`;
 * idle while `enabled` is false (a show waits for its season and episode). Fresh for 30 s
 * only, so a file just added to the media library shows up soon.
 */
export function serversQueryOptions(request: ServersRequest, enabled = true) {
  return queryOptions({
    queryKey: [
      'play',
      'servers',
      request.type,
      request.id,
      request.season ?? null,
      request.episode ?? null,
    ] as const,
    queryFn: ({ signal }) => getServers(request, signal),
    enabled,
    staleTime: 30_000,
  });
}

/** The servers for `request` as a TanStack query. */
export function useServers(request: ServersRequest, enabled = true) {
  return useQuery(serversQueryOptions(request, enabled));
}
