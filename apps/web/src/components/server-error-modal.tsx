/**
 * The full-screen 'Server is not responding' modal (HOME-6 in docs/requirements.md, ERR-1, ERR-9,
 * ERR-13: "Grid load errors on home"). A native modal `<dialog>`: it needs no extra code to load,
 * so it still appears when the server (which also serves the app's files) is down.
 */
import { RotateCw, ServerCrash } from 'lucide-react';
import { useEffect, useRef } from 'react';

/** The modal's title, word for word (HOME-6). */
export const SERVER_ERROR_TITLE = 'Server is not responding';

/**
 * While `open`, covers the whole screen with a modal alert dialog titled 'Server is not
 * responding', the failed call's `message` (an ERR-1 text) and a Retry button that reloads the
 * page. Escape does not close it: Retry is the way out. The rest of the page is inert meanwhile.
 */
export function ServerErrorModal({ open, message }: { open: boolean; message?: string }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="server-error-title"
      aria-describedby="server-error-message"
      onCancel={(event) => {
        event.preventDefault();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-neutral-950/85 p-4 text-neutral-100 backdrop:bg-neutral-950/70 backdrop:backdrop-blur-sm open:flex open:items-center open:justify-center"
    >
      {open && (
        <div className="flex w-full max-w-sm flex-col items-center gap-4 rounded-2xl border border-white/10 bg-neutral-900 p-6 text-center shadow-2xl">
          <span className="flex size-14 items-center justify-center rounded-full bg-rose-500/15 text-rose-400">
            <ServerCrash aria-hidden="true" className="size-7" />
          </span>
          <h2 id="server-error-title" className="text-xl font-bold tracking-tight">
            {SERVER_ERROR_TITLE}
          </h2>
          <p id="server-error-message" className="text-sm text-neutral-300">
            {message ?? 'Please check your connection, then try again.'}
          </p>
          <button
            type="button"
            autoFocus
            onClick={() => {
              window.location.reload();
            }}
            className="inline-flex items-center gap-2 rounded-md bg-accent px-5 py-2.5 font-semibold text-white hover:bg-rose-500"
          >
            <RotateCw aria-hidden="true" className="size-4" />
            Retry
          </button>
        </div>
      )}
    </dialog>
  );
}
