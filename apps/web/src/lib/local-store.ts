/**
 * Remembered UI state (spec 3, "Remembered state"): one zustand store persisted to local
 * storage under 'PigoStream.Local'. Sign-out clears it ({@link clearLocalStore}).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Local storage key of the remembered state (spec 3). */
export const LOCAL_STORE_KEY = 'PigoStream.Local';

interface LocalState {
  /** Horizontal scroll offset of each row by row id, in px (spec 2 Home: remembered). */
  rowScroll: Record<string, number>;
  /** Remembers a row's scroll offset `left`, in px. */
  setRowScroll: (rowId: string, left: number) => void;
}

/** The persisted UI store; read with a selector, e.g. `useLocalStore((s) => s.rowScroll)`. */
export const useLocalStore = create<LocalState>()(
  persist(
    (set) => ({
      rowScroll: {},
      setRowScroll: (rowId, left) => {
        set((state) => ({ rowScroll: { ...state.rowScroll, [rowId]: Math.round(left) } }));
      },
    }),
    {
      name: LOCAL_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ rowScroll: state.rowScroll }),
    },
  ),
);

/**
 * Forgets the remembered UI state (spec 4 Auth: sign-out removes the local state): resets the
 * in-memory values, then removes the 'PigoStream.Local' key itself.
 */
export function clearLocalStore(): void {
  useLocalStore.setState({ rowScroll: {} });
  localStorage.removeItem(LOCAL_STORE_KEY);
}
