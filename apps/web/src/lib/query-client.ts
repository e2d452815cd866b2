/** The app's one TanStack Query client (server state, ARCH-18 in docs/architecture.md). */
import { QueryClient } from '@tanstack/react-query';
import { RETRY_DELAY_MS, shouldRetryGet } from './api-client.ts';

/** How long fetched catalogue data counts as fresh, in ms. */
export const STALE_TIME_MS = 5 * 60_000;

/**
 * Query defaults: data GETs retried by the app's one policy (API-GEN-2 in docs/requirements.md,
 * LIMIT-6: 3 attempts in all, 1000 ms apart, only when the server did not answer or answered 408,
 * 429 or 5xx); no refetch on window focus, so rows do not jump while browsing. Mutations keep
 * TanStack's default of no retry (API-GEN-2: only data GETs are retried).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetryGet,
      retryDelay: RETRY_DELAY_MS,
      staleTime: STALE_TIME_MS,
      refetchOnWindowFocus: false,
    },
  },
});
