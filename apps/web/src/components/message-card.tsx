/**
 * One message card, as the sign-in screen's alert bar and Home's and the lists' toasts show it
 * (AUTH-5 in docs/requirements.md: "A dismissible alert bar", "Toast messages"): the one table of
 * tones.
 */
import { CircleAlert, CircleCheck, Info, X, type LucideIcon } from 'lucide-react';

/** How a message reads: a success, an error or a plain notice. */
export type MessageTone = 'success' | 'error' | 'info';

/** Each tone's icon, card border and background, and icon colour. */
const TONES: Record<MessageTone, { icon: LucideIcon; box: string; mark: string }> = {
  success: {
    icon: CircleCheck,
    box: 'border-emerald-400/40 bg-emerald-950',
    mark: 'text-emerald-300',
  },
  error: { icon: CircleAlert, box: 'border-rose-400/50 bg-rose-950', mark: 'text-rose-300' },
  info: { icon: Info, box: 'border-sky-400/40 bg-sky-950', mark: 'text-sky-300' },
};

/**
 * `text` on its tone's card with the tone's icon and a 'Dismiss message' button calling
 * `onDismiss`. `role` 'alert' announces it at once, 'status' politely.
 */
export function MessageCard({
  tone,
  text,
  role,
  onDismiss,
}: {
  tone: MessageTone;
  text: string;
  role: 'alert' | 'status';
  onDismiss: () => void;
}) {
  const { icon: Icon, box, mark } = TONES[tone];
  return (
    <div
      role={role}
      className={`pointer-events-auto flex w-full max-w-lg items-start gap-3 rounded-xl border px-4 py-3 text-sm text-neutral-50 shadow-2xl shadow-black/60 ${box}`}
    >
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${mark}`} />
      <p className="flex-1 leading-relaxed">{text}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss message"
        className="-m-1 rounded-md p-1 text-neutral-300 hover:bg-white/10 hover:text-white"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
