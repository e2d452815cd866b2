/**
 * Toast messages stacked above the bottom navigation (HOME-1 in docs/requirements.md: "Toast
 * messages").
 */
import { MessageCard } from './message-card.tsx';

/** One toast: `tone` 'success' (e.g. the welcome) or 'info' (content notices). */
export interface Toast {
  id: string;
  text: string;
  tone: 'success' | 'info';
}

/**
 * Renders `toasts` newest last, centred above the fixed bottom navigation (5 rem plus the safe
 * area), each announced politely (role=status) with a 'Dismiss message' button calling
 * `onDismiss(id)`. The caller decides how long each stays (LIMIT-1: 5 s).
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
      {toasts.map(({ id, text, tone }) => (
        <MessageCard
          key={id}
          tone={tone}
          text={text}
          role="status"
          onDismiss={() => {
            onDismiss(id);
          }}
        />
      ))}
    </div>
  );
}
