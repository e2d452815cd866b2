/** The empty-lists notice's timing (spec 4 "History and list pages", spec 9: after 2 s, 5 s). */
import { useEffect, useState } from 'react';
import { EMPTY_NOTICE_DELAY_MS, EMPTY_NOTICE_VISIBLE_MS } from '../list-rules.ts';

/**
 * True from {@link EMPTY_NOTICE_DELAY_MS} ms after `empty` (not loading, no error, both lists
 * empty) becomes true until {@link EMPTY_NOTICE_VISIBLE_MS} ms later; false as soon as `empty`
 * turns false. `dismiss()` hides it early.
 */
export function useEmptyNotice(empty: boolean): { visible: boolean; dismiss: () => void } {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!empty) return;
    const show = window.setTimeout(() => {
      setVisible(true);
    }, EMPTY_NOTICE_DELAY_MS);
    const hide = window.setTimeout(() => {
      setVisible(false);
    }, EMPTY_NOTICE_DELAY_MS + EMPTY_NOTICE_VISIBLE_MS);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
      setVisible(false);
    };
  }, [empty]);

  return {
    visible: empty && visible,
    dismiss: () => {
      setVisible(false);
    },
  };
}
