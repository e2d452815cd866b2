/**
 * Frame of the app screens: shared header on top, bottom navigation below (HOME-1 in
 * docs/requirements.md), inside TanStack Query's provider. Its own lazy chunk: the sign-in screen
 * loads none of it.
 */
import { Outlet } from 'react-router';
import { AppHeader } from '../components/app-header.tsx';
import { BottomNav } from '../components/bottom-nav.tsx';
import { ProfileGate } from '../features/profiles/index.ts';
import { AppSidebar } from './app-sidebar.tsx';
import { Providers } from './providers.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/**
 * Header with the sidebar menu, the screen in `<main>`, and the fixed bottom navigation. A
 * screen that fails (a ChunkLoadError, a render error) shows the app's error screen inside the
 * frame, so the navigation stays usable. Just after sign-in, an account with several profiles
 * is asked 'Who's watching?' first (PROFILE-3).
 */
export function AppLayout() {
  return (
    <Providers>
      <div className="flex min-h-dvh flex-col">
        <AppHeader menu={<AppSidebar />} />
        <main className="flex-1 pb-[calc(5rem+env(safe-area-inset-bottom))]">
          <RouteErrorBoundary>
            <ProfileGate>
              <Outlet />
            </ProfileGate>
          </RouteErrorBoundary>
        </main>
        <BottomNav />
      </div>
    </Providers>
  );
}
