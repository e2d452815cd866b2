/**
 * The routes of spec section 2. Each screen is its own lazy chunk (`routes/*.tsx` exporting
 * `Component`), loaded through `loadChunk` for the spec's 120 s timeout and ChunkLoadError.
 */
import { createBrowserRouter } from 'react-router';
import { loadChunk } from '../lib/load-chunk.ts';
import { AppLayout } from './app-layout.tsx';
import { AppLoading, RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** The browser router: `/` sign-in; the app screens inside the header + bottom-nav frame. */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', lazy: () => loadChunk(() => import('./routes/sign-in.tsx')) },
      {
        Component: AppLayout,
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { path: '/index', lazy: () => loadChunk(() => import('./routes/home.tsx')) },
              { path: '/my-list', lazy: () => loadChunk(() => import('./routes/my-list.tsx')) },
              {
                path: '/watch-history',
                lazy: () => loadChunk(() => import('./routes/watch-history.tsx')),
              },
              { path: '/play', lazy: () => loadChunk(() => import('./routes/play.tsx')) },
              {
                path: '/pigostore',
                lazy: () => loadChunk(() => import('./routes/pigostore.tsx')),
              },
              { path: '*', lazy: () => loadChunk(() => import('./routes/not-found.tsx')) },
            ],
          },
        ],
      },
    ],
  },
]);
