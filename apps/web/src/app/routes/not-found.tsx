/** Any path outside ROUTE-1, ROUTE-3 in docs/requirements.md: the app's own not-found screen. */
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen.tsx';

/** Says the page does not exist and links home. */
export function Component() {
  return (
    <PlaceholderScreen
      icon={SearchX}
      title="Page not found"
      action={
        <Link
          to="/index"
          className="rounded-md bg-accent px-4 py-2 font-semibold text-white hover:bg-rose-500"
        >
          Go to Home
        </Link>
      }
    >
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
    </PlaceholderScreen>
  );
}
