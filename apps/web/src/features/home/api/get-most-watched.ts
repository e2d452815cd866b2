/**
 * The '#1 Most Watched' title (PROD-2 in docs/requirements.md, HOME-8; `GET /index/most-watched`).
 */
import { mostWatchedSchema, type MostWatched } from '@pigostream/contracts';
import { MOST_WATCHED } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/**
 * `GET /pigo-stream/index/most-watched`: the title with the most watch events in the last 7
 * days as `{ id, type }`, or null when there is none (contracts `mostWatchedSchema`).
 * @throws ApiError with an ERR-1 message when the call fails.
 */
export function getMostWatched(signal?: AbortSignal): Promise<MostWatched> {
  return callEndpoint(MOST_WATCHED, {}, mostWatchedSchema, { signal });
}
