/**
 * The one shape of the errors modules raise for the API to answer: `statusCode` and a message
 * the app may show. The errors plugin (error-handler.ts) answers every one of them the same way,
 * `statusCode` with `{ error: message }`.
 */

/**
 * A module's error with its answer's status: 4xx when the request cannot be carried out as
 * asked (an unknown title, no signed-in user), 5xx when a service the server calls failed (an
 * upstream such as TMDB; logged as a warning). Subclasses keep their own `name` and message.
 */
export abstract class DomainError extends Error {
  /** The HTTP status the API answers it with. */
  abstract readonly statusCode: number;
  /** Headers the answer carries besides, e.g. `Retry-After` (seconds) on a 429. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * 429 past an attempt limit (the identity limiter's, SEC-2 in docs/requirements.md: a profile's
 * PIN, an addon token): the limiter's message, and `Retry-After` in seconds.
 */
export class AttemptsLimitedError extends DomainError {
  readonly statusCode = 429;
  override readonly headers: Readonly<Record<string, string>>;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.name = 'AttemptsLimitedError';
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}
