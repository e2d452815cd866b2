/**
 * Raised when an upstream service (TMDB, AniList) fails or does not answer in time; routes
 * answer `status` (502, or 503 while rate-limited) with `{ error: message }`.
 */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    message: string,
    readonly status = 502,
  ) {
    super(message);
  }
}

/**
 * An upstream answer that cannot be used: the requested item's own id or title is unreadable
 * (502). Lists of several titles skip the one that raised it.
 */
export class UnexpectedAnswerError extends UpstreamError {
  constructor() {
    super('The catalogue service sent an unexpected answer.');
  }
}
