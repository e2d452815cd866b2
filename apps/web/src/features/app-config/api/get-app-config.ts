/**
 * Links the operator configures for the sidebar (HOME-2 in docs/requirements.md: "links to a chat
 * channel and a source repository"; DEC-7 in docs/decisions.md: from configuration, hidden when
 * unset). `GET /app-config`.
 */
import { appConfigSchema, type AppConfig } from '@pigostream/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_CONFIG } from '@pigostream/contracts/endpoints';
import { ApiError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

export type { AppConfig };

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

/** The links of an answer the app may show: each an absolute http(s) URL, else null. */
export function safeLinks(config: AppConfig): AppConfig {
  return { chatUrl: safeLink(config.chatUrl), sourceUrl: safeLink(config.sourceUrl) };
}

/**
 * `GET /pigo-stream/app-config`: `{ chatUrl, sourceUrl }` (contracts `appConfigSchema`), each
 * kept only when an absolute http(s) URL, else null. A server without the call (404) counts as
 * nothing configured.
 * @throws ApiError with an ERR-1 message for other failures.
 */
export async function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  try {
    return safeLinks(await callEndpoint(APP_CONFIG, {}, appConfigSchema, { signal }));
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
