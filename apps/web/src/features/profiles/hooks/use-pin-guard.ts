/**
 * Changing or removing a locked profile from another one (PROFILE-8 in docs/requirements.md): the
 * PIN is asked first, in the PIN dialog, and the call is made with it.
 */
import { PIN_REQUIRED, type Profile } from '@pigostream/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { needsPin, profileErrorMessage } from '../profile-rules.ts';

/** A call on a profile, given its PIN when one was asked. */
export type GuardedCall = (pin?: string) => Promise<void>;

/** What {@link usePinGuard} answers. */
export interface PinGuard {
  /**
   * Makes `call` on `profile`: asks its PIN first when it needs one (locked, not `active`), and
   * when the server asks for it anyway. A failure that is not about the PIN goes to `onFailure`
   * with the server's message.
   */
  run: (
    profile: Profile,
    active: string,
    call: GuardedCall,
    onFailure: (text: string) => void,
  ) => void;
  /** The profile whose PIN the dialog asks for, else null. */
  locked: Profile | null;
  busy: boolean;
  /** The server's answer to the last PIN, else null. */
  error: string | null;
  /** Sends the PIN typed. */
  submit: (pin: string) => void;
  cancel: () => void;
}

/** Whether `error` is about the PIN: a 403 (asked for, wrong) or a 429 (too many attempts). */
function aboutPin(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 403 || error.status === 429);
}

/**
 * The PIN dialog's state for calls on locked profiles (PROFILE-8): a wrong PIN shows 'Wrong PIN.'
 * in the dialog for another try, too many attempts the server's message and the wait.
 */
export function usePinGuard(): PinGuard {
  const [asked, setAsked] = useState<{
    profile: Profile;
    call: GuardedCall;
    onFailure: (text: string) => void;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const attempt = async (
    profile: Profile,
    call: GuardedCall,
    onFailure: (text: string) => void,
    pin?: string,
  ) => {
    setBusy(true);
    try {
      await call(pin);
      setAsked(null);
    } catch (failure) {
      const message = profileErrorMessage(failure);
      if (pin === undefined && aboutPin(failure) && message === PIN_REQUIRED) {
        setError(null);
        setAsked({ profile, call, onFailure });
      } else if (pin !== undefined && aboutPin(failure) && profile.hasPin) {
        setError(message);
      } else {
        setAsked(null);
        onFailure(message);
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    run: (profile, active, call, onFailure) => {
      if (busy) return;
      if (needsPin(profile, active)) {
        setError(null);
        setAsked({ profile, call, onFailure });
      } else void attempt(profile, call, onFailure);
    },
    locked: asked?.profile ?? null,
    busy,
    error,
    submit: (pin) => {
      if (asked && !busy) void attempt(asked.profile, asked.call, asked.onFailure, pin);
    },
    cancel: () => {
      setAsked(null);
      setError(null);
    },
  };
}
