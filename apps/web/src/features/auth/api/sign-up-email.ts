/**
 * Sign-up with e-mail and password (AUTH-8 in docs/requirements.md; IDENTITY-API.md
 * `POST sign-up/email`).
 */
import { useAction } from '../hooks/use-action.ts';
import { identityCall } from '../../../lib/identity-call.ts';

/** What the Sign up form sends. */
export interface SignUpInput {
  /** Becomes the display name (AUTH-8: "the display name is set to the username"). */
  userName: string;
  email: string;
  password: string;
}

/**
 * Creates the user with display name = `userName` and mails the verification link, which signs
 * them in and returns to `/`. It starts no session, and a taken address answers exactly like a
 * new one (its owner is mailed instead), so the answer never tells whether an address is used.
 * @returns `mailDelayed`: true when the server could not send mail just now and will retry it
 *   (OPS-4), so the screen says the mail may take a while.
 * @throws ApiError with the server's message (password policy, rate limit).
 */
export async function signUpEmail({
  userName,
  email,
  password,
}: SignUpInput): Promise<{ mailDelayed: boolean }> {
  const answer = await identityCall(
    (client) => client.signUp.email({ name: userName, email, password, callbackURL: '/' }),
    (contracts) => contracts.mailingAnswerSchema,
  );
  return { mailDelayed: answer.mailDelayed === true };
}

/** {@link signUpEmail} as an action with its pending and error state. */
export function useSignUpEmail() {
  return useAction(signUpEmail);
}
