/**
 * The player download link for the store page (API-STORE-1..2 in docs/requirements.md:
 * `GET /pigostore/download-app`).
 */
import type { Platform } from '@pigostream/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { getDownloadLink } from './player-release.ts';

/**
 * The platform's download URL, or null when it has no release (the server's 404).
 * @throws ApiError with an ERR-1 message for any other failure (STORE-6: the page stores and
 *   shows it).
 */
export async function getDownloadUrl(
  platform: Platform,
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    return (await getDownloadLink(platform, signal)).url;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Query options for {@link getDownloadUrl}, keyed `['pigostore', 'download-app', platform]`. */
export function downloadUrlQueryOptions(platform: Platform) {
  return queryOptions({
    queryKey: ['pigostore', 'download-app', platform] as const,
    queryFn: ({ signal }) => getDownloadUrl(platform, signal),
    staleTime: 5 * 60_000,
  });
}
