/**
 * The user's recommended titles (API-RECO-1 in docs/requirements.md:
 * `GET /recommender/user_recommendations`).
 */
import { recommendationsSchema, type Recommendation } from '@pigostream/contracts';
import { recommendationsPath } from '@pigostream/contracts/api-paths';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * `GET /pigo-stream/recommender/user_recommendations?user_id={uid}`: up to 50 `[{ id, type }]`,
 * best first. @throws ApiError with an ERR-1 message.
 */
export function getRecommendations(uid: string, signal?: AbortSignal): Promise<Recommendation[]> {
  return apiGet(recommendationsPath(uid), recommendationsSchema, { signal });
}
