/**
 * Remembered UI state (DATA-16 in docs/requirements.md): one zustand store persisted to local
 * storage as `{ state: { ... }, version }`, one key per profile (PROFILE-4: remembered UI state is
 * the active profile's): 'PigoStream.Local' for an account's default profile, whose id is the
 * user id, and 'PigoStream.Local.<profile id>' for each other one ({@link localStoreKey}); the
 * profiles feature points the store at the session's active profile ({@link selectLocalStore}).
 * Home keeps its active grid, selected provider, search text, search mode (`showSearchBar`,
 * `triggerSearch`), page scroll and row scroll offsets here. Sign-out clears every profile's
 * ({@link clearLocalStore}).
 */
import { useCallback, useMemo } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useScrollMemory, type ScrollSlot } from './use-scroll-memory.ts';

/** Local storage key of the remembered state (DATA-14, DATA-16): the default profile's. */
export const LOCAL_STORE_KEY = 'PigoStream.Local';

/**
 * The local storage key of the remembered state of profile `profileId` of account `uid`
 * (PROFILE-4, DATA-14): {@link LOCAL_STORE_KEY} for the default profile (its id is the user id),
 * so what was remembered before profiles stays its own; `PigoStream.Local.<profileId>` for
 * another.
 */
export function localStoreKey(uid: string, profileId: string): string {
  return profileId === uid ? LOCAL_STORE_KEY : `${LOCAL_STORE_KEY}.${profileId}`;
}

/** The Home tabs (HOME-4, HOME-11: trending or providers). */
export type ActiveGrid = 'trending' | 'providers';

/** The remembered values. */
export interface LocalValues {
  /** Horizontal scroll offset of each row by row id, in px (HOME-7: remembered). */
  rowScroll: Record<string, number>;
  /** Home's active tab (HOME-4: default trending). */
  activeGrid: ActiveGrid;
  /** Id of the selected provider; null until one is picked (HOME-11: defaults to the first). */
  selectedProvider: number | null;
  /** The search bar's text as typed (DATA-14: searchQuery). */
  searchQuery: string;
  /** Search mode, toggled by the bottom bar (DATA-14: showSearchBar). */
  showSearchBar: boolean;
  /**
   * The submitted, trimmed query whose results are shown; '' when none (DATA-14: triggerSearch).
   */
  triggerSearch: string;
  /** Home's vertical page scroll, in px (HOME-7: page scroll remembered). */
  pageScroll: number;
  /**
   * The other screens' remembered values (DATA-5, DATA-16: selected server, season, per-season
   * episode, cast slice size, relation index, per-relation episode and page, list limits), by a key
   * the screen owns (e.g. `play:tv:1396:season`). Read and written with {@link useRemembered}.
   */
  remembered: Record<string, unknown>;
}

interface LocalState extends LocalValues {
  /** Remembers a row's scroll offset `left`, in px. */
  setRowScroll: (rowId: string, left: number) => void;
  /** Merges `values` into the remembered state. */
  set: (values: Partial<Omit<LocalValues, 'rowScroll'>>) => void;
  /**
   * HOME-5: toggles search mode, clears the search text and the shown results, and resets
   * the remembered page scroll (the caller scrolls the window to the top).
   */
  toggleSearch: () => void;
  /** Remembers `value` (any JSON value) under `key` in {@link LocalValues.remembered}. */
  remember: (key: string, value: unknown) => void;
}

const INITIAL: LocalValues = {
  rowScroll: {},
  activeGrid: 'trending',
  selectedProvider: null,
  searchQuery: '',
  showSearchBar: false,
  triggerSearch: '',
  pageScroll: 0,
  remembered: {},
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keeps only well-formed remembered values, so a stale or edited key cannot break Home. */
function sanitize(persisted: unknown): Partial<LocalValues> {
  if (!isRecord(persisted)) return {};
  const v = persisted;
  const out: Partial<LocalValues> = {};
  if (isRecord(v.rowScroll)) {
    out.rowScroll = Object.fromEntries(
      Object.entries(v.rowScroll).filter(
        (e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]),
      ),
    );
  }
  if (v.activeGrid === 'trending' || v.activeGrid === 'providers') out.activeGrid = v.activeGrid;
  if (typeof v.selectedProvider === 'number' || v.selectedProvider === null) {
    out.selectedProvider = v.selectedProvider;
  }
  if (typeof v.searchQuery === 'string') out.searchQuery = v.searchQuery;
  if (typeof v.showSearchBar === 'boolean') out.showSearchBar = v.showSearchBar;
  if (typeof v.triggerSearch === 'string') out.triggerSearch = v.triggerSearch;
  if (typeof v.pageScroll === 'number' && Number.isFinite(v.pageScroll)) {
    out.pageScroll = v.pageScroll;
  }
  if (isRecord(v.remembered)) out.remembered = v.remembered;
  return out;
}

/** The persisted UI store; read with a selector, e.g. `useLocalStore((s) => s.rowScroll)`. */
export const useLocalStore = create<LocalState>()(
  persist(
    (set) => ({
      ...INITIAL,
      setRowScroll: (rowId, left) => {
        set((state) => ({ rowScroll: { ...state.rowScroll, [rowId]: Math.round(left) } }));
      },
      set: (values) => {
        set(values);
      },
      toggleSearch: () => {
        set((state) => ({
          showSearchBar: !state.showSearchBar,
          searchQuery: '',
          triggerSearch: '',
          pageScroll: 0,
        }));
      },
      remember: (key, value) => {
        set((state) => ({ remembered: { ...state.remembered, [key]: value } }));
      },
    }),
    {
      name: LOCAL_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Every value from the key read, the initial ones where it holds none: a profile's state
      // never shows another's ({@link selectLocalStore}).
      merge: (persisted, current) => ({ ...current, ...INITIAL, ...sanitize(persisted) }),
      partialize: ({
        rowScroll,
        activeGrid,
        selectedProvider,
        searchQuery,
        showSearchBar,
        triggerSearch,
        pageScroll,
        remembered,
      }): LocalValues => ({
        rowScroll,
        activeGrid,
        selectedProvider,
        searchQuery,
        showSearchBar,
        triggerSearch,
        pageScroll,
        remembered,
      }),
    },
  ),
);

/**
 * The store's persistence, or undefined where there is no local storage (the server's render
 * of the first screen: the store then lives in memory only).
 */
function persistence(): (typeof useLocalStore)['persist'] | undefined {
  return (useLocalStore as Partial<Pick<typeof useLocalStore, 'persist'>>).persist;
}

/** The key the store reads and writes now (PROFILE-4). */
export function currentLocalStoreKey(): string {
  return persistence()?.getOptions().name ?? LOCAL_STORE_KEY;
}

/**
 * PROFILE-4: makes the store the remembered state under `key` ({@link localStoreKey} of the
 * session's active profile). Nothing happens when it is already; otherwise the state in memory
 * stays under its own key, as written, and the state under `key` is read (nothing stored there:
 * the initial values). Local storage answers at once, so the store holds it on return.
 */
export function selectLocalStore(key: string): void {
  const persist = persistence();
  if (!persist || persist.getOptions().name === key) return;
  persist.setOptions({ name: key });
  void persist.rehydrate();
}

/** The local storage keys of every profile's remembered state on this device (PROFILE-4). */
function localStoreKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key === LOCAL_STORE_KEY || key?.startsWith(`${LOCAL_STORE_KEY}.`)) keys.push(key);
  }
  return keys;
}

/**
 * Forgets the remembered UI state (AUTH-13: sign-out removes the local state): resets the
 * in-memory values, removes 'PigoStream.Local' and every profile's 'PigoStream.Local.<id>'
 * (PROFILE-4), and points the store back at 'PigoStream.Local'.
 */
export function clearLocalStore(): void {
  useLocalStore.setState(INITIAL);
  for (const key of localStoreKeys()) localStorage.removeItem(key);
  persistence()?.setOptions({ name: LOCAL_STORE_KEY });
}

/**
 * Forgets the remembered UI state under `key` (PROFILE-5: a removed profile's goes with it). The
 * key the store is on is left alone: a caller removing the active profile points the store at
 * the profile now active first ({@link selectLocalStore}).
 */
export function forgetLocalStore(key: string): void {
  if (key !== currentLocalStoreKey()) localStorage.removeItem(key);
}

/**
 * A remembered value of `key` (DATA-16 "other remembered values") and its setter. `check` turns
 * what was stored into a `T`, or undefined when it is missing or malformed (an edited or stale
 * key then reads as `fallback`), so a bad stored value can never break a screen.
 */
export function useRemembered<T>(
  key: string,
  check: (stored: unknown) => T | undefined,
  fallback: T,
): [T, (value: T) => void] {
  const stored = useLocalStore((s) => s.remembered[key]);
  const remember = useLocalStore((s) => s.remember);
  const value = check(stored) ?? fallback;
  const setValue = useCallback(
    (next: T) => {
      remember(key, next);
    },
    [key, remember],
  );
  return [value, setValue];
}

/** {@link useRemembered}'s check for a whole number from `min` up (an index, a limit, an id). */
export function wholeNumberFrom(min: number) {
  return (stored: unknown): number | undefined =>
    typeof stored === 'number' && Number.isInteger(stored) && stored >= min ? stored : undefined;
}

/** {@link useRemembered}'s check for a string. */
export function aString(stored: unknown): string | undefined {
  return typeof stored === 'string' ? stored : undefined;
}

/**
 * A sideways row's remembered `scrollLeft` (px), kept in 'PigoStream.Local' under `rowId` (DATA-14,
 * DATA-16: row scroll positions). Returns the `ref` and `onScroll` to give the scroller; the offset
 * is restored once `ready` (the row's items are rendered).
 */
export function useRowScrollMemory<E extends HTMLElement>(rowId: string, ready: boolean) {
  const slot = useMemo<ScrollSlot>(
    () => ({
      key: `row:${rowId}`,
      read: () => useLocalStore.getState().rowScroll[rowId],
      write: (px) => {
        useLocalStore.getState().setRowScroll(rowId, px);
      },
    }),
    [rowId],
  );
  return useScrollMemory<E>(slot, ready, 'row');
}
