/**
 * `/import-export` (TRANSFER-1, TRANSFER-4 in docs/requirements.md): bring My List and Watch
 * History in from Letterboxd, IMDb, Trakt or a PigoStream export, and take them out as a file. An
 * upload is previewed (how each title matched the catalogue) and nothing is written until the user
 * presses Import.
 */
import { FileDown, ListChecks, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useImport } from '../hooks/use-import.ts';
import {
  EXPORTS,
  exportHref,
  importEntries,
  importLabel,
  resultSummary,
  titleCount,
  TRANSFER_MESSAGES,
} from '../transfer-rules.ts';
import { ImportDropZone } from './import-drop-zone.tsx';
import { ImportPreviewTable } from './import-preview.tsx';

/** Props of {@link ImportExportScreen}. */
export interface ImportExportScreenProps {
  /**
   * The signed-in user's id; null (signed out) shows 'User is not authenticated'; undefined
   * while the sign-in state is still being checked.
   */
  uid: string | null | undefined;
}

const BUTTON =
  'inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';
const SECONDARY = `${BUTTON} bg-white/10 hover:bg-white/20`;

/**
 * The Import & export page: the title, what it reads, the import (a drop zone, then 'Reading
 * {file}…', then the preview with 'Import N titles' and 'Start over', then what was written)
 * and the four export downloads. Server errors show as an error notice with the server's text
 * ('watchlist.csv line 7: ...'). Focus follows the steps: the preview's heading, the result,
 * and the file input after Start over.
 */
export function ImportExportScreen({ uid: user }: ImportExportScreenProps) {
  const uid = user ?? undefined;
  const flow = useImport(uid);
  const { state } = flow;
  const focusTarget = useRef<HTMLElement | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Not on the first render: the page opens with the browser's own focus.
    if (started.current) focusTarget.current?.focus();
    started.current = true;
  }, [state.step]);

  const setFocusTarget = (element: HTMLElement | null) => {
    focusTarget.current = element;
  };
  const entries = state.step === 'preview' ? importEntries(state.preview.items, flow.choices) : [];
  const count = titleCount(entries);

  return (
    <div className="flex flex-col gap-10 px-4 py-6 md:px-8">
      <title>Import & export · PigoStream</title>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Import & export</h1>
        <p className="max-w-3xl text-sm text-neutral-400">
          Bring your lists from Letterboxd (any CSV of its export: watchlist, diary, watched,
          ratings, reviews, likes, lists), IMDb (ratings, watchlist or a list, today's layout or an
          older one), Trakt (its JSON export files) or a PigoStream export, in any text encoding.
          Watchlists and lists go to My List; anything watched or rated to Watch History.
        </p>
      </header>

      {user === null ? (
        <ErrorNotice message={TRANSFER_MESSAGES.notAuthenticated} />
      ) : (
        <>
          <section aria-labelledby="import-heading" className="flex max-w-5xl flex-col gap-4">
            <h2 id="import-heading" className="text-lg font-semibold tracking-tight md:text-xl">
              Import
            </h2>
            {state.step === 'choose' && (
              <>
                {state.error !== null && <ErrorNotice message={state.error} />}
                <ImportDropZone
                  inputRef={setFocusTarget}
                  onFile={flow.read}
                  onRefuse={flow.refuse}
                />
                <p className="text-sm text-neutral-400">
                  Nothing is saved until you check the titles and press Import.
                </p>
              </>
            )}

            {state.step === 'reading' && (
              <div className="flex flex-wrap items-center gap-4 rounded-xl border border-white/10 bg-white/5 px-4 py-6">
                <p
                  role="status"
                  className="flex flex-1 items-center gap-2 text-sm text-neutral-200"
                >
                  <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin" />
                  <span className="break-all">Reading {state.fileName}…</span>
                </p>
                <button
                  ref={setFocusTarget}
                  type="button"
                  onClick={flow.reset}
                  className={SECONDARY}
                >
                  Cancel
                </button>
              </div>
            )}

            {state.step === 'preview' && (
              <>
                <h3
                  ref={setFocusTarget}
                  tabIndex={-1}
                  className="text-base font-semibold break-all focus:outline-none"
                >
                  Preview of {state.preview.fileName}
                </h3>
                <ImportPreviewTable
                  preview={state.preview}
                  choices={flow.choices}
                  onChoose={flow.choose}
                  disabled={state.importing}
                >
                  {state.error !== null && <ErrorNotice message={state.error} />}
                  <div className="flex flex-wrap gap-3">
                    <button
                      type="button"
                      onClick={flow.apply}
                      disabled={count === 0 || state.importing}
                      aria-busy={state.importing}
                      className={`${BUTTON} bg-accent text-white hover:bg-rose-500`}
                    >
                      {state.importing && (
                        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                      )}
                      {importLabel(count)}
                    </button>
                    <button
                      type="button"
                      onClick={flow.reset}
                      disabled={state.importing}
                      className={SECONDARY}
                    >
                      Start over
                    </button>
                  </div>
                </ImportPreviewTable>
              </>
            )}

            {state.step === 'done' && (
              <>
                <div
                  role="status"
                  className="flex items-start gap-3 rounded-lg border border-emerald-500/30 bg-emerald-950/40 px-4 py-3 text-sm text-emerald-50"
                >
                  <ListChecks aria-hidden="true" className="size-5 shrink-0 text-emerald-400" />
                  <div className="flex flex-col gap-1">
                    <h3
                      ref={setFocusTarget}
                      tabIndex={-1}
                      className="font-semibold break-all focus:outline-none"
                    >
                      Imported {state.preview.fileName}
                    </h3>
                    <p data-testid="import-result">{resultSummary(state.result)}</p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-3">
                  <button type="button" onClick={flow.reset} className={SECONDARY}>
                    Start over
                  </button>
                  <Link to="/my-list" className={SECONDARY}>
                    Open My List
                  </Link>
                  <Link to="/watch-history" className={SECONDARY}>
                    Open Watch History
                  </Link>
                </div>
              </>
            )}
          </section>

          <section aria-labelledby="export-heading" className="flex max-w-5xl flex-col gap-4">
            <header className="flex flex-col gap-1">
              <h2 id="export-heading" className="text-lg font-semibold tracking-tight md:text-xl">
                Export
              </h2>
              <p className="text-sm text-neutral-400">
                Download your My List and Watch History as a file, to keep or to take elsewhere.
              </p>
            </header>
            {uid !== undefined && (
              <ul className="grid gap-3 sm:grid-cols-2">
                {EXPORTS.map(({ format, label, holds }) => (
                  <li key={format}>
                    <a
                      href={exportHref(uid, format)}
                      download
                      className="flex h-full items-start gap-3 rounded-lg border border-white/10 bg-white/5 px-4 py-3 hover:bg-white/10"
                    >
                      <FileDown aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                      <span className="flex flex-col gap-0.5">
                        <span className="text-sm font-semibold">{label}</span>
                        <span className="text-xs text-neutral-400">{holds}</span>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
