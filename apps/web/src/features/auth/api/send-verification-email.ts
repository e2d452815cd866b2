/**
 * Resend verification (AUTH-12 in docs/requirements.md; IDENTITY-API.md
 * `POST send-verification-email`).
 */
import { useAction } from '../hooks/use-action.ts';
import { identityCall } from '../../../lib/identity-call.ts';

/**
 * Mails a new verification link for `email`; the link returns to `/`.
 * @returns `mailDelayed`: true when the server could not send mail just now and will retry it.
 * @throws ApiError (the screen shows ERR-11's resend failure message instead).
 */
export async function sendVerificationEmail(email: string): Promise<{ mailDelayed: boolean }> {
  const answer = await identityCall(
    (client) => client.sendVerificationEmail({ email, callbackURL: '/' }),
    (contracts) => contracts.mailingAnswerSchema,
  );
  return { mailDelayed: answer.mailDelayed === true };
}

/** {@link sendVerificationEmail} as an action with its pending and error state. */
export function useSendVerificationEmail() {
  return useAction(sendVerificationEmail);
}
