/** Sign-out (AUTH-13 in docs/requirements.md; IDENTITY-API.md `POST sign-out`). */
import { useAction } from '../hooks/use-action.ts';
import { identityCall } from '../../../lib/identity-call.ts';

/**
 * Ends the session on the server (the identity client is loaded on first use).
 * @throws ApiError with the server's message, or when it did not answer.
 */
export async function signOut(): Promise<void> {
  await identityCall(
    (client) => client.signOut(),
    (contracts) => contracts.identityAnswerSchema,
  );
}

/** {@link signOut} as an action with its pending and error state. */
export function useSignOutMutation() {
  return useAction(signOut);
}
