/** The '#1 Most Watched' title (spec 1, spec 4 Home; `GET /index/most-watched`). */
import type { MediaType } from '@pigostream/contracts';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

/** A title reference `{ id, type }`. */
export interface MediaRef {
  id: number;
  type: MediaType;
}

/** Checks a `{ id, type }` answer by hand. @throws TypeError on any other shape. */
export function parseMediaRef(data: unknown): MediaRef {
  const v = (data ?? {}) as Record<string, unknown>;
  if (typeof v.id !== 'number' || !Number.isInteger(v.id) || v.id <= 0) {
    throw new TypeError('Unexpected title id');
  }
  if (v.type !== 'movie' && v.type !== 'tv') throw new TypeError('Unexpected title type');
  return { id: v.id, type: v.type };
}

/**
 * `GET /pigo-stream/index/most-watched`: the title with the most watch events in the last 7
 * days, or null when there is none (the server's 404).
 * @throws ApiError with a spec 8 message for any other failure.
 */
export async function getMostWatched(signal?: AbortSignal): Promise<MediaRef | null> {
  try {
    return await apiGet('/index/most-watched', { parse: parseMediaRef }, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
