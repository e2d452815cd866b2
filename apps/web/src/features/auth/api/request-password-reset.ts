/**
 * Forgot Password (AUTH-15 in docs/requirements.md, VALID-4, VALID-5; IDENTITY-API.md
 * `POST request-password-reset`).
 */
import { useAction } from '../hooks/use-action.ts';
import { identityCall } from '../../../lib/identity-call.ts';

/** App path the mailed reset link leads to, with `?token=` (or `?error=`) added. */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Mails a reset link for `email` if it is registered (the answer never says whether it is).
 * @returns `mailDelayed`: true when the server could not send mail just now and will retry it.
 * @throws ApiError with the server's message (e.g. the rate limit).
 */
export async function requestPasswordReset(email: string): Promise<{ mailDelayed: boolean }> {
  const answer = await identityCall(
    (client) => client.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH }),
    (contracts) => contracts.mailingAnswerSchema,
  );
  return { mailDelayed: answer.mailDelayed === true };
}

/** {@link requestPasswordReset} as an action with its pending and error state. */
export function useRequestPasswordReset() {
  return useAction(requestPasswordReset);
}
