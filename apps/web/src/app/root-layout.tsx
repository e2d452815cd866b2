/** The root route: page-load progress and scroll restoration around every screen. */
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

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
