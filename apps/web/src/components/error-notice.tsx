/**
 * A visible, announced error message (ERR-1, ERR-13 in docs/requirements.md: load errors show an
 * error notice).
 */
import { RotateCw, TriangleAlert } from 'lucide-react';

/** Shows `message` with a warning icon and, when `onRetry` is given, a Retry button. */
export function ErrorNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-rose-500/40 bg-rose-950/40 px-4 py-3 text-sm text-rose-100"
    >
      <TriangleAlert className="size-5 shrink-0 text-rose-400" />
      <p className="flex-1">{message}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex items-center gap-1.5 rounded-md bg-white/10 px-3 py-1.5 font-medium hover:bg-white/20"
        >
          <RotateCw className="size-4" />
          Retry
        </button>
      )}
    </div>
  );
}
