/** The bottom navigation bar (spec 2 Home; ARCHITECTURE.md "Look": on every screen size). */
import { Bookmark, History, House, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

const LINKS: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/index', label: 'Home', icon: House },
  { to: '/my-list', label: 'My List', icon: Bookmark },
  { to: '/watch-history', label: 'Watch History', icon: History },
];

/**
 * Fixed to the bottom of the viewport: Home, My List and Watch History links, the current one
 * marked (`aria-current="page"`). The Search toggle of spec 2 joins it with search.
 */
export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-neutral-950/90 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex h-16 max-w-md items-stretch justify-around">
        {LINKS.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex flex-1">
            <NavLink
              to={to}
              className={({ isActive }) =>
                `flex flex-1 flex-col items-center justify-center gap-1 rounded-md text-xs font-medium transition-colors ${
                  isActive ? 'text-white' : 'text-neutral-400 hover:text-neutral-200'
                }`
              }
            >
              {({ isActive }) => (
                <>
                  <Icon className={`size-5 ${isActive ? 'text-accent-soft' : ''}`} />
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
