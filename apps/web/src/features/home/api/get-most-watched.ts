/** The '#1 Most Watched' title (spec 1, spec 4 Home; `GET /index/most-watched`). */
import { mostWatchedSchema, type MediaRef } from '@pigostream/contracts';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

/**
 * `GET /pigo-stream/index/most-watched`: the title with the most watch events in the last 7
 * days as `{ id, type }` (contracts `mostWatchedSchema`), or null when there is none (the
 * server's 404).
 * @throws ApiError with a spec 8 message for any other failure.
 */
export async function getMostWatched(signal?: AbortSignal): Promise<MediaRef | null> {
  try {
    return await apiGet('/index/most-watched', mostWatchedSchema, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
