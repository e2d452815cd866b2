/**
 * Title details for the Home hero (spec 7: `GET /index/media-details` for the hero, and
 * `GET /media-details` for recommendation candidates; decisions.md: both take `&type=`).
 */
import { apiGet } from '../../../lib/api-client.ts';
import { parseHeroMedia, type HeroMedia } from '../../../lib/catalogue-parsers.ts';
import type { MediaRef } from './get-most-watched.ts';

function detailsQuery({ id, type }: MediaRef): string {
  return new URLSearchParams({ id: String(id), type }).toString();
}

/**
 * `GET /pigo-stream/index/media-details?id=&type=`: the hero's title with every detail field.
 * @throws ApiError with a spec 8 message (404 for an unknown title).
 */
export function getHeroMedia(ref: MediaRef, signal?: AbortSignal): Promise<HeroMedia> {
  return apiGet(`/index/media-details?${detailsQuery(ref)}`, { parse: parseHeroMedia }, { signal });
}

/**
 * `GET /pigo-stream/media-details?id=&type=`: a recommendation candidate with `vote_average`
 * and `genres`. @throws ApiError with a spec 8 message.
 */
export function getMediaDetails(ref: MediaRef, signal?: AbortSignal): Promise<HeroMedia> {
  return apiGet(`/media-details?${detailsQuery(ref)}`, { parse: parseHeroMedia }, { signal });
}
