/**
 * The routes of spec section 2. Each screen is its own lazy chunk (`routes/*.tsx` exporting
 * `Component`), loaded through `loadChunk` for the spec's 120 s timeout and ChunkLoadError.
 * Guarded screens sit under a loader that checks the sign-in state first.
 */
import { createBrowserRouter } from 'react-router';
import { requireUser } from '../features/auth/route-guard.ts';
import { loadChunk } from '../lib/load-chunk.ts';
import { AppLayout } from './app-layout.tsx';
import { AppLoading, RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * The browser router: `/` sign-in and `/reset-password` on their own; the app screens inside
 * the header + bottom-nav frame, verified users only except /pigostore (any signed-in user).
 */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', lazy: () => loadChunk(() => import('./routes/sign-in.tsx')) },
      {
        path: '/reset-password',
        lazy: () => loadChunk(() => import('./routes/reset-password.tsx')),
      },
      {
        Component: AppLayout,
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              {
                loader: requireUser('verified'),
                children: [
                  { path: '/index', lazy: () => loadChunk(() => import('./routes/home.tsx')) },
                  {
                    path: '/my-list',
                    lazy: () => loadChunk(() => import('./routes/my-list.tsx')),
                  },
                  {
                    path: '/watch-history',
                    lazy: () => loadChunk(() => import('./routes/watch-history.tsx')),
                  },
                  { path: '/play', lazy: () => loadChunk(() => import('./routes/play.tsx')) },
                ],
              },
              {
                loader: requireUser('signed-in'),
                children: [
                  {
                    path: '/pigostore',
                    lazy: () => loadChunk(() => import('./routes/pigostore.tsx')),
                  },
                ],
              },
              { path: '*', lazy: () => loadChunk(() => import('./routes/not-found.tsx')) },
            ],
          },
        ],
      },
    ],
  },
]);
