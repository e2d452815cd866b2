/**
 * The Watch History and My List pages (LISTS-1, LISTS-2 in docs/requirements.md; LISTS-4..7;
 * ERR-5): the title, Clear All on Watch History, the Movies and Shows sections, the removal dialog,
 * the empty notice and the feedback messages.
 */
import { LoaderCircle, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { Toasts, type Toast } from '../../../components/toasts.tsx';
import { useClearHistory } from '../hooks/use-clear-history.ts';
import { useDelayedNotice } from '../../../lib/use-delayed-notice.ts';
import { useFeedback } from '../hooks/use-feedback.ts';
import { useLibraryLists } from '../hooks/use-library-lists.ts';
import { useRemoval } from '../hooks/use-removal.ts';
import { LIBRARY_MESSAGES, LIBRARY_TITLES, sectionTitle, type LibraryKind } from '../list-rules.ts';
import { LibrarySection } from './library-section.tsx';

/** Props of {@link LibraryScreen}. */
export interface LibraryScreenProps {
  kind: LibraryKind;
  /**
   * The signed-in user's id; null (signed out) shows 'User is not authenticated'; undefined
   * while the sign-in state is still being checked (the rows show as loading).
   */
  uid: string | null | undefined;
}

/**
 * A page of `kind`'s lists for `uid`. Successes show as toasts for 5 s; failures of a removal
 * or of Clear All as an alert for 5 s; a failed load as an error notice with Retry. When both
 * lists load empty, 'Looks like you havent watched anything yet.' / 'Looks like your list is
 * empty.' shows from 2 s to 7 s.
 */
export function LibraryScreen({ kind, uid: user }: LibraryScreenProps) {
  const uid = user ?? undefined;
  const title = LIBRARY_TITLES[kind];
  const hintId = `${kind}-remove-hint`;
  const heading = useRef<HTMLHeadingElement>(null);
  const lists = useLibraryLists(kind, uid);
  const feedback = useFeedback();
  const removal = useRemoval(kind, uid, feedback.show, heading);
  const clearing = useClearHistory(uid, feedback.show);
  const empty = useDelayedNotice(
    lists.isEmpty && !lists.error && !clearing.clearing && !lists.isLoadingMore
      ? LIBRARY_MESSAGES.emptyNotice[kind]
      : null,
  );

  const toasts: Toast[] = [];
  if (feedback.feedback?.tone === 'success') {
    toasts.push({ id: 'feedback', text: feedback.feedback.text, tone: 'success' });
  }
  if (empty.notice) {
    toasts.push({ id: 'empty', text: empty.notice, tone: 'info' });
  }
  const loading = lists.isPending || clearing.clearing;

  return (
    <div className="flex flex-col gap-8 py-6" aria-busy={loading}>
      <title>{`${title} · PigoStream`}</title>
      <header className="flex flex-wrap items-start justify-between gap-4 px-4 md:px-8">
        <div className="flex flex-col gap-1">
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight focus:outline-none md:text-3xl"
          >
            {title}
          </h1>
          <p id={hintId} className="text-sm text-neutral-400">
            To remove a title, press and hold it, right-click it, or focus it and press Shift+F10.
          </p>
        </div>
        {kind === 'watch-history' && (
          <button
            type="button"
            onClick={() => void clearing.clear()}
            disabled={lists.isPending || lists.isEmpty || clearing.clearing}
            aria-busy={clearing.clearing}
            className="inline-flex items-center gap-2 rounded-md bg-white/10 px-4 py-2 text-sm font-semibold hover:bg-white/20 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {clearing.clearing ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Trash2 aria-hidden="true" className="size-4" />
            )}
            Clear All
          </button>
        )}
      </header>

      {feedback.feedback?.tone === 'failure' && (
        <div className="px-4 md:px-8">
          <ErrorNotice message={feedback.feedback.text} />
        </div>
      )}

      {user === null ? (
        <div className="px-4 md:px-8">
          <ErrorNotice message={LIBRARY_MESSAGES.notAuthenticated} />
        </div>
      ) : (
        <>
          {lists.error && (
            <div className="px-4 md:px-8">
              <ErrorNotice message={lists.error.message} onRetry={lists.refetch} />
            </div>
          )}
          {(lists.hasData || !lists.error) &&
            (['movies', 'shows'] as const).map((section) => (
              <LibrarySection
                key={section}
                id={`${kind}-${section}`}
                title={sectionTitle(kind, section)}
                page={lists[section]}
                isLoading={loading}
                isLoadingMore={lists.isLoadingMore}
                onViewMore={section === 'movies' ? lists.viewMoreMovies : lists.viewMoreShows}
                onRemoveRequest={removal.request}
                removeHintId={hintId}
              />
            ))}
        </>
      )}

      <ConfirmDialog
        open={removal.question !== null}
        question={removal.question ?? ''}
        busy={removal.busy}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
        returnFocus={removal.returnFocus}
      />
      <Toasts
        toasts={toasts}
        onDismiss={(id) => {
          if (id === 'feedback') feedback.dismiss();
          else empty.dismiss();
        }}
      />
    </div>
  );
}
