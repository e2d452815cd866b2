/**
 * A modal yes/no question (CARD-2 in docs/requirements.md: the removal confirm dialog), on Radix
 * Dialog: focus is trapped inside while open, and Escape, a click outside or on the backdrop
 * close it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  /** The question, shown as the dialog's title and accessible name. */
  question: string;
  /** Label of the confirming button (default 'Remove'). */
  confirmLabel?: string;
  /** Label of the dismissing button (default 'Cancel'). */
  cancelLabel?: string;
  /** While true the confirming button is disabled and shows a spinner. */
  busy?: boolean;
  onConfirm: () => void;
  /** Called when the dialog is dismissed: Cancel, Escape, a click outside or on the backdrop. */
  onCancel: () => void;
  /**
   * Where focus goes when the dialog closes (e.g. the card it was opened from); when it returns
   * null or an element no longer in the page, Radix's default applies.
   */
  returnFocus?: () => HTMLElement | null;
}

/**
 * An `alertdialog` titled `question` with Cancel (focused first) and a destructive confirm
 * button. The caller owns `open`: it closes the dialog after `onConfirm`'s work, or at once on
 * `onCancel`.
 */
export function ConfirmDialog({
  open,
  question,
  confirmLabel = 'Remove',
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
  returnFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="confirm-dialog-backdrop"
          className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm"
        />
        <Dialog.Content
          role="alertdialog"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const target = returnFocus?.();
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-6 rounded-2xl border border-white/10 bg-neutral-900 p-6 text-neutral-100 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-lg leading-snug font-semibold break-words">
            {question}
          </Dialog.Title>
          <div className="flex justify-end gap-3">
            <Dialog.Close className="rounded-md bg-white/10 px-4 py-2 font-medium hover:bg-white/20">
              {cancelLabel}
            </Dialog.Close>
            <button
              type="button"
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy}
              className="inline-flex items-center gap-2 rounded-md bg-accent px-4 py-2 font-semibold text-white hover:bg-rose-500 disabled:cursor-wait disabled:opacity-70"
            >
              {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
