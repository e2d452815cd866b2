/**
 * The fixed streaming provider list (DATA-8 in docs/requirements.md, LIMIT-18; `GET /providers`).
 */
import { providersSchema, type Provider } from '@pigostream/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROVIDER_LIST } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/**
 * `GET /pigo-stream/providers`: the 12 providers `{ id, name, region, bg, logo }` in spec order;
 * `logo` is a drawn-art path for {@link imageUrl}. @throws ApiError with an ERR-1 message.
 */
export function getProviders(signal?: AbortSignal): Promise<Provider[]> {
  return callEndpoint(PROVIDER_LIST, {}, providersSchema, { signal });
}

/** Query options for {@link getProviders}: the list is fixed, so it never goes stale. */
export function providersQueryOptions() {
  return queryOptions({
    queryKey: ['providers'] as const,
    queryFn: ({ signal }) => getProviders(signal),
    staleTime: Infinity,
  });
}

/** The provider list as a TanStack query. */
export function useProviders() {
  return useQuery(providersQueryOptions());
}
