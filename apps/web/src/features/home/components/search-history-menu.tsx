/** The search history dropdown under the search bar (HOME-5 in docs/requirements.md, DATA-9). */
import { History, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { HistoryChoice } from '../search-rules.ts';

/** Id of the dropdown element (the search input names it in `aria-controls`). */
export const SEARCH_HISTORY_ID = 'search-history';

/**
 * A list of saved searches, newest first: clicking one calls `onPick(query)`; its
 * 'Remove "{query}" from search history' button calls `onRemove(ids)` (every entry of that
 * query). ArrowUp/ArrowDown move between the entries, Escape calls `onClose`.
 */
export function SearchHistoryMenu({
  entries,
  onPick,
  onRemove,
  onClose,
}: {
  entries: readonly HistoryChoice[];
  onPick: (query: string) => void;
  onRemove: (ids: readonly number[]) => void;
  onClose: () => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = [
      ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-history-pick]'),
    ];
    const index = items.findIndex((el) => el === document.activeElement);
    const next = items[index + (event.key === 'ArrowDown' ? 1 : -1)];
    event.preventDefault();
    if (next) next.focus();
    else if (event.key === 'ArrowUp') document.getElementById('home-search-input')?.focus();
  };

  return (
    <div
      id={SEARCH_HISTORY_ID}
      role="region"
      aria-label="Search history"
      onKeyDown={onKeyDown}
      // Keeps the focus where it is on pointer presses (Safari does not focus clicked buttons).
      onMouseDown={(event) => {
        event.preventDefault();
      }}
      className="absolute inset-x-0 top-full z-20 mt-2 max-h-80 overflow-y-auto rounded-xl border border-white/10 bg-neutral-900 py-1 shadow-2xl shadow-black/60"
    >
      <ul>
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-center gap-1 pr-1">
            <button
              type="button"
              data-history-pick
              onClick={() => {
                onPick(entry.query);
              }}
              className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-neutral-200 hover:bg-white/10 focus-visible:bg-white/10"
            >
              <History aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
              <span className="truncate">{entry.query}</span>
            </button>
            <button
              type="button"
              aria-label={`Remove "${entry.query}" from search history`}
              onClick={() => {
                onRemove(entry.ids);
              }}
              className="rounded-md p-2 text-neutral-400 hover:bg-white/10 hover:text-white"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
