/**
 * AniList answers through the shared upstream cache: identical requests in flight share one
 * call, successful answers stay fresh for an hour, and when AniList fails a stale answer is
 * served if there is one. A failed call is retried once (5xx or unreachable) inside the deadline
 * (lib/upstream-retry.ts, shared with the TMDB client).
 */
import { createHash } from 'node:crypto';
import type { CachedLoader } from '../../lib/shared-cache.ts';
import { RetryableError, withUpstreamRetries } from '../../lib/upstream-retry.ts';
import type { GraphqlResponse } from '@pigostream/contracts';
import {
  forwardToAnilist,
  TIMEOUT_MESSAGE,
  type AnilistClientOptions,
  type AnimeAnswer,
  type GraphqlRequest,
} from './anilist.client.ts';

/** How long an AniList answer counts as fresh, in ms. */
export const ANILIST_FRESH_MS = 60 * 60 * 1000;
/** Wait before the one retry, in ms. */
const RETRY_DELAY_MS = 200;

class FailedAnswer extends Error {
  constructor(readonly answer: AnimeAnswer) {
    super(`AniList answered ${answer.status}`);
  }
}

function isRetryable(answer: AnimeAnswer): boolean {
  return answer.status === 502 && 'error' in answer.body && answer.body.error !== TIMEOUT_MESSAGE;
}

/**
 * One forward, and a second when the first failed for a reason a retry can cure (5xx, an
 * answer that is not GraphQL, AniList unreachable; not a timeout), if it fits the deadline.
 */
async function forwardWithRetry(
  options: AnilistClientOptions,
  request: GraphqlRequest,
): Promise<AnimeAnswer> {
  try {
    return await withUpstreamRetries(
      async (left) => {
        const answer = await forwardToAnilist({ ...options, timeoutMs: left }, request);
        if (isRetryable(answer))
          throw new RetryableError(`AniList answered ${answer.status}`, undefined, answer);
        return answer;
      },
      { timeoutMs: options.timeoutMs, retries: 1, backoffMs: RETRY_DELAY_MS },
    );
  } catch (error) {
    if (error instanceof RetryableError && error.detail) return error.detail as AnimeAnswer;
    throw error;
  }
}

/**
 * Answers a GraphQL request from AniList via `loader`. A 200 answer's body goes through `reread`
 * once, when it arrives; what `reread` answers with 200 is cached. Other answers (GraphQL
 * errors, 429, 502, a 400 from `reread`) pass through unless a stale 200 can stand in.
 */
export async function answerFromAnilist(
  loader: CachedLoader,
  options: AnilistClientOptions,
  request: GraphqlRequest,
  reread: (body: GraphqlResponse) => AnimeAnswer,
): Promise<AnimeAnswer> {
  // `read:`: answers are cached re-read (anilist.reread.ts); raw ones cached before are not served.
  const hash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const key = `anilist:read:${hash}`;
  try {
    const body = await loader.load(key, ANILIST_FRESH_MS, async () => {
      const answer = await forwardWithRetry(options, request);
      if (answer.status !== 200) throw new FailedAnswer(answer);
      // forwardToAnilist answers 200 only with a GraphQL answer.
      const strict = reread(answer.body);
      if (strict.status !== 200) throw new FailedAnswer(strict);
      return strict.body;
    });
    return { status: 200, body };
  } catch (error) {
    if (error instanceof FailedAnswer) return error.answer;
    throw error;
  }
}
