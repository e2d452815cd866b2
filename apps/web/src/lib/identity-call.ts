/**
 * Calls to the identity server (IDENTITY-API.md) without loading its client up front:
 * {@link loadAuthClient} fetches better-auth's client chunk on first use, and
 * {@link identityCall} turns a call's `{ data, error }` answer into a value or an
 * {@link IdentityError} to show. Keeps the sign-in route's first load lean (spec 9 budget).
 */
import { API_MESSAGES } from './api-client.ts';

/** The better-auth client, loaded on first use (and cached by the module system). */
export async function loadAuthClient() {
  const { authClient } = await import('./auth-client.ts');
  return authClient;
}

/**
 * A refused or failed identity call. `message` is the identity server's own text (spec 8:
 * "Provider's message in the bottom alert"), or a spec 8 message when it did not answer;
 * `code` is its machine-readable code (e.g. 'EMAIL_NOT_VERIFIED', 'RATE_LIMITED').
 */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  readonly code: string | undefined;
  readonly status: number | undefined;

  constructor(message: string, options: { code?: string; status?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.code = options.code;
    this.status = options.status;
  }
}

/**
 * Whether a mailing call's answer says the mail could not be sent yet (the server adds
 * `mailDelayed: true` and retries the mail; issue 15).
 */
export function mailDelayedIn(answer: unknown): boolean {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { mailDelayed?: unknown }).mailDelayed === true
  );
}

/** The error half of a better-auth client answer. */
interface IdentityErrorBody {
  message?: string | undefined;
  code?: string | undefined;
  status: number;
}

/**
 * Runs one identity `call` (given the client) and returns its data.
 * @throws IdentityError with the server's message for a 4xx/5xx answer (its `code` and
 *   `status` attached), or 'Failed to fetch data. Server is not responding.' when the call
 *   never got an answer or the client could not be loaded.
 */
export async function identityCall<T>(
  call: (
    client: Awaited<ReturnType<typeof loadAuthClient>>,
  ) => Promise<{ data: T; error: null } | { data: null; error: IdentityErrorBody }>,
): Promise<T> {
  let answer: Awaited<ReturnType<typeof call>>;
  try {
    answer = await call(await loadAuthClient());
  } catch (cause) {
    throw new IdentityError(API_MESSAGES.noResponse, { cause });
  }
  if (answer.error) {
    const { message, code, status } = answer.error;
    const fallback =
      status === 502 || status === 503 || status === 504
        ? API_MESSAGES.noResponse
        : API_MESSAGES.notOk;
    throw new IdentityError(message?.trim() || fallback, { code, status });
  }
  return answer.data;
}
