/**
 * The import's steps on the Import & export page (TRANSFER-3, TRANSFER-6 in docs/requirements.md):
 * choose a file, read and preview it (`POST /transfer/preview-import`, nothing written), choose
 * among the uncertain titles, then import (`POST /transfer/apply-import`) and show what was
 * written.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { importNotTextMessage, type ImportPreview, type ImportResult } from '@pigostream/contracts';
import { decodeText } from '@pigostream/contracts/text-decoding';
import { applyImport, previewImport } from '../api/transfer.ts';
import {
  fileProblem,
  importEntries,
  TRANSFER_MESSAGES,
  transferErrorMessage,
  type ImportChoices,
} from '../transfer-rules.ts';

/**
 * Where the import is: `choose` (a file to pick; `error` from the last attempt, or null),
 * `reading` (the file is read and previewed), `preview` (the titles to confirm; `importing`
 * while the import is sent, `error` when it failed), `done` (the import's `result`).
 */
export type ImportStep =
  | { step: 'choose'; error: string | null }
  | { step: 'reading'; fileName: string }
  | { step: 'preview'; preview: ImportPreview; importing: boolean; error: string | null }
  | { step: 'done'; preview: ImportPreview; result: ImportResult };

/** What {@link useImport} answers. */
export interface ImportFlow {
  state: ImportStep;
  /** The user's candidate for each uncertain item (its index in the preview); none is Skip. */
  choices: ImportChoices;
  /** Reads `file` and previews it (a file over 20 MB is refused without a call). */
  read: (file: File) => void;
  /** Back to choosing a file, showing `message` (a drop of something other than one file). */
  refuse: (message: string) => void;
  /** Chooses candidate `key` (or Skip: '') for the item at `index`. */
  choose: (index: number, key: string) => void;
  /** Imports the matched titles and the chosen candidates. */
  apply: () => void;
  /** Back to choosing a file; a read under way is cancelled. */
  reset: () => void;
}

/**
 * The import of user `uid` (undefined while the sign-in state is checked; the page is for
 * verified users). Nothing is written before {@link ImportFlow.apply}; after it, every cached
 * query is refetched or marked stale (My List, Watch History, progress and its badge).
 */
export function useImport(uid: string | undefined): ImportFlow {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportStep>({ step: 'choose', error: null });
  const [choices, setChoices] = useState<ImportChoices>(() => new Map());
  const reading = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      reading.current?.abort();
    },
    [],
  );

  const read = useCallback(
    (file: File) => {
      reading.current?.abort();
      const problem = uid === undefined ? TRANSFER_MESSAGES.notAuthenticated : fileProblem(file);
      if (problem !== null || uid === undefined) {
        setState({ step: 'choose', error: problem });
        return;
      }
      const controller = new AbortController();
      reading.current = controller;
      setChoices(new Map());
      setState({ step: 'reading', fileName: file.name });
      // The file's bytes, decoded as `pigo import-user` decodes them (IMP-2 of docs/imports.md):
      // UTF-8, UTF-16 or Windows-1252, where `file.text()` would take every file for UTF-8.
      file
        .arrayBuffer()
        .then((bytes) => {
          const { text } = decodeText(new Uint8Array(bytes));
          // Not text (an image, a workbook, a zip): said here, before anything is sent.
          if (text.includes('\u0000')) throw new Error(importNotTextMessage(file.name));
          return previewImport(uid, file.name, text, controller.signal);
        })
        .then(
          (preview) => {
            if (controller.signal.aborted) return;
            setState({ step: 'preview', preview, importing: false, error: null });
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setState({ step: 'choose', error: transferErrorMessage(error) });
          },
        )
        .finally(() => {
          if (reading.current === controller) reading.current = null;
        });
    },
    [uid],
  );

  const choose = useCallback((index: number, key: string) => {
    setChoices((current) => {
      const next = new Map(current);
      if (key) next.set(index, key);
      else next.delete(index);
      return next;
    });
  }, []);

  const apply = useCallback(() => {
    if (state.step !== 'preview' || state.importing || uid === undefined) return;
    const { preview } = state;
    setState({ step: 'preview', preview, importing: true, error: null });
    applyImport(uid, importEntries(preview.items, choices)).then(
      (result) => {
        setState({ step: 'done', preview, result });
        void queryClient.invalidateQueries();
      },
      (error: unknown) => {
        setState({
          step: 'preview',
          preview,
          importing: false,
          error: transferErrorMessage(error),
        });
      },
    );
  }, [state, uid, choices, queryClient]);

  const refuse = useCallback((message: string | null) => {
    reading.current?.abort();
    reading.current = null;
    setChoices(new Map());
    setState({ step: 'choose', error: message });
  }, []);

  const reset = useCallback(() => {
    refuse(null);
  }, [refuse]);

  return { state, choices, read, refuse, choose, apply, reset };
}
