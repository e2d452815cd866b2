/**
 * The My List bookmark toggle (PLAY-2 in docs/requirements.md; PLAY-12: add only when not in the
 * list, then refetch; ERR-5: 'Failed to fetch data. Please check your connection or contact
 * support.').
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { myListQueryKey, removeFromMyList, saveToMyList } from '../../library/index.ts';
import type { PlayTarget } from '../api/get-media-info.ts';
import { useInMyList } from '../api/get-in-my-list.ts';

/** ERR-5: the message of a failed My List save or removal. */
export const LIST_FAILURE_MESSAGE =
  'Failed to fetch data. Please check your connection or contact support.';

/** How long the failure message stays, in ms (LIMIT-1: messages 5 s). */
export const LIST_MESSAGE_MS = 5000;

/** What {@link useMyListToggle} answers. */
export interface MyListToggle {
  /** True when the title is in the user's My List (the filled bookmark). */
  inList: boolean;
  /** True while the in-list check, a save or a removal runs (the spinner). */
  busy: boolean;
  /** Adds the title when it is not in the list, removes it when it is; then refetches. */
  toggle: () => void;
  /** The failure message, shown for 5 s; undefined when none. */
  message: string | undefined;
  /** Hides the failure message now. */
  dismiss: () => void;
}

/**
 * The bookmark toggle of `target` for user `uid`. After a save or a removal the whole
 * `['my-list', uid]` query family is refetched (the in-list check and the My List page).
 */
export function useMyListToggle(uid: string | undefined, target: PlayTarget): MyListToggle {
  const queryClient = useQueryClient();
  const status = useInMyList(uid, target);
  const [message, setMessage] = useState<string>();
  const inList = status.data === true;

  const mutation = useMutation({
    mutationFn: async (remove: boolean) => {
      if (!uid) throw new Error('User is not authenticated');
      if (remove) await removeFromMyList(uid, target.id, target.type);
      else await saveToMyList(uid, target.id, target.type);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myListQueryKey(uid) }),
    onError: (error) => {
      console.error('My List change failed', error);
      setMessage(LIST_FAILURE_MESSAGE);
    },
  });

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => {
      setMessage(undefined);
    }, LIST_MESSAGE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [message]);

  const { mutate, isPending } = mutation;
  const toggle = useCallback(() => {
    if (isPending) return;
    setMessage(undefined);
    mutate(inList);
  }, [inList, isPending, mutate]);

  return {
    inList,
    busy: isPending || status.isFetching || (uid !== undefined && status.isPending),
    toggle,
    message,
    dismiss: useCallback(() => {
      setMessage(undefined);
    }, []),
  };
}
