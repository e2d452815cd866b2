/**
 * Home's search bar with its history dropdown (HOME-5 in docs/requirements.md search mode; VALID-6:
 * an empty trimmed query does nothing, a query is saved only when it differs from the latest saved
 * one).
 */
import { Search, X } from 'lucide-react';
import type { SearchHistoryEntry } from '@pigostream/contracts';
import { MAX_QUERY_LENGTH } from '@pigostream/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FocusEvent } from 'react';
import { useLocalStore } from '../../../lib/local-store.ts';
import { useRemoveSearchHistory } from '../api/remove-search-history.ts';
import { useSaveSearchHistory } from '../api/save-search-history.ts';
import { searchHistoryQueryKey, useSearchHistory } from '../api/get-search-history.ts';
import { matchingHistory, shouldSaveSearch, submittableQuery } from '../search-rules.ts';
import { SEARCH_HISTORY_ID, SearchHistoryMenu } from './search-history-menu.tsx';
import { SEARCH_ROW_IDS } from './search-results.tsx';

/** Id of the search input (the bottom bar's Search toggle focuses it). */
export const SEARCH_INPUT_ID = 'home-search-input';

/**
 * The search form: the remembered text ('PigoStream.Local' searchQuery), a clear button and a
 * submit button. Submitting a non-empty trimmed query shows its results (triggerSearch) and
 * saves it unless it equals the latest saved query (failures only logged). While the input
 * has focus, the saved searches matching its text drop down: pick one to search it again, or
 * remove it. `uid` is the signed-in user's id (their history; undefined while unknown).
 */
export function SearchBar({ uid }: { uid: string | undefined }) {
  const text = useLocalStore((s) => s.searchQuery);
  const set = useLocalStore((s) => s.set);
  const history = useSearchHistory(uid);
  const save = useSaveSearchHistory(uid);
  const remove = useRemoveSearchHistory(uid);
  const queryClient = useQueryClient();
  // The query of a save still on its way (until the history has been refetched after it): the
  // latest saved query for the VALID-6 rule, so a quick second submit is not saved twice.
  const savingQuery = useRef<string | null>(null);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const entries = matchingHistory(history.data ?? [], text);
  const showMenu = open && entries.length > 0;

  const submit = (value: string) => {
    const query = submittableQuery(value);
    if (query === null) return;
    const store = useLocalStore.getState();
    if (store.triggerSearch !== query) {
      for (const id of SEARCH_ROW_IDS) store.setRowScroll(id, 0);
    }
    set({ searchQuery: query, triggerSearch: query });
    setOpen(false);
    inputRef.current?.blur();
    const latest =
      savingQuery.current ??
      queryClient.getQueryData<SearchHistoryEntry[]>(searchHistoryQueryKey(uid))?.[0]?.query;
    if (shouldSaveSearch(query, latest)) {
      savingQuery.current = query;
      save.mutate(query, {
        onError: (error) => {
          console.error('Saving the search failed', error);
        },
        onSettled: () => {
          if (savingQuery.current === query) savingQuery.current = null;
        },
      });
    }
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  return (
    <form
      role="search"
      aria-label="Movies and shows"
      onSubmit={(event) => {
        event.preventDefault();
        submit(text);
      }}
      onBlur={onBlur}
      className="relative mx-auto w-full max-w-2xl"
    >
      <div className="flex h-12 items-center gap-1 rounded-full border border-white/15 bg-neutral-900 pr-1.5 pl-4 focus-within:border-accent-soft hover:border-white/25">
        <Search aria-hidden="true" className="size-5 shrink-0 text-neutral-400" />
        <input
          ref={inputRef}
          id={SEARCH_INPUT_ID}
          type="search"
          value={text}
          onChange={(event) => {
            set({ searchQuery: event.target.value });
            setOpen(true);
          }}
          onFocus={(event) => {
            // Focus coming back from the dropdown (Escape, a removal) leaves it as it is.
            if (!event.currentTarget.form?.contains(event.relatedTarget)) setOpen(true);
          }}
          onClick={() => {
            setOpen(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
            if (event.key === 'ArrowDown' && !open) {
              event.preventDefault();
              setOpen(true);
            } else if (event.key === 'ArrowDown' && showMenu) {
              event.preventDefault();
              document
                .querySelector<HTMLButtonElement>(`#${SEARCH_HISTORY_ID} [data-history-pick]`)
                ?.focus();
            }
          }}
          aria-label="Search movies and shows"
          aria-controls={showMenu ? SEARCH_HISTORY_ID : undefined}
          placeholder="Search movies and shows"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MAX_QUERY_LENGTH}
          className="h-full min-w-0 flex-1 bg-transparent px-2 text-base text-neutral-50 placeholder:text-neutral-500 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {text !== '' && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              set({ searchQuery: '', triggerSearch: '' });
              inputRef.current?.focus();
            }}
            className="rounded-full p-2 text-neutral-400 hover:bg-white/10 hover:text-white"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
        <button
          type="submit"
          aria-label="Search"
          className="flex size-9 items-center justify-center rounded-full bg-accent text-white hover:bg-rose-700"
        >
          <Search aria-hidden="true" className="size-4" />
        </button>
      </div>
      {showMenu && (
        <SearchHistoryMenu
          entries={entries}
          onPick={(query) => {
            set({ searchQuery: query });
            submit(query);
          }}
          onRemove={(ids) => {
            for (const id of ids) remove.mutate(id);
            inputRef.current?.focus();
          }}
          onClose={() => {
            setOpen(false);
            inputRef.current?.focus();
          }}
        />
      )}
    </form>
  );
}
