/** Records the signed-in user with the product server (spec 7: `POST /auth/users`). */
import { useAction } from '../hooks/use-action.ts';
import { apiSend } from '../../../lib/api-client.ts';

/** The product's user row, as the server answers. */
export interface ProductUser {
  uid: string;
  displayName: string | null;
  email: string | null;
}

function parseProductUser(data: unknown): ProductUser {
  const v = (data ?? {}) as Record<string, unknown>;
  if (typeof v.uid !== 'string') throw new TypeError('Unexpected /auth/users answer');
  return {
    uid: v.uid,
    displayName: typeof v.displayName === 'string' ? v.displayName : null,
    email: typeof v.email === 'string' ? v.email : null,
  };
}

/**
 * `POST /pigo-stream/auth/users { userUID }`: creates or updates the product's row for the
 * signed-in user. Needs a verified session: unverified users get 401.
 * @throws ApiError with a spec 8 message (its `status` and server `detail` attached).
 */
export function postAuthUser(userUID: string): Promise<ProductUser> {
  return apiSend('POST', '/auth/users', { userUID }, { parse: parseProductUser });
}

/** {@link postAuthUser} as an action with its pending and error state. */
export function usePostAuthUser() {
  return useAction(postAuthUser);
}
