/** The dismissible message bar at the bottom of the screen (spec 2 sign-in screen, spec 8). */
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';

/** A message to show; `tone` 'error' is announced at once (role=alert), others politely. */
export interface AlertBarMessage {
  id: number;
  text: string;
  tone: 'success' | 'error' | 'info';
}

const TONES = {
  success: {
    icon: CircleCheck,
    box: 'border-emerald-400/40 bg-emerald-950',
    mark: 'text-emerald-300',
  },
  error: { icon: CircleAlert, box: 'border-rose-400/50 bg-rose-950', mark: 'text-rose-300' },
  info: { icon: Info, box: 'border-sky-400/40 bg-sky-950', mark: 'text-sky-300' },
} as const;

/**
 * Fixed to the bottom of the viewport above the safe area: `message` with an icon for its tone
 * and a 'Dismiss message' button calling `onDismiss`. Renders nothing without a message; the
 * caller decides how long one stays (spec 9: 5 s).
 */
export function AlertBar({
  message,
  onDismiss,
}: {
  message: AlertBarMessage | null;
  onDismiss: () => void;
}) {
  if (!message) return null;
  const { icon: Icon, box, mark } = TONES[message.tone];
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center px-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">
      <div
        key={message.id}
        role={message.tone === 'error' ? 'alert' : 'status'}
        className={`pointer-events-auto flex w-full max-w-lg items-start gap-3 rounded-xl border px-4 py-3 text-sm text-neutral-50 shadow-2xl shadow-black/60 ${box}`}
      >
        <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${mark}`} />
        <p className="flex-1 leading-relaxed">{message.text}</p>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className="-m-1 rounded-md p-1 text-neutral-300 hover:bg-white/10 hover:text-white"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
