/**
 * Links the operator configures for the sidebar (spec 2 Home: "links to a chat channel and a
 * source repository"; decisions.md: from configuration, hidden when unset). `GET /app-config`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

/** The sidebar links; null when unset. */
export interface AppConfig {
  chatUrl: string | null;
  sourceUrl: string | null;
}

/** Nothing configured: both links hidden. */
export const NO_APP_CONFIG: AppConfig = { chatUrl: null, sourceUrl: null };

/** An absolute http(s) URL as given, or null for anything else (never a script URL). */
export function safeLink(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Checks the answer by hand (this call is on every app screen: no schema library here). */
export function parseAppConfig(data: unknown): AppConfig {
  const v = (data ?? {}) as Record<string, unknown>;
  if (typeof v !== 'object') throw new TypeError('Unexpected /app-config answer');
  return { chatUrl: safeLink(v.chatUrl), sourceUrl: safeLink(v.sourceUrl) };
}

/**
 * `GET /pigo-stream/app-config`: `{ chatUrl, sourceUrl }`, each an http(s) URL or null. A server
 * without the call (404) counts as nothing configured.
 * @throws ApiError with a spec 8 message for other failures.
 */
export async function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  try {
    return await apiGet('/app-config', { parse: parseAppConfig }, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return NO_APP_CONFIG;
    throw error;
  }
}

/** Query options for {@link getAppConfig}; configuration changes only on a restart. */
export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: ['app-config'] as const,
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: 30 * 60_000,
  });
}

/** The sidebar links as a TanStack query; fetched only while `enabled`. */
export function useAppConfig(enabled = true) {
  return useQuery({ ...appConfigQueryOptions(), enabled });
}
