/**
 * The app's own error screen for a route that failed to render or load (spec 2: the router's
 * default error pages are not product behaviour; spec 8: ChunkLoadError).
 */
import { TriangleAlert } from 'lucide-react';
import { Link, useRouteError } from 'react-router';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';

/** Explains what failed (a missing script chunk, or anything else) and offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = error instanceof Error && error.name === 'ChunkLoadError';
  if (!chunkFailed) console.error(error);
  return (
    <PlaceholderScreen
      icon={TriangleAlert}
      title={chunkFailed ? 'Could not load this page' : 'Something went wrong'}
      action={
        <div className="flex gap-3">
          <button
            type="button"
            onClick={() => {
              window.location.reload();
            }}
            className="rounded-md bg-accent px-4 py-2 font-medium text-white hover:bg-rose-500"
          >
            Reload
          </button>
          <Link
            to="/index"
            className="rounded-md bg-white/10 px-4 py-2 font-medium hover:bg-white/20"
          >
            Home
          </Link>
        </div>
      }
    >
      <p>
        {chunkFailed
          ? 'A part of the app failed to load. Check your connection, then reload to get the latest version.'
          : 'This screen hit an unexpected error. Reloading usually fixes it.'}
      </p>
    </PlaceholderScreen>
  );
}
