/**
 * The app's own error screen for a route that failed to render or load (spec 2: the router's
 * default error pages are not product behaviour; spec 8: ChunkLoadError).
 */
import { TriangleAlert } from 'lucide-react';
import { Link, useRouteError } from 'react-router';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';
import { SERVER_ERROR_TITLE } from '../components/server-error-modal.tsx';
import { API_MESSAGES, ApiError } from '../lib/api-client.ts';

/**
 * Explains what failed and offers a reload: a missing script chunk, the server not answering
 * (a route loader's call failed with 'Failed to fetch data. Server is not responding.': titled
 * 'Server is not responding' with a Retry button, as on Home), or anything else.
 */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = error instanceof Error && error.name === 'ChunkLoadError';
  const serverDown = error instanceof ApiError && error.message === API_MESSAGES.noResponse;
  if (!chunkFailed && !serverDown) console.error(error);
  const title = chunkFailed
    ? 'Could not load this page'
    : serverDown
      ? SERVER_ERROR_TITLE
      : 'Something went wrong';
  return (
    <PlaceholderScreen
      icon={TriangleAlert}
      title={title}
      action={
        <div className="flex gap-3">
          <button
            type="button"
            onClick={() => {
              window.location.reload();
            }}
            className="rounded-md bg-accent px-4 py-2 font-medium text-white hover:bg-rose-500"
          >
            {serverDown ? 'Retry' : 'Reload'}
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
          : serverDown
            ? API_MESSAGES.noResponse
            : 'This screen hit an unexpected error. Reloading usually fixes it.'}
      </p>
    </PlaceholderScreen>
  );
}
