/**
 * The routes of spec section 2, in React Router's declarative mode (its data router would add
 * about 17 kB of gzip JavaScript to every first visit; issue 9 gives `/` 100 kB). Each screen is
 * its own lazy chunk (`routes/*.tsx` exporting `Component`), loaded through `loadChunk` for the
 * spec's 120 s timeout and ChunkLoadError; so is the app frame (header, bottom navigation and
 * TanStack Query, which the sign-in screen does without).
 */
import { lazy, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { accessFor, useRouteAccess } from '../features/auth/index.ts';
import { loadChunk } from '../lib/load-chunk.ts';
import { RootLayout, trackChunk } from './root-layout.tsx';

type Load<T> = () => Promise<T>;

/** Loads a chunk once: the first call starts it, later calls share it (a failure is retried). */
function once<T>(load: Load<T>): Load<T> {
  let started: Promise<T> | undefined;
  return () => {
    started ??= trackChunk(loadChunk(load)).catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };
}

const loadAppLayout = once(() => import('./app-layout.tsx'));

/** The screens by path, each with its chunk loader. */
const SCREENS = {
  '/': once(() => import('./routes/sign-in.tsx')),
  '/reset-password': once(() => import('./routes/reset-password.tsx')),
  '/index': once(() => import('./routes/home.tsx')),
  '/my-list': once(() => import('./routes/my-list.tsx')),
  '/watch-history': once(() => import('./routes/watch-history.tsx')),
  '/play': once(() => import('./routes/play.tsx')),
  '/pigostore': once(() => import('./routes/pigostore.tsx')),
  '*': once(() => import('./routes/not-found.tsx')),
} satisfies Record<string, Load<{ Component: ComponentType }>>;

/** A lazy screen from a route module exporting `Component` (the route-module convention). */
function screen(path: keyof typeof SCREENS) {
  return lazy(() => SCREENS[path]().then((module) => ({ default: module.Component })));
}

const SignIn = screen('/');
const ResetPassword = screen('/reset-password');
const Home = screen('/index');
const MyList = screen('/my-list');
const WatchHistory = screen('/watch-history');
const Play = screen('/play');
const PigoStore = screen('/pigostore');
const NotFound = screen('*');
const AppLayout = lazy(() => loadAppLayout().then((module) => ({ default: module.AppLayout })));

/**
 * Starts loading the chunks the first screen needs at once, in parallel with the sign-in check,
 * instead of after it (the guard renders the screen only once the check answered). A failure
 * is left to the screen's own load, which tries again and shows it.
 */
export function preloadScreen(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const load = path in SCREENS ? SCREENS[path as keyof typeof SCREENS] : SCREENS['*'];
  const ignore = () => undefined;
  if (path !== '/' && path !== '/reset-password') loadAppLayout().catch(ignore);
  load().catch(ignore);
}

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
