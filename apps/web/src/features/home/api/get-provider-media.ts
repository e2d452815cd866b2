/**
 * Titles on one streaming provider (API-CAT-5 in docs/requirements.md:
 * `GET /index/media/{type}/by-provider`).
 */
import {
  mediaPageSchema,
  type MediaPage,
  type MediaType,
  type Provider,
} from '@pigostream/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BY_PROVIDER } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/** The provider fields the call needs. */
export type ProviderRef = Pick<Provider, 'id' | 'region'>;

/**
 * `GET /pigo-stream/index/media/{type}/by-provider?provider={id}&region={region}`: the first
 * page (up to 20) of `type` titles on `provider` in its region.
 * @throws ApiError with an ERR-1 message.
 */
export function getProviderMedia(
  provider: ProviderRef,
  type: MediaType,
  signal?: AbortSignal,
): Promise<MediaPage> {
  return callEndpoint(
    BY_PROVIDER,
    { params: { type }, query: { provider: provider.id, region: provider.region } },
    mediaPageSchema,
    { signal },
  );
}

/** Query options for {@link getProviderMedia}, keyed by provider id, region and type. */
export function providerMediaQueryOptions(provider: ProviderRef | undefined, type: MediaType) {
  return queryOptions({
    queryKey: ['index', 'by-provider', provider?.id, provider?.region, type] as const,
    queryFn: ({ signal }) => {
      if (!provider) throw new Error('No provider selected');
      return getProviderMedia(provider, type, signal);
    },
    enabled: provider !== undefined,
  });
}

/**
 * `type` titles of `provider` as a TanStack query; idle until a provider is known, and while
 * `enabled` is false.
 */
export function useProviderMedia(
  provider: ProviderRef | undefined,
  type: MediaType,
  enabled = true,
) {
  const options = providerMediaQueryOptions(provider, type);
  return useQuery({ ...options, enabled: enabled && options.enabled });
}
