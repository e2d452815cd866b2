/**
 * Removing one title through the confirm dialog (CARD-2 in docs/requirements.md, LISTS-5, LISTS-7:
 * the success message, ERR-5: the failure message).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import type { MediaCardItem } from '../../../components/media-card.tsx';
import { mediaTitle } from '../../../lib/media.ts';
import { LIBRARY_SOURCES } from '../api/library-source.ts';
import { LIBRARY_MESSAGES, removalQuestion, type LibraryKind } from '../list-rules.ts';
import type { Feedback } from './use-feedback.ts';

/** What {@link useRemoval} answers. */
export interface Removal {
  /** The confirm dialog's question while it is open, else null. */
  question: string | null;
  busy: boolean;
  /** Opens the dialog for `item`, asked from the `card` element. */
  request: (item: MediaCardItem, card: HTMLAnchorElement) => void;
  /** Remove: calls the server, refetches the lists, reports, then closes the dialog. */
  confirm: () => Promise<void>;
  /** Cancel, Escape or a click outside: closes the dialog. */
  cancel: () => void;
  /** Where focus goes when the dialog closes: the card, or `afterRemoval` once it is gone. */
  returnFocus: () => HTMLElement | null;
}

/**
 * State of `kind`'s removal dialog for `uid`. A success refetches every cached limit of the
 * list and reports 'Successfully removed from Watch History.' / '... My List.'; a failure
 * reports 'Failed to fetch data. Please check your connection or contact support.'; no user
 * reports 'User is not authenticated'. Reports go to `report`.
 */
export function useRemoval(
  kind: LibraryKind,
  uid: string | undefined,
  report: (text: string, tone: Feedback['tone']) => void,
  afterRemoval: RefObject<HTMLElement | null>,
): Removal {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<MediaCardItem | null>(null);
  const [busy, setBusy] = useState(false);
  const card = useRef<HTMLElement | null>(null);
  const removed = useRef(false);
  const source = LIBRARY_SOURCES[kind];

  return {
    question: target ? removalQuestion(kind, mediaTitle(target)) : null,
    busy,
    request: (item, element) => {
      card.current = element;
      removed.current = false;
      setTarget(item);
    },
    confirm: async () => {
      if (!target || busy) return;
      if (uid === undefined) {
        report(LIBRARY_MESSAGES.notAuthenticated, 'failure');
        setTarget(null);
        return;
      }
      setBusy(true);
      try {
        await source.remove(uid, target.id, target.media_type);
        await queryClient.invalidateQueries({ queryKey: source.queryKey(uid) });
        removed.current = true;
        report(LIBRARY_MESSAGES.removed[kind], 'success');
      } catch {
        report(LIBRARY_MESSAGES.removeFailed, 'failure');
      } finally {
        setBusy(false);
        setTarget(null);
      }
    },
    cancel: () => {
      setTarget(null);
    },
    returnFocus: () => (removed.current ? afterRemoval.current : card.current),
  };
}
