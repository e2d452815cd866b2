/** The shared header bar of the app screens (spec 2: Home header; "shared header present"). */
import { Link } from 'react-router';
import { Wordmark } from './wordmark.tsx';

/** Sticky top bar with the product name linking home; the sidebar drawer joins it with sign-in. */
export function AppHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-white/5 bg-neutral-950/85 backdrop-blur">
      <div className="flex h-14 items-center px-4 md:px-8">
        <Link to="/index" className="rounded-md">
          <Wordmark />
        </Link>
      </div>
    </header>
  );
}
