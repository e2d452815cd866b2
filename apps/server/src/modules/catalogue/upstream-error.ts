import { DomainError } from '../../lib/domain-error.ts';

/**
 * Raised when an upstream service (TMDB, AniList) fails or does not answer in time; the API
 * answers `statusCode` (502, or 503 while rate-limited) with `{ error: message }` (LIVE-1 in
 * docs/requirements.md).
 */
export class UpstreamError extends DomainError {
  override readonly name = 'UpstreamError';
  constructor(
    message: string,
    readonly statusCode = 502,
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
