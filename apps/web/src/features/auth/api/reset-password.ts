/** Sets a new password from a mailed link (IDENTITY-API.md `POST reset-password`). */
import { useAction } from '../hooks/use-action.ts';
import { identityCall } from '../../../lib/identity-call.ts';

/** What the reset-password form sends. */
export interface ResetPasswordInput {
  /** The `token` query value of the mailed link. */
  token: string;
  newPassword: string;
}

/**
 * Replaces the password of the link's user.
 * @throws ApiError with the server's message (expired or used token, password policy).
 */
export async function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<void> {
  await identityCall(
    (client) => client.resetPassword({ token, newPassword }),
    (contracts) => contracts.identityAnswerSchema,
  );
}

/** {@link resetPassword} as an action with its pending and error state. */
export function useResetPassword() {
  return useAction(resetPassword);
}
