/**
 * The message of the sign-in screen's bottom alert bar (AUTH-5 in docs/requirements.md, AUTH-5:
 * "Messages auto-clear after 5 s"). A small in-memory store, so a message set just before
 * navigating to `/` (a reset password, a failed user sync) is still shown there.
 */
import { create } from 'zustand';
import type { MessageTone } from '../../../components/message-card.tsx';

/** How long a message stays, in ms (LIMIT-1: message display 5 s). */
export const MESSAGE_DISPLAY_MS = 5_000;

/** 'error' messages are announced assertively (role=alert), the others politely. */
export type AlertTone = MessageTone;

/** One shown message; `id` changes with every message, even a repeated text. */
export interface AuthAlert {
  id: number;
  text: string;
  tone: AlertTone;
}

interface AuthAlertState {
  alert: AuthAlert | null;
}

/** The current message; read with `useAuthAlert((s) => s.alert)`. */
export const useAuthAlert = create<AuthAlertState>()(() => ({ alert: null }));

let nextId = 1;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows `text` in the alert bar for {@link MESSAGE_DISPLAY_MS} ms, replacing any message. */
export function showAuthMessage(text: string, tone: AlertTone): void {
  clearTimeout(clearTimer);
  const id = nextId++;
  useAuthAlert.setState({ alert: { id, text, tone } });
  clearTimer = setTimeout(() => {
    if (useAuthAlert.getState().alert?.id === id) useAuthAlert.setState({ alert: null });
  }, MESSAGE_DISPLAY_MS);
}

/** Removes the message now (the alert's dismiss button, a mode toggle). */
export function clearAuthMessage(): void {
  clearTimeout(clearTimer);
  useAuthAlert.setState({ alert: null });
}
