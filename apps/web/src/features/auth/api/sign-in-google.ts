/**
 * Sign in with Google (AUTH-4 in docs/requirements.md; IDENTITY-API.md: better-auth's generic OAuth
 * provider 'google'). The call answers `{ url, redirect }`; the browser then leaves for Google and
 * comes back to `/?signin=google` (or `/?error=...` when Google or the server refused).
 */
import { useAction } from '../hooks/use-action.ts';
import type { RedirectAnswer } from '@pigostream/contracts/identity';
import { ApiError } from '../../../lib/api-client.ts';
import { identityCall } from '../../../lib/identity-call.ts';

/** Query value marking the return from Google; the sign-in screen removes it from the address. */
export const GOOGLE_RETURN_PARAM = 'signin';

const CALLBACK_URL = `/?${GOOGLE_RETURN_PARAM}=google`;

/** Asks the server for Google's authorization URL and goes there. */
async function startGoogleSignIn(): Promise<RedirectAnswer> {
  const body = { callbackURL: CALLBACK_URL, errorCallbackURL: '/' };
  try {
    // The contract's path (better-auth's genericOAuth endpoint before 1.7)...
    return await identityCall(
      (client) =>
        client.$fetch('/sign-in/oauth2', {
          method: 'POST',
          body: { providerId: 'google', ...body },
        }),
      (contracts) => contracts.redirectAnswerSchema,
    );
  } catch (error) {
    // ...and better-auth 1.7's, where generic OAuth providers sign in through sign-in/social.
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return identityCall(
      (client) => client.signIn.social({ provider: 'google', ...body }),
      (contracts) => contracts.redirectAnswerSchema,
    );
  }
}

/**
 * Starts Google sign-in and navigates the window to Google; resolves just before leaving.
 * @throws ApiError with the server's message, or when the server gave no URL to go to.
 */
export async function signInGoogle(): Promise<void> {
  const answer = await startGoogleSignIn();
  if (!answer.url) throw new ApiError('Google sign-in is not available.');
  window.location.assign(answer.url);
}

/** {@link signInGoogle} as an action with its pending and error state. */
export function useSignInGoogle() {
  return useAction(signInGoogle);
}
