/**
 * Page scroll per history entry, as React Router's data-mode `<ScrollRestoration>` keeps it,
 * through the app's one scroll memory (lib/use-scroll-memory.ts).
 */
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { useScrollMemory, type ScrollSlot } from '../lib/use-scroll-memory.ts';

/** Session storage key of the saved positions ([entry, scrollY in px] pairs). */
export const SCROLL_POSITIONS_KEY = 'pigo-scroll-positions';

/** At most this many entries are remembered; the oldest go first. */
const MAX_ENTRIES = 100;

/** The saved positions by entry (history key and screen), oldest first. */
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
 * The page scroll of each history entry (UI-1, ROUTE-1 in docs/requirements.md: every screen comes
 * back at its last scroll on Back and Forward); renders nothing. An entry is its history key and
 * its screen (path and query): a full load (typed URL, reload) gives its first entry the key
 * 'default', so the key alone would hand one screen's offset to another (UI-1). Back, Forward and a
 * reload return to where the entry was left, or to the top when it was never left; a new navigation
 * starts at the top, or at its `#hash` target. Mount it before the routes, inside their Suspense
 * boundary: its restore runs in the commit that shows the new screen, before the screen's own
 * (Home's remembered scroll).
 */
export function ScrollMemory() {
  const { key, pathname, search, hash } = useLocation();
  const navigationType = useNavigationType();
  const entry = `${key} ${pathname}${search}`;
  const slot = useMemo<ScrollSlot>(
    () => ({
      key: entry,
      read: () => {
        const saved =
          navigationType === NavigationType.Pop ? readPositions().get(entry) : undefined;
        return saved ?? (hash ? undefined : 0);
      },
      write: (y) => {
        savePosition(entry, y);
      },
    }),
    [entry, hash, navigationType],
  );
  useScrollMemory(slot, true);

  useLayoutEffect(() => {
    if (!hash || (navigationType === NavigationType.Pop && readPositions().has(entry))) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [entry, hash, navigationType]);

  useEffect(() => {
    // The app restores every entry's scroll itself, for as long as it runs.
    window.history.scrollRestoration = 'manual';
  }, []);

  return null;
}
