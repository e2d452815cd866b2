/**
 * The dismissible message bar at the bottom of the screen (AUTH-5 in docs/requirements.md, ERR-1).
 */
import { MessageCard, type MessageTone } from './message-card.tsx';

/** A message to show; `tone` 'error' is announced at once (role=alert), others politely. */
export interface AlertBarMessage {
  id: number;
  text: string;
  tone: MessageTone;
}

/**
 * Fixed to the bottom of the viewport above the safe area: `message` with an icon for its tone
 * and a 'Dismiss message' button calling `onDismiss`. Renders nothing without a message; the
 * caller decides how long one stays (LIMIT-1: 5 s).
 */
export function AlertBar({
  message,
  onDismiss,
}: {
  message: AlertBarMessage | null;
  onDismiss: () => void;
}) {
  if (!message) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center px-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">
      <MessageCard
        key={message.id}
        tone={message.tone}
        text={message.text}
        role={message.tone === 'error' ? 'alert' : 'status'}
        onDismiss={onDismiss}
      />
    </div>
  );
}
