/** The app's one TanStack Query client (server state, ARCHITECTURE.md "Chosen dependencies"). */
import { QueryClient } from '@tanstack/react-query';

/** How long fetched catalogue data counts as fresh, in ms. */
export const STALE_TIME_MS = 5 * 60_000;

/**
 * Query defaults: no Query-level retry, because `apiGet` already makes the spec's 3 attempts
 * 1000 ms apart (spec 7); no refetch on window focus, so rows do not jump while browsing.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: STALE_TIME_MS, refetchOnWindowFocus: false },
  },
});
