/** Sign-up with e-mail and password (spec 4 Auth; IDENTITY-API.md `POST sign-up/email`). */
import { useAction } from '../hooks/use-action.ts';
import { identityCall } from '../../../lib/identity-call.ts';

/** What the Sign up form sends. */
export interface SignUpInput {
  /** Becomes the display name (spec 4: "the display name is set to the username"). */
  userName: string;
  email: string;
  password: string;
}

/**
 * Creates the user with display name = `userName` and signs them in unverified; the server
 * mails the verification link, which returns to `/`.
 * @throws IdentityError with the server's message (taken address, password policy, rate limit).
 */
export async function signUpEmail({ userName, email, password }: SignUpInput): Promise<void> {
  await identityCall((client) =>
    client.signUp.email({ name: userName, email, password, callbackURL: '/' }),
  );
}

/** {@link signUpEmail} as an action with its pending and error state. */
export function useSignUpEmail() {
  return useAction(signUpEmail);
}
