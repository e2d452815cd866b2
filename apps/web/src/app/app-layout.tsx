/** Frame of the app screens: shared header on top, bottom navigation below (spec 2). */
import { Outlet } from 'react-router';
import { AppHeader } from '../components/app-header.tsx';
import { BottomNav } from '../components/bottom-nav.tsx';
import { AppSidebar } from './app-sidebar.tsx';

/** Header with the sidebar menu, the screen in `<main>`, and the fixed bottom navigation. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader menu={<AppSidebar />} />
      <main className="flex-1 pb-[calc(5rem+env(safe-area-inset-bottom))]">
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
