/**
 * State and actions of the sign-in / sign-up form (AUTH-1..6 in docs/requirements.md, AUTH-8,
 * VALID-1..12, ERR-10). Inputs (never the password) and the mode live in the session store, so a
 * reload restores them; every outcome is reported through the bottom alert.
 */
import { useCallback, useState, type SubmitEvent } from 'react';
import { API_MESSAGES, ApiError } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { authConfigForCheck } from '../api/get-auth-config.ts';
import { refreshMe, type AuthUser } from '../api/get-me.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useSendVerificationEmail } from '../api/send-verification-email.ts';
import { useSignInEmail } from '../api/sign-in-email.ts';
import { useSignInGoogle } from '../api/sign-in-google.ts';
import { useSignUpEmail } from '../api/sign-up-email.ts';
import { AUTH_MESSAGES } from '../messages.ts';
import { validateAuthForm, type AuthField } from '../validation.ts';
import { clearAuthMessage, showAuthMessage } from './use-auth-alert.ts';
import { useResendCooldown } from './use-resend-cooldown.ts';
import { useSignInState } from './use-sign-in-state.ts';

/** Element ids of the form's inputs, so a failed check can move focus to its field. */
export const AUTH_FIELD_IDS: Record<AuthField, string> = {
  userName: 'auth-username',
  email: 'auth-email',
  password: 'auth-password',
};

/** The text of a failed call: the identity server's message, or an ERR-1 one. */
function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : API_MESSAGES.notOk;
}

/**
 * Everything the sign-in screen renders and does: the inputs and their setters, the mode and
 * its toggle, which field is invalid, the resend flag and cooldown (s), busy flags, the
 * overlay flag, and the actions submit, forgotPassword, resendVerification and googleSignIn.
 */
export function useAuthForm() {
  // One selector a value: no shallow compare to load for the sign-in route (QUAL-1).
  const userName = useSessionStore((s) => s.userName);
  const email = useSessionStore((s) => s.email);
  const isSignIn = useSessionStore((s) => s.isSignInState);
  const setSession = useSessionStore((s) => s.set);
  const [password, setPassword] = useState('');
  const [showResend, setShowResend] = useState(false);
  // The address Resend verification mails: the one just signed up, or the pending user's.
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<AuthField | null>(null);
  const cooldown = useResendCooldown();
  const signUp = useSignUpEmail();
  const signIn = useSignInEmail();
  const resend = useSendVerificationEmail();
  const passwordReset = useRequestPasswordReset();
  const google = useSignInGoogle();

  /**
   * AUTH-9, AUTH-10, AUTH-12: the pending message and the resend button, for an unverified user.
   */
  const markPending = useCallback(
    (user?: AuthUser | null) => {
      setShowResend(true);
      setPendingEmail(user?.email ?? null);
      showAuthMessage(AUTH_MESSAGES.verificationPending, 'info');
      const current = useSessionStore.getState().email;
      if (!current && user?.email) setSession({ email: user.email });
    },
    [setSession],
  );
  const { user, showOverlay } = useSignInState(markPending);

  const fail = (field: AuthField, message: string) => {
    setInvalidField(field);
    showAuthMessage(message, 'error');
    document.getElementById(AUTH_FIELD_IDS[field])?.focus();
  };

  /** AUTH-7, AUTH-12: toggling clears the message and the resend flag; the mode is remembered. */
  const toggleMode = () => {
    setSession({ isSignInState: !isSignIn });
    clearAuthMessage();
    setShowResend(false);
    setPendingEmail(null);
    setInvalidField(null);
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || signUp.isPending || google.isPending) return;
    const values = { isSignIn, userName: userName.trim(), email: email.trim(), password };
    const { allowedEmailDomains } = await authConfigForCheck();
    const problem = validateAuthForm(values, allowedEmailDomains);
    if (problem) {
      fail(problem.field, problem.message);
      return;
    }
    setInvalidField(null);
    try {
      if (isSignIn) {
        await signIn.mutateAsync({ email: values.email, password });
        setPassword('');
        const signedIn = await refreshMe();
        if (signedIn && !signedIn.emailVerified) markPending(signedIn);
      } else {
        // AUTH-8: the same answer for a new and a taken address; no session yet (the mailed
        // link signs in, and the welcome is left when that first session arrives).
        const { mailDelayed } = await signUp.mutateAsync(values);
        setPassword('');
        setShowResend(true);
        setPendingEmail(values.email);
        if (mailDelayed) showAuthMessage(AUTH_MESSAGES.verificationDelayed, 'info');
        else showAuthMessage(AUTH_MESSAGES.verificationSent, 'success');
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        markPending();
        return;
      }
      showAuthMessage(messageOf(error), 'error');
    }
  };

  const forgotPassword = async () => {
    const address = email.trim();
    if (!address) {
      fail('email', AUTH_MESSAGES.resetNeedsEmail);
      return;
    }
    setInvalidField(null);
    try {
      const { mailDelayed } = await passwordReset.mutateAsync(address);
      if (mailDelayed) showAuthMessage(AUTH_MESSAGES.resetDelayed, 'info');
      else showAuthMessage(AUTH_MESSAGES.resetSent, 'success');
    } catch (error) {
      showAuthMessage(messageOf(error), 'error');
    }
  };

  /**
   * AUTH-8: mails the verification link again (no session needed: after sign-up it goes to the
   * address signed up with); a 30 s cooldown follows every attempt, successful or not.
   */
  const resendVerification = async () => {
    if (cooldown.remaining > 0 || resend.isPending) return;
    const address = pendingEmail ?? user?.email ?? email.trim();
    if (!address) {
      fail('email', AUTH_MESSAGES.emailRequired);
      return;
    }
    try {
      const { mailDelayed } = await resend.mutateAsync(address);
      if (mailDelayed) showAuthMessage(AUTH_MESSAGES.verificationResendDelayed, 'info');
      else showAuthMessage(AUTH_MESSAGES.verificationResent, 'success');
    } catch (error) {
      console.error('Resending the verification e-mail failed', error);
      showAuthMessage(AUTH_MESSAGES.resendFailed, 'error');
    } finally {
      cooldown.start();
    }
  };

  const googleSignIn = async () => {
    if (!(await authConfigForCheck()).google) {
      showAuthMessage(AUTH_MESSAGES.googleNotConfigured, 'error');
      return;
    }
    try {
      await google.mutateAsync();
    } catch (error) {
      showAuthMessage(messageOf(error), 'error');
    }
  };

  return {
    isSignIn,
    userName,
    email,
    password,
    setUserName: (value: string) => {
      setSession({ userName: value });
    },
    setEmail: (value: string) => {
      setSession({ email: value });
    },
    setPassword,
    invalidField,
    showResend,
    resendCooldown: cooldown.remaining,
    showOverlay,
    isSubmitting: signIn.isPending || signUp.isPending,
    isResending: resend.isPending,
    isResetting: passwordReset.isPending,
    isGoogleBusy: google.isPending || google.isSuccess,
    toggleMode,
    submit,
    forgotPassword,
    resendVerification,
    googleSignIn,
  };
}
