/**
 * Records the signed-in user with the product server (API-AUTH-1 in docs/requirements.md:
 * `POST /auth/users`).
 */
import { AUTH_USERS } from '@pigostream/contracts/identity-endpoints';
import type { ProductUser } from '@pigostream/contracts/identity';
import { useAction } from '../hooks/use-action.ts';
import { apiSend } from '../../../lib/api-client.ts';

/**
 * The contracts' `productUserSchema`, loaded with the answer (this call runs after a sign-in,
 * from the app frame: the sign-in route loads no schema library).
 */
const productUserAnswer = {
  load: () => import('@pigostream/contracts/identity').then((m) => m.productUserSchema),
};

/**
 * `POST /pigo-stream/auth/users { userUID }`: creates or updates the product's row for the
 * signed-in user; answers `{ uid, displayName, email }` (contracts `productUserSchema`). Needs a
 * verified session: unverified users get 401.
 * @throws ApiError with an ERR-1 message (its `status` and server `detail` attached).
 */
export function postAuthUser(userUID: string): Promise<ProductUser> {
  return apiSend(AUTH_USERS.method, AUTH_USERS.path, { userUID }, productUserAnswer);
}

/** {@link postAuthUser} as an action with its pending and error state. */
export function usePostAuthUser() {
  return useAction(postAuthUser);
}
