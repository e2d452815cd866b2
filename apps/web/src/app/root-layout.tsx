/**
 * The root route: first-load fallback, page-load progress, scroll restoration, and the
 * app-wide reactions to sign-in state changes.
 */
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Wordmark } from '../components/wordmark.tsx';
import { useAuthStateSync } from '../features/auth/hooks/use-auth-state-sync.ts';

/**
 * Renders the current screen. While the router loads a lazy route chunk or data, a thin bar at
 * the top says so; `ScrollRestoration` puts each screen back at its last page scroll.
 * Sign-in state changes post the user to the server (spec 7) wherever they happen.
 */
export function RootLayout() {
  const navigation = useNavigation();
  useAuthStateSync();
  return (
    <>
      {navigation.state !== 'idle' && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-accent-soft"
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * Shown on the first load until the current route's lazy chunk arrives (the router's
 * HydrateFallback): the product mark, gently pulsing, announced as loading.
 */
export function AppLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center">
      <span className="animate-pulse opacity-80">
        <Wordmark />
      </span>
      <span className="sr-only">Loading PigoStream</span>
    </div>
  );
}
