/**
 * Unit tests of the remembered UI state per profile (PROFILE-4, DATA-14 in docs/requirements.md;
 * AUTH-13: sign-out removes every profile's).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A Storage kept in memory, standing in for the browser's local storage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

// Before the store is imported (below, dynamically): it binds its storage when created.
const storage = memoryStorage();
vi.stubGlobal('localStorage', storage);

const {
  clearLocalStore,
  currentLocalStoreKey,
  forgetLocalStore,
  LOCAL_STORE_KEY,
  localStoreKey,
  selectLocalStore,
  useLocalStore,
} = await import('./local-store.ts');

/** What is stored under `key`, as the store wrote it. */
function stored(key: string): Record<string, unknown> | undefined {
  const raw = storage.getItem(key);
  return raw === null ? undefined : (JSON.parse(raw) as { state: Record<string, unknown> }).state;
}

const UID = 'u1';
const KIDS = 'p_kids';

describe('remembered UI state per profile (PROFILE-4)', () => {
  beforeEach(() => {
    clearLocalStore();
    storage.clear();
  });

  it("keys the default profile's state 'PigoStream.Local' and another's by its id", () => {
    expect(localStoreKey(UID, UID)).toBe('PigoStream.Local');
    expect(localStoreKey(UID, KIDS)).toBe('PigoStream.Local.p_kids');
    expect(LOCAL_STORE_KEY).toBe('PigoStream.Local');
  });

  it("keeps each profile's tab, provider and search apart, and brings them back", () => {
    selectLocalStore(localStoreKey(UID, UID));
    useLocalStore.getState().set({
      activeGrid: 'providers',
      selectedProvider: 8,
      searchQuery: 'matrix',
      triggerSearch: 'matrix',
      showSearchBar: true,
    });
    useLocalStore.getState().remember('playback:u1:audio-language', 'jpn');

    selectLocalStore(localStoreKey(UID, KIDS));
    expect(currentLocalStoreKey()).toBe('PigoStream.Local.p_kids');
    // Nothing stored for the other profile yet: the initial values, none of the first's.
    expect(useLocalStore.getState()).toMatchObject({
      activeGrid: 'trending',
      selectedProvider: null,
      searchQuery: '',
      triggerSearch: '',
      showSearchBar: false,
      remembered: {},
    });
    useLocalStore.getState().set({ searchQuery: 'bluey', selectedProvider: 337 });
    expect(stored('PigoStream.Local.p_kids')).toMatchObject({ searchQuery: 'bluey' });
    // The first profile's stays as it was written.
    expect(stored('PigoStream.Local')).toMatchObject({
      activeGrid: 'providers',
      selectedProvider: 8,
      searchQuery: 'matrix',
    });

    selectLocalStore(localStoreKey(UID, UID));
    expect(useLocalStore.getState()).toMatchObject({
      activeGrid: 'providers',
      selectedProvider: 8,
      searchQuery: 'matrix',
      triggerSearch: 'matrix',
      showSearchBar: true,
      remembered: { 'playback:u1:audio-language': 'jpn' },
    });

    selectLocalStore(localStoreKey(UID, KIDS));
    expect(useLocalStore.getState()).toMatchObject({
      activeGrid: 'trending',
      selectedProvider: 337,
      searchQuery: 'bluey',
    });
  });

  it('selecting the key already in use changes nothing', () => {
    selectLocalStore(LOCAL_STORE_KEY);
    useLocalStore.getState().set({ searchQuery: 'not yet saved elsewhere' });
    storage.removeItem(LOCAL_STORE_KEY);
    selectLocalStore(LOCAL_STORE_KEY);
    expect(useLocalStore.getState().searchQuery).toBe('not yet saved elsewhere');
  });

  it("sign-out (AUTH-13) removes every profile's state and goes back to 'PigoStream.Local'", () => {
    selectLocalStore(localStoreKey(UID, UID));
    useLocalStore.getState().set({ searchQuery: 'a' });
    selectLocalStore(localStoreKey(UID, KIDS));
    useLocalStore.getState().set({ searchQuery: 'b' });
    storage.setItem('PigoStream.Profile.u1', '{"last":"p_kids"}');

    clearLocalStore();
    expect(stored('PigoStream.Local')).toBeUndefined();
    expect(stored('PigoStream.Local.p_kids')).toBeUndefined();
    expect(useLocalStore.getState().searchQuery).toBe('');
    expect(currentLocalStoreKey()).toBe(LOCAL_STORE_KEY);
    // Not the remembered state: what the device knows of the account's profiles stays.
    expect(storage.getItem('PigoStream.Profile.u1')).not.toBeNull();
  });

  it("a removed profile's state goes (PROFILE-5), never the one in use", () => {
    selectLocalStore(localStoreKey(UID, KIDS));
    useLocalStore.getState().set({ searchQuery: 'b' });
    forgetLocalStore(localStoreKey(UID, KIDS));
    expect(stored('PigoStream.Local.p_kids')).toBeDefined();
    selectLocalStore(localStoreKey(UID, UID));
    forgetLocalStore(localStoreKey(UID, KIDS));
    expect(stored('PigoStream.Local.p_kids')).toBeUndefined();
  });
});
