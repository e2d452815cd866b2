/**
 * Sign-in with e-mail and password (AUTH-9 in docs/requirements.md; IDENTITY-API.md
 * `POST sign-in/email`).
 */
import { useAction } from '../hooks/use-action.ts';
import { identityCall } from '../../../lib/identity-call.ts';

/** What the Sign in form sends. */
export interface SignInInput {
  email: string;
  password: string;
}

/**
 * Starts a session. Unverified users get one too (the app then shows the pending state).
 * @throws ApiError with the server's message (wrong password, unknown address, rate
 *   limit), or code 'EMAIL_NOT_VERIFIED' if the server refuses unverified users instead.
 */
export async function signInEmail({ email, password }: SignInInput): Promise<void> {
  await identityCall(
    (client) => client.signIn.email({ email, password, callbackURL: '/' }),
    (contracts) => contracts.identityAnswerSchema,
  );
}

/** {@link signInEmail} as an action with its pending and error state. */
export function useSignInEmail() {
  return useAction(signInEmail);
}
