/** The sign-in / sign-up landing screen at `/` (AUTH-1..6 in docs/requirements.md, AUTH-8). */
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { loadIdentity } from '../../../lib/identity-call.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useScrollMemory, type ScrollSlot } from '../../../lib/use-scroll-memory.ts';
import { loadAuthConfig } from '../api/get-auth-config.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthForm } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';

/**
 * The screen's page scroll, kept for the session as 'PigoStream.Session' `pageScrollState`
 * (DATA-15, DATA-16).
 */
const PAGE_SCROLL: ScrollSlot = {
  key: 'sign-in',
  read: () => useSessionStore.getState().pageScrollState || undefined,
  write: (px) => {
    useSessionStore.getState().set({ pageScrollState: px });
  },
};

/**
 * Starts loading the identity client and the identity settings (the e-mail providers the form
 * checks, whether Google is configured) as soon as the visitor reaches for the form.
 */
function warmUpIdentity() {
  loadIdentity().catch(() => {
    // The call that needs it will load it again and report a failure.
  });
  loadAuthConfig().catch((error: unknown) => {
    // The check that needs them asks again, and uses the defaults if the server cannot say.
    console.warn('Loading the identity settings failed', error);
  });
}

/**
 * The form in Sign in or Sign up mode, covered by a loading overlay for up to 10 s while the
 * sign-in state is determined; the page scroll is remembered for the session. The identity
 * client and the identity settings are not part of the first load: they are fetched on the first
 * focus or press in the form.
 */
export function SignInScreen() {
  const form = useAuthForm();
  useScrollMemory(PAGE_SCROLL, !form.showOverlay);
  return (
    <>
      <AuthLayout
        title={form.isSignIn ? 'Sign in' : 'Sign up'}
        intro="Discover trending movies, TV shows and anime, keep a list, and pick up where you left off."
        inert={form.showOverlay}
      >
        <div onFocusCapture={warmUpIdentity} onPointerDownCapture={warmUpIdentity}>
          <AuthForm form={form} />
        </div>
      </AuthLayout>
      {form.showOverlay && <LoadingOverlay label="Checking your sign-in…" />}
    </>
  );
}
