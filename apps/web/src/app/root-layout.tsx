/**
 * The root of every screen: first-load fallback, page-load progress, scroll restoration, the
 * app's own error screen, and the app-wide reactions to sign-in state changes.
 */
import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { Wordmark } from '../components/wordmark.tsx';
import { useAuthStateSync } from '../features/auth/index.ts';
import { RouteErrorBoundary } from './route-error.tsx';
import { ScrollMemory } from './scroll-memory.tsx';

let chunksLoading = 0;
const chunkListeners = new Set<() => void>();

function setChunksLoading(count: number): void {
  chunksLoading = count;
  for (const listener of chunkListeners) listener();
}

/** Counts `load` as a script chunk in flight (the progress bar shows) until it settles. */
export function trackChunk<T>(load: Promise<T>): Promise<T> {
  setChunksLoading(chunksLoading + 1);
  const done = () => {
    setChunksLoading(chunksLoading - 1);
  };
  load.then(done, done);
  return load;
}

function subscribeChunks(listener: () => void): () => void {
  chunkListeners.add(listener);
  return () => {
    chunkListeners.delete(listener);
  };
}

/** A thin bar at the top while a screen's script chunk loads. */
function ChunkProgress() {
  const loading = useSyncExternalStore(subscribeChunks, () => chunksLoading > 0);
  if (!loading) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-accent-soft"
    />
  );
}

/**
 * Renders the current screen (`children`: the routes). Until the first screen's chunk arrives the
 * product mark shows; while a later screen's chunk loads, the previous screen stays and a thin bar
 * at the top says so. Each screen comes back at its last page scroll on Back and Forward. What a
 * screen throws becomes the app's error screen (ROUTE-1, ROUTE-3, UI-1 in docs/requirements.md).
 * Sign-in state changes post the user to the server (API-GEN-1) wherever they happen.
 */
export function RootLayout({ children }: { children: ReactNode }) {
  useAuthStateSync();
  return (
    <>
      <ChunkProgress />
      <RouteErrorBoundary>
        <Suspense fallback={<AppLoading />}>
          <ScrollMemory />
          {children}
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

/**
 * Shown on the first load until the current route's lazy chunk arrives: the product mark,
 * gently pulsing, announced as loading.
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
