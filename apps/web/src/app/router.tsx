/**
 * The routes of spec section 2, in React Router's declarative mode (its data router would add
 * about 17 kB of gzip JavaScript to every first visit; issue 9 gives `/` 100 kB). Each screen is
 * its own lazy chunk (`routes/*.tsx` exporting `Component`), loaded through `loadChunk` for the
 * spec's 120 s timeout and ChunkLoadError; so is the app frame (header, bottom navigation and
 * TanStack Query, which the sign-in screen does without).
 */
import { lazy, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { accessFor, useRouteAccess } from '../features/auth/route-guard.ts';
import { loadChunk } from '../lib/load-chunk.ts';
import { RootLayout, trackChunk } from './root-layout.tsx';

/** A lazy screen from a route module exporting `Component` (the route-module convention). */
function screen(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => trackChunk(loadChunk(load)).then((module) => ({ default: module.Component })));
}

const SignIn = screen(() => import('./routes/sign-in.tsx'));
const ResetPassword = screen(() => import('./routes/reset-password.tsx'));
const Home = screen(() => import('./routes/home.tsx'));
const MyList = screen(() => import('./routes/my-list.tsx'));
const WatchHistory = screen(() => import('./routes/watch-history.tsx'));
const Play = screen(() => import('./routes/play.tsx'));
const PigoStore = screen(() => import('./routes/pigostore.tsx'));
const NotFound = screen(() => import('./routes/not-found.tsx'));
const AppLayout = lazy(() =>
  trackChunk(loadChunk(() => import('./app-layout.tsx'))).then((module) => ({
    default: module.AppLayout,
  })),
);

/**
 * Keeps users out of screens they may not see (spec 2, spec 6): signed-out users, and
 * unverified users on /index, /my-list, /watch-history and /play, go to `/`; /pigostore needs
 * any session. While the sign-in state is first determined, the loading mark shows (Suspense).
 */
function Guard() {
  const { pathname } = useLocation();
  const decision = useRouteAccess(accessFor(pathname));
  if (decision === 'leave') return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * The browser router: `/` sign-in and `/reset-password` on their own; the app screens inside
 * the header + bottom-nav frame, verified users only except /pigostore (any signed-in user)
 * and the not-found screen (anyone).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <RootLayout>
        <Routes>
          <Route path="/" element={<SignIn />} />
          <Route path="/reset-password" element={<ResetPassword />} />
          <Route element={<Guard />}>
            <Route element={<AppLayout />}>
              <Route path="/index" element={<Home />} />
              <Route path="/my-list" element={<MyList />} />
              <Route path="/watch-history" element={<WatchHistory />} />
              <Route path="/play" element={<Play />} />
              <Route path="/pigostore" element={<PigoStore />} />
              <Route path="*" element={<NotFound />} />
            </Route>
          </Route>
        </Routes>
      </RootLayout>
    </BrowserRouter>
  );
}
