/**
 * The PIN dialog (PROFILE-8 in docs/requirements.md): asks for a locked profile's 4-digit PIN
 * before a switch to it, or a change or removal of it from another profile. A Radix dialog: focus
 * starts in the PIN field and stays inside; Escape or Cancel closes it.
 */
import type { Profile } from '@pigostream/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { isPin } from '../profile-rules.ts';
import { ProfileAvatar } from './profile-avatar.tsx';

/** Props of {@link PinDialog}. */
export interface PinDialogProps {
  /** The locked profile; the dialog is open while there is one. */
  profile: Pick<Profile, 'name' | 'avatar'> | null;
  /** The confirming button's label (default 'Unlock'). */
  action?: string;
  /** While true the PIN is being checked: the field and the button wait. */
  busy: boolean;
  /**
   * The server's answer to the last PIN ('Wrong PIN.'; after too many attempts, the 429's
   * 'Too many attempts. Please wait a minute and try again.'), else null.
   */
  error: string | null;
  /** Called with the 4 digits typed (also once the 4th is typed). */
  onSubmit: (pin: string) => void;
  /** Cancel, Escape or a click outside. */
  onCancel: () => void;
}

/**
 * PROFILE-8's PIN prompt: a dialog titled 'Enter the PIN for {name}' with the profile's avatar and
 * one numeric PIN field (4 digits, masked), which sends itself once 4 digits are typed and empties
 * for the next try; the server's message below it (announced), which after too many attempts says
 * how long to wait. Each opening starts with an empty field.
 */
export function PinDialog(props: PinDialogProps) {
  const { profile, onCancel } = props;
  return (
    <Dialog.Root
      open={profile !== null}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        {profile && <PinForm {...props} profile={profile} />}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The dialog's content, mounted while it is open; focus goes back to `opener` (what had it as
 * the dialog opened) when it closes.
 */
function PinForm({
  profile,
  action = 'Unlock',
  busy,
  error,
  onSubmit,
}: PinDialogProps & { profile: Pick<Profile, 'name' | 'avatar'> }) {
  const [pin, setPin] = useState('');
  const opener = useRef<HTMLElement | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const wasBusy = useRef(false);
  useEffect(() => {
    // Ready for the next try once an answer is in (the dialog's opening focuses it first).
    if (wasBusy.current && !busy) field.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  const submit = (value: string) => {
    if (!isPin(value) || busy) return;
    setPin('');
    onSubmit(value);
  };

  return (
    <Dialog.Content
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        // Once: StrictMode mounts the dialog twice in development, the second time from the field.
        opener.current ??=
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        field.current?.focus();
      }}
      onCloseAutoFocus={(event) => {
        if (!opener.current?.isConnected) return;
        event.preventDefault();
        opener.current.focus();
      }}
      className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-5 rounded-2xl border border-white/10 bg-neutral-900 p-6 text-center text-neutral-100 shadow-2xl focus:outline-none"
    >
      <ProfileAvatar avatar={profile.avatar} name={profile.name} size={72} />
      <div className="flex flex-col gap-1">
        <Dialog.Title className="text-lg leading-snug font-semibold break-words">
          Enter the PIN for {profile.name}
        </Dialog.Title>
        <Dialog.Description className="inline-flex items-center justify-center gap-1.5 text-sm text-neutral-400">
          <Lock aria-hidden="true" className="size-3.5" />
          This profile is locked with a PIN.
        </Dialog.Description>
      </div>
      <form
        noValidate
        className="flex w-full flex-col items-center gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit(pin);
        }}
      >
        <label htmlFor="profile-pin" className="sr-only">
          PIN
        </label>
        <input
          ref={field}
          id="profile-pin"
          type="password"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          pattern="[0-9]{4}"
          value={pin}
          readOnly={busy}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? 'profile-pin-error' : undefined}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, 4);
            if (digits.length === 4) submit(digits);
            else setPin(digits);
          }}
          className="h-14 w-44 rounded-xl border border-white/15 bg-neutral-950 text-center font-mono text-3xl tracking-[0.6em] text-neutral-50 indent-[0.6em] hover:border-white/25 focus-visible:border-accent-soft focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent-soft aria-invalid:border-rose-400"
        />
        {error && (
          <p id="profile-pin-error" role="alert" className="text-sm text-rose-300">
            {error}
          </p>
        )}
        <div className="flex w-full justify-end gap-3">
          <Dialog.Close
            type="button"
            className="rounded-md bg-white/10 px-4 py-2 font-medium hover:bg-white/20"
          >
            Cancel
          </Dialog.Close>
          <button
            type="submit"
            disabled={busy || !isPin(pin)}
            aria-busy={busy}
            className="inline-flex items-center gap-2 rounded-md bg-accent px-4 py-2 font-semibold text-white hover:bg-rose-500 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            {action}
          </button>
        </div>
      </form>
    </Dialog.Content>
  );
}
