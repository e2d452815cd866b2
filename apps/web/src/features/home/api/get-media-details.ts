/**
 * Title details for the Home hero (API-CAT-1, API-CAT-2 in docs/requirements.md:
 * `GET /index/media-details` for the hero, and `GET /media-details` for recommendation candidates;
 * DEC-9 in docs/decisions.md: both take `&type=`).
 */
import { mediaDetailsSchema, type MediaDetails, type MediaRef } from '@pigostream/contracts';
import { heroMediaDetailsPath, mediaDetailsPath } from '@pigostream/contracts/api-paths';
import { apiGet } from '../../../lib/api-client.ts';

/** A title as the hero shows it and the recommendation ranks it: the whole details answer. */
export type HeroMedia = MediaDetails;

/**
 * `GET /pigo-stream/index/media-details?id=&type=`: the hero's title with every detail field
 * (contracts `mediaDetailsSchema`).
 * @throws ApiError with an ERR-1 message (404 for an unknown title).
 */
export function getHeroMedia(ref: MediaRef, signal?: AbortSignal): Promise<HeroMedia> {
  return apiGet(heroMediaDetailsPath(ref), mediaDetailsSchema, { signal });
}

/**
 * `GET /pigo-stream/media-details?id=&type=`: a recommendation candidate with `vote_average`
 * and `genres` (contracts `mediaDetailsSchema`). @throws ApiError with an ERR-1 message.
 */
export function getMediaDetails(ref: MediaRef, signal?: AbortSignal): Promise<HeroMedia> {
  return apiGet(mediaDetailsPath(ref), mediaDetailsSchema, { signal });
}
