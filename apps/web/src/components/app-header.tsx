/** The shared header bar of the app screens (spec 2: Home header; "shared header present"). */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Wordmark } from './wordmark.tsx';

/**
 * Sticky top bar with the product name linking home and `actions` (today the Sign Out button)
 * at the right; the sidebar drawer of spec 2 replaces them later.
 */
export function AppHeader({ actions }: { actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b border-white/5 bg-neutral-950/85 backdrop-blur">
      <div className="flex h-14 items-center justify-between gap-4 px-4 md:px-8">
        <Link to="/index" className="rounded-md">
          <Wordmark />
        </Link>
        {actions}
      </div>
    </header>
  );
}
