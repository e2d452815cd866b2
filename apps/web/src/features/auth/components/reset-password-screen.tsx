/**
 * `/reset-password?token=`: where the mailed reset link lands (IDENTITY-API.md). A new password
 * and its confirmation; success returns to `/` with a message in the alert bar.
 */
import { ArrowLeft } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../api/reset-password.ts';
import { showAuthMessage } from '../hooks/use-auth-alert.ts';
import { AUTH_MESSAGES } from '../messages.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordField } from './password-field.tsx';

/**
 * With a `token`: the form (both fields required and equal; the server's password policy
 * errors and expired-token errors are shown as it words them). Without one, or with the
 * `?error=` the server adds for a dead link: says the link is invalid and links back to `/`.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkBroken = !token || params.has('error');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invalid, setInvalid] = useState<'password' | 'confirm' | null>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending || !token) return;
    if (!password) {
      setInvalid('password');
      showAuthMessage(AUTH_MESSAGES.newPasswordRequired, 'error');
      document.getElementById('reset-password')?.focus();
      return;
    }
    if (password !== confirm) {
      setInvalid('confirm');
      showAuthMessage(AUTH_MESSAGES.passwordsDiffer, 'error');
      document.getElementById('reset-confirm')?.focus();
      return;
    }
    setInvalid(null);
    try {
      await reset.mutateAsync({ token, newPassword: password });
      showAuthMessage(AUTH_MESSAGES.passwordReset, 'success');
      void navigate('/', { replace: true });
    } catch (error) {
      showAuthMessage(error instanceof Error ? error.message : String(error), 'error');
    }
  };

  return (
    <AuthLayout title="Set a new password">
      {linkBroken ? (
        <p className="text-neutral-300">{AUTH_MESSAGES.resetLinkInvalid}</p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
          <PasswordField
            id="reset-password"
            label="New password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
            }}
            invalid={invalid === 'password'}
            autoComplete="new-password"
          />
          <PasswordField
            id="reset-confirm"
            label="Confirm new password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
            }}
            invalid={invalid === 'confirm'}
            autoComplete="new-password"
          />
          <button
            type="submit"
            aria-disabled={reset.isPending}
            className="mt-2 inline-flex h-11 w-full items-center justify-center rounded-lg bg-accent px-4 font-semibold text-white transition hover:bg-rose-700 aria-disabled:opacity-60"
          >
            Reset password
          </button>
        </form>
      )}
      <Link
        to="/"
        className="mt-6 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-accent-soft hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to sign in
      </Link>
    </AuthLayout>
  );
}
