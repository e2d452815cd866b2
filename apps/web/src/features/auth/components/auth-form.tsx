/**
 * The sign-in / sign-up form (AUTH-2, AUTH-3, AUTH-4 in docs/requirements.md: fields, buttons, mode
 * links).
 */
import { LoaderCircle, MailCheck } from 'lucide-react';
import { TextField } from '../../../components/text-field.tsx';
import { AUTH_FIELD_IDS, type useAuthForm } from '../hooks/use-auth-form.ts';
import { GoogleMark } from './google-mark.tsx';
import { PasswordField } from './password-field.tsx';

const PRIMARY =
  'inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg bg-accent px-4 font-semibold text-white transition hover:bg-rose-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
const SECONDARY =
  'inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg border border-white/15 bg-white/5 px-4 font-medium text-neutral-100 transition hover:bg-white/10 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

function Spinner({ on }: { on: boolean }) {
  return on ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null;
}

/**
 * Sign in mode (default): E-mail address, Password, Forgot Password, Sign in. Sign up mode:
 * Username first and a Sign up button. Both: Resend verification once verification is pending
 * (disabled with 'Try again in (Ns)' during its cooldown), Sign in with Google, and the link
 * to the other mode. `form` is {@link useAuthForm}'s state and actions.
 */
export function AuthForm({ form }: { form: ReturnType<typeof useAuthForm> }) {
  const { isSignIn, invalidField, resendCooldown } = form;
  const busy = form.isSubmitting || form.isGoogleBusy;

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={(e) => void form.submit(e)} className="flex flex-col gap-4">
        {!isSignIn && (
          <TextField
            id={AUTH_FIELD_IDS.userName}
            label="Username"
            value={form.userName}
            onChange={(e) => {
              form.setUserName(e.target.value);
            }}
            invalid={invalidField === 'userName'}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
        <TextField
          id={AUTH_FIELD_IDS.email}
          label="E-mail address"
          type="email"
          inputMode="email"
          value={form.email}
          onChange={(e) => {
            form.setEmail(e.target.value);
          }}
          invalid={invalidField === 'email'}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <div className="flex flex-col gap-2">
          <PasswordField
            id={AUTH_FIELD_IDS.password}
            label="Password"
            value={form.password}
            onChange={(e) => {
              form.setPassword(e.target.value);
            }}
            invalid={invalidField === 'password'}
            autoComplete={isSignIn ? 'current-password' : 'new-password'}
          />
          {isSignIn && (
            <button
              type="button"
              onClick={() => void form.forgotPassword()}
              disabled={form.isResetting}
              className="self-end rounded-md px-1 text-sm font-medium text-accent-soft hover:text-rose-300 hover:underline disabled:opacity-60"
            >
              Forgot Password
            </button>
          )}
        </div>
        {/* aria-disabled, not disabled: the button keeps focus while busy (the actions
            ignore presses then). */}
        <button type="submit" aria-disabled={busy} className={`${PRIMARY} mt-2`}>
          <Spinner on={form.isSubmitting} />
          {isSignIn ? 'Sign in' : 'Sign up'}
        </button>
        {form.showResend && (
          <button
            type="button"
            onClick={() => void form.resendVerification()}
            aria-disabled={resendCooldown > 0 || form.isResending}
            className={SECONDARY}
          >
            {form.isResending ? (
              <Spinner on />
            ) : (
              <MailCheck aria-hidden="true" className="size-4" />
            )}
            {resendCooldown > 0 ? `Try again in (${resendCooldown}s)` : 'Resend verification'}
          </button>
        )}
      </form>

      <div className="flex items-center gap-3 text-xs tracking-wider text-neutral-400 uppercase">
        <span className="h-px flex-1 bg-white/10" />
        or
        <span className="h-px flex-1 bg-white/10" />
      </div>

      <button
        type="button"
        onClick={() => void form.googleSignIn()}
        disabled={busy}
        className="inline-flex h-11 w-full items-center justify-center gap-3 rounded-lg bg-white px-4 font-medium text-neutral-900 transition hover:bg-neutral-200 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {form.isGoogleBusy ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <GoogleMark className="size-5" />
        )}
        Sign in with Google
      </button>

      <p className="text-center text-sm text-neutral-400">
        <button
          type="button"
          onClick={form.toggleMode}
          className="rounded-md px-1 hover:text-neutral-200"
        >
          {isSignIn ? "Don't have an account? " : 'Already have an account? '}
          <span className="font-semibold text-accent-soft underline-offset-4 hover:underline">
            {isSignIn ? 'Sign up' : 'Sign in'}
          </span>
        </button>
      </p>
    </div>
  );
}
