/**
 * Calls to the identity server (IDENTITY-API.md) without loading its client up front:
 * {@link loadIdentity} fetches better-auth's client chunk and the identity contracts on first
 * use, and {@link identityCall} turns a call's `{ data, error }` answer into a value checked by
 * its contracts schema, or an {@link ApiError} to show. Keeps the sign-in route's first load
 * lean (QUAL-1 in docs/requirements.md).
 */
import type * as IdentityContracts from '@pigostream/contracts/identity';
import { API_MESSAGES, ApiError, statusMessage, type ResponseSchema } from './api-client.ts';

/** The better-auth client and the identity contracts, loaded on first use (and then cached). */
export async function loadIdentity() {
  const [{ authClient }, contracts] = await Promise.all([
    import('./auth-client.ts'),
    import('@pigostream/contracts/identity'),
  ]);
  return { client: authClient, contracts };
}

/** The better-auth client as {@link identityCall} hands it to a call. */
export type IdentityClient = Awaited<ReturnType<typeof loadIdentity>>['client'];

/** The error half of a better-auth client answer: its `{ code, message }` body and status. */
interface ClientError {
  status: number;
}

/**
 * Runs one identity `call` (given the client) and returns its data, checked by the contracts
 * schema `pick` chooses (e.g. `(c) => c.mailingAnswerSchema`).
 * @throws ApiError with the server's `message` for a 4xx/5xx answer (its `code` and `status`
 *   attached; an ERR-1 message when it sent none), 'Failed to fetch data. Server is not
 *   responding.' when the call never got an answer or the client could not be loaded, or
 *   'Unable to fetch data. Please try again later.' for an answer of another shape.
 */
export async function identityCall<T>(
  call: (
    client: IdentityClient,
  ) => Promise<{ data: unknown; error: null } | { data: null; error: ClientError }>,
  pick: (contracts: typeof IdentityContracts) => ResponseSchema<T>,
): Promise<T> {
  let answer: Awaited<ReturnType<typeof call>>;
  let contracts: typeof IdentityContracts;
  try {
    const identity = await loadIdentity();
    contracts = identity.contracts;
    answer = await call(identity.client);
  } catch (cause) {
    throw new ApiError(API_MESSAGES.noResponse, { cause });
  }
  if (answer.error) {
    const { status } = answer.error;
    const body = contracts.identityErrorSchema.safeParse(answer.error);
    const { message, code } = body.success ? body.data : {};
    throw new ApiError(message?.trim() || statusMessage(status), { code, status });
  }
  try {
    return pick(contracts).parse(answer.data);
  } catch (cause) {
    throw new ApiError(API_MESSAGES.notOk, { cause });
  }
}
