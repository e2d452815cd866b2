/**
 * Page scroll per history entry, as React Router's data-mode `<ScrollRestoration>` keeps it:
 * Back and Forward (and a reload) return to where the entry was left, a new navigation starts
 * at the top (or at its `#hash` target).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** Session storage key of the saved positions ([entry key, scrollY in px] pairs). */
export const SCROLL_POSITIONS_KEY = 'pigo-scroll-positions';

/** At most this many entries are remembered; the oldest go first. */
const MAX_ENTRIES = 100;

/** The saved positions, oldest first, as [entry key, scrollY] pairs. */
function readPositions(): Map<string, number> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '[]');
    if (!Array.isArray(value)) return new Map();
    return new Map(
      value.filter(
        (pair): pair is [string, number] =>
          Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'number',
      ),
    );
  } catch {
    return new Map();
  }
}

function savePosition(key: string, y: number): void {
  const positions = readPositions();
  positions.delete(key);
  positions.set(key, y);
  const pairs = [...positions].slice(-MAX_ENTRIES);
  try {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(pairs));
  } catch {
    // Storage full or refused: positions are a convenience.
  }
}

/**
 * Restores or resets the page scroll whenever the location changes; renders nothing. Mount it
 * after the routes, inside their Suspense boundary, so it runs once the new screen is shown.
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // The last scroll position seen: by the time a navigation's cleanup runs, the new screen may
  // already have clamped window.scrollY.
  const lastY = useRef(0);

  useEffect(() => {
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  useEffect(() => {
    const save = () => {
      savePosition(location.key, lastY.current);
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const saved =
      navigationType === NavigationType.Pop ? readPositions().get(location.key) : undefined;
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else if (navigationType !== NavigationType.Pop) {
      window.scrollTo(0, 0);
    }
    lastY.current = window.scrollY;
    const key = location.key;
    return () => {
      savePosition(key, lastY.current);
    };
  }, [location.key, location.hash, navigationType]);

  return null;
}
