/** TanStack Query for server state, provided to the app screens (not to sign-in). */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';

/**
 * Wraps `children` in the providers the app screens need. Only the app frame (app-layout.tsx) uses
 * it, so `/` and `/reset-password` load without TanStack Query (QUAL-1 in docs/requirements.md
 * budget).
 */
export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
