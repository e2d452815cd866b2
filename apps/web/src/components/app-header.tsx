/**
 * The shared header bar of the app screens (HOME-1 in docs/requirements.md: Home header; "shared
 * header present").
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Wordmark } from './wordmark.tsx';

/**
 * Sticky 56 px top bar: `menu` (the sidebar drawer's button) at the left, then the product name
 * linking home.
 */
export function AppHeader({ menu }: { menu?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b border-white/5 bg-neutral-950/85 backdrop-blur">
      <div className="flex h-14 items-center gap-2 px-2 md:px-6">
        {menu}
        <Link to="/index" className="rounded-md px-2">
          <Wordmark />
        </Link>
      </div>
    </header>
  );
}
