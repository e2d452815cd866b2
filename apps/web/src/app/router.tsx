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

/** A chunk's loader that also tells whether the chunk is in already. */
interface ChunkLoader<T> extends Load<T> {
  /** The module once loaded, else undefined. */
  loaded: () => T | undefined;
}

/** Loads a chunk once: the first call starts it, later calls share it (a failure is retried). */
function once<T>(load: Load<T>): ChunkLoader<T> {
  let started: Promise<T> | undefined;
  let module: T | undefined;
  const get = () => {
    started ??= trackChunk(loadChunk(load)).then(
      (loaded) => {
        module = loaded;
        return loaded;
      },
      (error: unknown) => {
        started = undefined;
        throw error;
      },
    );
    return started;
  };
  return Object.assign(get, { loaded: () => module });
}

/**
 * `React.lazy` of `loader`'s chunk, picking `pick` of its module. A chunk already in is handed
 * over as a thenable that answers at once, which `lazy` reads without suspending (its documented
 * contract takes any thenable), so a first render after {@link preloadScreen} commits the
 * screen itself, not the loading mark first (issue 19).
 */
function lazyChunk<M, C extends ComponentType>(loader: ChunkLoader<M>, pick: (module: M) => C) {
  return lazy(() => {
    const module = loader.loaded();
    if (module === undefined) return loader().then((m) => ({ default: pick(m) }));
    const ready: PromiseLike<{ default: C }> = {
      then: (onFulfilled) => {
        const result = onFulfilled ? onFulfilled({ default: pick(module) }) : undefined;
        return Promise.resolve(result) as never;
      },
    };
    return ready as Promise<{ default: C }>;
  });
}

const loadAppLayout = once(() => import('./app-layout.tsx'));

/** The screens by path, each with its chunk loader. */
const SCREENS = {
  '/': once(() => import('./routes/sign-in.tsx')),
  '/reset-password': once(() => import('./routes/reset-password.tsx')),
  // '/new-episodes' renders another screen of Home's chunk (routes/home.tsx); '/watch-history'
  // and '/import-export' other screens of My List's (routes/my-list.tsx).
  '/index': once(() => import('./routes/home.tsx')),
  '/my-list': once(() => import('./routes/my-list.tsx')),
  '/play': once(() => import('./routes/play.tsx')),
  '/pigostore': once(() => import('./routes/pigostore.tsx')),
  '*': once(() => import('./routes/not-found.tsx')),
} satisfies Record<string, ChunkLoader<{ Component: ComponentType }>>;

/**
 * Screens rendered from another path's chunk: the path whose chunk they are in. A chunk of its
 * own adds its name, and those of its imports, to the entry script every first visit loads
 * (issue 9: 100 kB for `/`).
 */
const SHARED_CHUNKS = {
  '/new-episodes': '/index',
  '/watch-history': '/my-list',
  '/import-export': '/my-list',
} as const;

/** A lazy screen from a route module exporting `Component` (the route-module convention). */
function screen(path: keyof typeof SCREENS) {
  return lazyChunk(SCREENS[path], (module) => module.Component);
}

const SignIn = screen('/');
const ResetPassword = screen('/reset-password');

/**
 * The screens inside the app frame, by route path (`*`: any other path, not found), rendered as
 * one `<Route>` each (a table, not a `<Route>` written out per screen: 45 bytes less of gzip in
 * the entry script).
 */
const APP_SCREENS: Record<string, ComponentType> = {
  '/index': screen('/index'),
  '/my-list': screen('/my-list'),
  '/watch-history': lazyChunk(SCREENS[SHARED_CHUNKS['/watch-history']], (m) => m.WatchHistory),
  '/new-episodes': lazyChunk(SCREENS[SHARED_CHUNKS['/new-episodes']], (m) => m.NewEpisodes),
  '/import-export': lazyChunk(SCREENS[SHARED_CHUNKS['/import-export']], (m) => m.ImportExport),
  '/play': screen('/play'),
  '/pigostore': screen('/pigostore'),
  '*': screen('*'),
};
const AppLayout = lazyChunk(loadAppLayout, (module) => module.AppLayout);

/**
 * Starts loading the chunks the first screen needs at once, in parallel with the sign-in check,
 * instead of after it (the guard renders the screen only once the check answered). Resolves
 * when they are in or failed: a failure is left to the screen's own load, which tries again
 * and shows it.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const key = path in SHARED_CHUNKS ? SHARED_CHUNKS[path as keyof typeof SHARED_CHUNKS] : path;
  const load = key in SCREENS ? SCREENS[key as keyof typeof SCREENS] : SCREENS['*'];
  const ignore = () => undefined;
  await Promise.all([
    path !== '/' && path !== '/reset-password' ? loadAppLayout().catch(ignore) : undefined,
    load().catch(ignore),
  ]);
}

/**
 * Keeps users out of screens they may not see (spec 2, spec 6): signed-out users, and
 * unverified users on /index, /my-list, /watch-history, /new-episodes, /import-export and /play,
 * go to `/`; /pigostore needs any session. While the sign-in state is first determined, the
 * loading mark shows (Suspense).
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
              {Object.entries(APP_SCREENS).map(([path, Screen]) => (
                <Route key={path} path={path} element={<Screen />} />
              ))}
            </Route>
          </Route>
        </Routes>
      </RootLayout>
    </BrowserRouter>
  );
}
