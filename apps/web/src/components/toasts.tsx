/** Toast messages stacked above the bottom navigation (spec 2 Home: "Toast messages"). */
import { CircleCheck, Info, X } from 'lucide-react';

/** One toast: `tone` 'success' (e.g. the welcome) or 'info' (content notices). */
export interface Toast {
  id: string;
  text: string;
  tone: 'success' | 'info';
}

const TONES = {
  success: {
    icon: CircleCheck,
    box: 'border-emerald-400/40 bg-emerald-950',
    mark: 'text-emerald-300',
  },
  info: { icon: Info, box: 'border-sky-400/40 bg-sky-950', mark: 'text-sky-300' },
} as const;

/**
 * Renders `toasts` newest last, centred above the fixed bottom navigation (5 rem plus the safe
 * area), each announced politely (role=status) with a 'Dismiss message' button calling
 * `onDismiss(id)`. The caller decides how long each stays (spec 9: 5 s).
 */
export function Toasts({
  toasts,
  onDismiss,
}: {
  toasts: readonly Toast[];
  onDismiss: (id: string) => void;
}) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-40 flex flex-col items-center gap-2 px-4">
      {toasts.map(({ id, text, tone }) => {
        const { icon: Icon, box, mark } = TONES[tone];
        return (
          <div
            key={id}
            role="status"
            data-toast={id}
            className={`pointer-events-auto flex w-full max-w-lg items-start gap-3 rounded-xl border px-4 py-3 text-sm text-neutral-50 shadow-2xl shadow-black/60 ${box}`}
          >
            <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${mark}`} />
            <p className="flex-1 leading-relaxed">{text}</p>
            <button
              type="button"
              onClick={() => {
                onDismiss(id);
              }}
              aria-label="Dismiss message"
              className="-m-1 rounded-md p-1 text-neutral-300 hover:bg-white/10 hover:text-white"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
