/**
 * The player app's release calls (API-STORE-1 in docs/requirements.md; STORE-6 Player download
 * page), read by the store page and by the play page's hand-off link (DEC-3, DEC-20 in
 * docs/decisions.md: `pigoplayer://open?url=..&version=..`).
 */
import { appVersionSchema, downloadAppSchema, type Platform } from '@pigostream/contracts';
import { queryOptions } from '@tanstack/react-query';
import { APP_VERSION, DOWNLOAD_APP } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/**
 * `GET /pigo-stream/pigostore/app-version?platform=`: `{ version }`, `NO_VERSION` ('NA', from contracts) when the platform
 * has no release. @throws ApiError with an ERR-1 message.
 */
export function getAppVersion(
  platform: Platform,
  signal?: AbortSignal,
): Promise<{ version: string }> {
  return callEndpoint(APP_VERSION, { query: { platform } }, appVersionSchema, { signal });
}

/**
 * `GET /pigo-stream/pigostore/download-app?platform=`: `{ url }` of the platform's download.
 * @throws ApiError with an ERR-1 message; status 404 when the platform has no release.
 */
export function getDownloadLink(
  platform: Platform,
  signal?: AbortSignal,
): Promise<{ url: string }> {
  return callEndpoint(DOWNLOAD_APP, { query: { platform } }, downloadAppSchema, { signal });
}

/** Query options for {@link getAppVersion}, keyed `['pigostore', 'app-version', platform]`. */
export function appVersionQueryOptions(platform: Platform) {
  return queryOptions({
    queryKey: ['pigostore', 'app-version', platform] as const,
    queryFn: ({ signal }) => getAppVersion(platform, signal),
    staleTime: 5 * 60_000,
  });
}
