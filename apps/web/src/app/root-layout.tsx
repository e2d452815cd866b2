/** The root route: first-load fallback, page-load progress and scroll restoration. */
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Wordmark } from '../components/wordmark.tsx';

/**
 * Renders the current screen. While the router loads a lazy route chunk or data, a thin bar at
 * the top says so; `ScrollRestoration` puts each screen back at its last page scroll.
 */
export function RootLayout() {
  const navigation = useNavigation();
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
