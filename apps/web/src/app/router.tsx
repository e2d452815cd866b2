/**
 * The routes of ROUTE-1 in docs/requirements.md, in React Router's declarative mode (its data
 * router would add more to every first visit than `/`'s 100 kB under QUAL-1 leaves room for;
 * docs/benchmarks.md). Each screen is its own lazy chunk (`routes/*.tsx` exporting `Component`),
 * loaded through `loadChunk` for the spec's 120 s timeout and ChunkLoadError; so is the app frame
 * (header, bottom navigation and TanStack Query, which the sign-in screen does without).
 */
import { lazy, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { PAGES, pageAt, type PageChunk, type PageRow } from '@pigostream/contracts/pages';
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
 * screen itself, not the loading mark first (PERF-1).
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

/** A chunk's module: its screens by export name (`Component`, or a shared chunk's others). */
type ScreenModule = Record<string, ComponentType>;

/**
 * The lazy chunks by name: each page's (the table of pages' `chunk`, contracts' pages.ts) and
 * the not-found screen's. Pages that share a chunk render other exports of it: a chunk of its
 * own adds its name, and those of its imports, to the entry script every first visit loads
 * (the budget of `/` is 100 kB).
 */
const CHUNKS = {
  'sign-in': once(() => import('./routes/sign-in.tsx')),
  'reset-password': once(() => import('./routes/reset-password.tsx')),
  home: once(() => import('./routes/home.tsx')),
  'my-list': once(() => import('./routes/my-list.tsx')),
  play: once(() => import('./routes/play.tsx')),
  pigostore: once(() => import('./routes/pigostore.tsx')),
  stremio: once(() => import('./routes/stremio.tsx')),
  'not-found': once(() => import('./routes/not-found.tsx')),
} satisfies Record<PageChunk | 'not-found', ChunkLoader<ScreenModule>>;

/** The lazy screen `name` (default `Component`) of the chunk `chunk`. */
function screen(chunk: keyof typeof CHUNKS, name = 'Component') {
  return lazyChunk(CHUNKS[chunk], (module: ScreenModule) => module[name] as ComponentType);
}

/**
 * Each page by path with its lazy screen and whether the app frame draws it (all but the public
 * pages, sign-in and reset-password, which stand on their own), and the not-found screen at `*`.
 * Rendered as one `<Route>` each (a table, not a `<Route>` written out per screen: fewer bytes in
 * the entry script).
 */
const SCREENS: [path: string, Screen: ComponentType, framed: boolean][] = [
  ...(Object.entries(PAGES) as [string, PageRow][]).map(
    ([path, page]): [string, ComponentType, boolean] => [
      path,
      screen(page.chunk, page.screen),
      page.access !== 'public',
    ],
  ),
  ['*', screen('not-found'), true],
];
const AppLayout = lazyChunk(loadAppLayout, (module) => module.AppLayout);

/**
 * Starts loading the chunks the first screen needs at once, in parallel with the sign-in check,
 * instead of after it (the guard renders the screen only once the check answered). Resolves
 * when they are in or failed: a failure is left to the screen's own load, which tries again
 * and shows it.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const page = pageAt(pathname);
  const ignore = () => undefined;
  await Promise.all([
    page?.access !== 'public' ? loadAppLayout().catch(ignore) : undefined,
    CHUNKS[page?.chunk ?? 'not-found']().catch(ignore),
  ]);
}

/**
 * Keeps users out of screens they may not see (ROUTE-1, ROUTE-2, ROLE-1): signed-out users, and
 * unverified users on /index, /my-list, /watch-history, /new-episodes, /import-export, /play, the
 * profile pages (PROFILE-6) and /stremio (STREMIO-1), go to `/`; /pigostore needs any session. While the sign-in
 * state is first determined, the loading mark shows (Suspense).
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
          {SCREENS.map(
            ([path, Screen, framed]) =>
              !framed && <Route key={path} path={path} element={<Screen />} />,
          )}
          <Route element={<Guard />}>
            <Route element={<AppLayout />}>
              {SCREENS.map(
                ([path, Screen, framed]) =>
                  framed && <Route key={path} path={path} element={<Screen />} />,
              )}
            </Route>
          </Route>
        </Routes>
      </RootLayout>
    </BrowserRouter>
  );
}
