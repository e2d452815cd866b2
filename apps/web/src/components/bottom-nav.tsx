/**
 * The bottom navigation bar (HOME-1 in docs/requirements.md; ARCH-33 in docs/architecture.md: on
 * every screen size).
 */
import { Bookmark, History, House, Search, X, type LucideIcon } from 'lucide-react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useLocalStore } from '../lib/local-store.ts';

const LINKS: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/index', label: 'Home', icon: House },
  { to: '/my-list', label: 'My List', icon: Bookmark },
  { to: '/watch-history', label: 'Watch History', icon: History },
];

/** Id of Home's search input, focused when search mode is switched on. */
const SEARCH_INPUT_ID = 'home-search-input';

const ITEM =
  'flex flex-1 flex-col items-center justify-center gap-1 rounded-md text-xs font-medium transition-colors';

/**
 * Fixed to the bottom of the viewport: Home, My List and Watch History links, the current one
 * marked (`aria-current="page"`), and the Search toggle (HOME-1, HOME-5), which reads 'Close' while
 * Home is in search mode and 'Search' otherwise. Toggling clears the search text and scrolls to
 * the top (HOME-5); from another screen, Search opens Home in search mode.
 */
export function BottomNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const showSearchBar = useLocalStore((s) => s.showSearchBar);
  const onHome = pathname === '/index';
  const searchOpen = onHome && showSearchBar;
  const SearchIcon = searchOpen ? X : Search;

  const toggleSearch = () => {
    const store = useLocalStore.getState();
    if (!onHome) {
      if (!store.showSearchBar) store.toggleSearch();
      else store.set({ searchQuery: '', triggerSearch: '', pageScroll: 0 });
      void navigate('/index');
      return;
    }
    store.toggleSearch();
    window.scrollTo({ top: 0, behavior: 'instant' });
    if (!searchOpen) {
      requestAnimationFrame(() => {
        document.getElementById(SEARCH_INPUT_ID)?.focus();
      });
    }
  };

  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-neutral-950/90 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex h-16 max-w-lg items-stretch justify-around">
        {LINKS.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex flex-1">
            <NavLink
              to={to}
              className={({ isActive }) =>
                `${ITEM} ${isActive ? 'text-white' : 'text-neutral-400 hover:text-neutral-200'}`
              }
            >
              {({ isActive }) => (
                <>
                  <Icon
                    aria-hidden="true"
                    className={`size-5 ${isActive ? 'text-accent-soft' : ''}`}
                  />
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
        <li className="flex flex-1">
          <button
            type="button"
            onClick={toggleSearch}
            className={`${ITEM} ${searchOpen ? 'text-white' : 'text-neutral-400 hover:text-neutral-200'}`}
          >
            <SearchIcon
              aria-hidden="true"
              className={`size-5 ${searchOpen ? 'text-accent-soft' : ''}`}
            />
            {searchOpen ? 'Close' : 'Search'}
          </button>
        </li>
      </ul>
    </nav>
  );
}
