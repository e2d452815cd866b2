/**
 * One section of the Watch History and My List pages (LISTS-1, LISTS-2, LISTS-3 in
 * docs/requirements.md): a row of cards and View More.
 */
import { LoaderCircle } from 'lucide-react';
import type { MediaCardItem } from '../../../components/media-card.tsx';
import { MediaRow } from '../../../components/media-row.tsx';
import type { ListPage } from '../hooks/use-library-lists.ts';
import { toCardItem } from '../list-rules.ts';

/** Props of {@link LibrarySection}. */
export interface LibrarySectionProps {
  /** Row id: names the heading and keys the remembered scroll offset. */
  id: string;
  /** 'Watch History: Movies', 'My List: Shows', ... */
  title: string;
  page: ListPage;
  isLoading: boolean;
  /** A larger limit is loading: View More shows a spinner and waits. */
  isLoadingMore: boolean;
  onViewMore: () => void;
  onRemoveRequest: (item: MediaCardItem, card: HTMLAnchorElement) => void;
  /** Id of the element telling how to remove a card. */
  removeHintId: string;
}

/**
 * A {@link MediaRow} headed `title` (padded with skeletons up to 6, scroll buttons above 3 items)
 * whose cards open the removal dialog on a long-press or right-click, and, while the list
 * exceeds the current limit, a View More button under it (LIMIT-12: adds 12).
 */
export function LibrarySection({
  id,
  title,
  page,
  isLoading,
  isLoadingMore,
  onViewMore,
  onRemoveRequest,
  removeHintId,
}: LibrarySectionProps) {
  return (
    <MediaRow
      id={id}
      title={title}
      items={page.items.map(toCardItem)}
      isLoading={isLoading}
      error={null}
      onRemoveRequest={onRemoveRequest}
      cardDescribedBy={removeHintId}
      footer={
        page.hasMore && (
          <div className="px-4 md:px-8">
            <button
              type="button"
              onClick={onViewMore}
              disabled={isLoadingMore}
              aria-busy={isLoadingMore}
              className="inline-flex items-center gap-2 rounded-md border border-white/15 bg-white/5 px-4 py-2 text-sm font-medium hover:bg-white/10 disabled:cursor-wait disabled:opacity-70"
            >
              {isLoadingMore && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
              View More
            </button>
          </div>
        )
      }
    />
  );
}
