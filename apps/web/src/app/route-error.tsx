/**
 * The app's own error screen for a route that failed to render or load (ROUTE-1, ROUTE-3 in
 * docs/requirements.md: the router's default error pages are not product behaviour; ERR-14:
 * ChunkLoadError), and the offline screen of the installed app (pwa.config.ts: the shell starts
 * offline, the server cannot be reached).
 */
import { TriangleAlert } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';
import { API_MESSAGES, ApiError } from '../lib/api-client.ts';

/**
 * HOME-6's 'Server is not responding', as Home's modal titles it. Not imported from the modal's
 * module: that would pull the whole modal into the entry chunk of every first visit.
 */
const SERVER_ERROR_TITLE = 'Server is not responding';

/**
 * Explains what failed and offers a reload: a missing script chunk, the server not answering
 * (a route loader's call failed with 'Failed to fetch data. Server is not responding.': titled
 * 'Server is not responding' with a Retry button, as on Home), or anything else. Either of the
 * first two while the browser says it has no network (`navigator.onLine` false: the installed
 * app started offline from its cached shell) is 'You are offline' with a 'Try again' button
 * (a reload) and nothing else: there is no data to show without the server.
 */
export function RouteError({ error }: { error: unknown }) {
  const chunkFailed = error instanceof Error && error.name === 'ChunkLoadError';
  const serverDown = error instanceof ApiError && error.message === API_MESSAGES.noResponse;
  const offline = (chunkFailed || serverDown) && !navigator.onLine;
  if (!chunkFailed && !serverDown) console.error(error);
  const title = offline
    ? 'You are offline'
    : chunkFailed
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
            className="rounded-md bg-accent px-4 py-2 font-medium text-white hover:bg-rose-700"
          >
            {offline ? 'Try again' : serverDown ? 'Retry' : 'Reload'}
          </button>
          {!offline && (
            <Link
              to="/index"
              className="rounded-md bg-white/10 px-4 py-2 font-medium hover:bg-white/20"
            >
              Home
            </Link>
          )}
        </div>
      }
    >
      <p>
        {offline
          ? 'PigoStream needs the internet to reach its server. Check your connection, then try again.'
          : chunkFailed
            ? 'A part of the app failed to load. Check your connection, then reload to get the latest version.'
            : serverDown
              ? API_MESSAGES.noResponse
              : 'This screen hit an unexpected error. Reloading usually fixes it.'}
      </p>
    </PlaceholderScreen>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Changes when the user navigates: a new screen gets a new chance to render. */
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

/**
 * Catches what a screen throws while it renders or loads (a ChunkLoadError, a failed sign-in
 * check) and shows {@link RouteError} in its place; navigating to another path tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
