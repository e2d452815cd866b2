/**
 * Switching the session's profile (PROFILE-3, PROFILE-4, PROFILE-8 in docs/requirements.md), as
 * the chooser and the sidebar do it: a locked profile asks for its PIN first; once switched, the
 * remembered UI state becomes the new profile's, every cached answer but the profiles' own is
 * dropped, so each list, row and badge is asked again for the new profile, and the app goes Home.
 */
import { PIN_REQUIRED, type Profile } from '@pigostream/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useMe } from '../../auth/index.ts';
import { PROFILES_QUERY_KEY, switchProfile } from '../api/profiles.ts';
import { rememberProfile } from '../profile-memory.ts';
import { activateProfileState } from './use-active-profile.ts';
import { isTooManyAttempts, profileErrorMessage } from '../profile-rules.ts';

/**
 * Drops what the app holds of the profile that was active (PROFILE-4, PROFILE-7): every cached
 * answer but the account's profiles (the personal lists, and the catalogue's rows, which a kids'
 * profile sees filtered), the ones on screen asked again. Its remembered UI state stays its own
 * ({@link activateProfileState}).
 */
export function forgetProfileData(queryClient: QueryClient): void {
  void queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== PROFILES_QUERY_KEY[0],
  });
}

/** Whether `error` is a 403 (a wrong PIN, for a call that gave one). */
function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** The state of a switch: the profile whose PIN is asked, and what went wrong. */
export interface ProfileSwitch {
  /** Chooses `profile`: goes on at once when it is `active`, asks its PIN when locked. */
  choose: (profile: Profile, active: string) => void;
  /** The locked profile whose PIN the dialog asks for, else null. */
  locked: Profile | null;
  /** Sends the PIN typed for {@link locked}. */
  submitPin: (pin: string) => void;
  /** Closes the PIN dialog. */
  cancel: () => void;
  /** The profile being switched to while the call runs, else null. */
  pending: string | null;
  /** The PIN dialog's message ('Wrong PIN.', the 429's), else null. */
  pinError: string | null;
  /** A failure outside the PIN dialog (the server's message), else null. */
  failure: string | null;
}

/**
 * A switch of profile (PROFILE-3, PROFILE-8). A profile chosen is switched to with
 * `POST /profiles/switch`, asking for its PIN in the dialog when it is locked; a wrong PIN
 * shows 'Wrong PIN.', too many attempts the server's message with the wait. Once switched, this
 * device remembers the profile for the signed-in account, the remembered UI state is the
 * profile's own (PROFILE-4), the cached answers are dropped ({@link forgetProfileData}),
 * `onSwitched` runs and the app goes to /index.
 */
export function useProfileSwitch(onSwitched?: () => void): ProfileSwitch {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useMe();
  const [locked, setLocked] = useState<Profile | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [pinError, setPinError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const done = useCallback(
    (profile: Profile, switched: boolean) => {
      if (user) {
        rememberProfile(user.uid, { last: profile.id, session: user.lastSignInTime });
        activateProfileState(user, profile.id);
      }
      if (switched) {
        queryClient.setQueryData(
          PROFILES_QUERY_KEY,
          (old) => old && { ...old, active: profile.id },
        );
        forgetProfileData(queryClient);
      }
      setLocked(null);
      onSwitched?.();
      void navigate('/index');
    },
    [navigate, onSwitched, queryClient, user],
  );

  const send = useCallback(
    async (profile: Profile, pin?: string) => {
      setPending(profile.id);
      setFailure(null);
      try {
        await switchProfile(profile.id, pin);
        done(profile, true);
      } catch (error) {
        const message = profileErrorMessage(error);
        if (error instanceof ApiError && error.status === 403 && message === PIN_REQUIRED) {
          // Locked since the list was read: its PIN is asked.
          setPinError(null);
          setLocked(profile);
        } else if (pin !== undefined && (isTooManyAttempts(error) || isForbidden(error))) {
          setPinError(message);
        } else {
          setLocked(null);
          setFailure(message);
        }
      } finally {
        setPending(null);
      }
    },
    [done],
  );

  return {
    choose: (profile, active) => {
      if (pending) return;
      setFailure(null);
      if (profile.id === active) done(profile, false);
      else if (profile.hasPin) {
        setPinError(null);
        setLocked(profile);
      } else void send(profile);
    },
    locked,
    submitPin: (pin) => {
      if (locked && !pending) void send(locked, pin);
    },
    cancel: () => {
      setLocked(null);
      setPinError(null);
    },
    pending,
    pinError,
    failure,
  };
}
