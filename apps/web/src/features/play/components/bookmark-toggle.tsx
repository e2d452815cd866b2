/**
 * The My List bookmark toggle (PLAY-1, PLAY-2 in docs/requirements.md: filled when in the list,
 * spinner while loading).
 */
import { Bookmark, BookmarkCheck, LoaderCircle } from 'lucide-react';
import type { MyListToggle } from '../hooks/use-my-list-toggle.ts';

/**
 * A toggle button (`aria-pressed` true when the title is in My List): a filled bookmark when
 * in the list, an outline one when not, a spinner while `toggle.busy`. Its name says what a
 * click does: 'Add to My List' or 'Remove from My List'.
 */
export function BookmarkToggle({
  toggle,
}: {
  toggle: Pick<MyListToggle, 'inList' | 'busy' | 'toggle'>;
}) {
  const label = toggle.inList ? 'Remove from My List' : 'Add to My List';
  const Icon = toggle.busy ? LoaderCircle : toggle.inList ? BookmarkCheck : Bookmark;
  return (
    <button
      type="button"
      aria-pressed={toggle.inList}
      aria-busy={toggle.busy}
      aria-label={label}
      title={label}
      onClick={toggle.toggle}
      disabled={toggle.busy}
      className={`inline-flex size-11 items-center justify-center rounded-full ring-1 transition disabled:cursor-wait ${
        toggle.inList
          ? 'bg-accent text-white ring-accent hover:bg-rose-500'
          : 'bg-white/10 text-neutral-100 ring-white/15 hover:bg-white/20'
      }`}
    >
      <Icon
        aria-hidden="true"
        data-testid={toggle.busy ? 'bookmark-spinner' : undefined}
        className={`size-5 ${toggle.busy ? 'animate-spin' : toggle.inList ? 'fill-current' : ''}`}
      />
    </button>
  );
}
