/**
 * The addon's titles (STREMIO-3, STREMIO-5 in docs/requirements.md): which catalogue title an
 * addon id names, whether the request's profile may see it, and its details as Stremio's meta
 * object: a movie, or a show with one video per episode (specials as season 0). Anime are the
 * catalogue's shows and movies they are linked to; an AniList entry with no such title is not
 * in the addon.
 */
import {
  type AddonType,
  type MediaDetails,
  type MediaType,
  type MetaDetail,
  type MetaVideo,
} from '@pigostream/contracts';
import type { CatalogueSource, TitleLookup } from '../catalogue/index.ts';
import { NotFoundError } from '../catalogue/index.ts';
import type { RatingGate } from '../library/index.ts';
import { absoluteImage, ratingText, type AddonRequest } from './stremio.catalogs.ts';
import { mediaTypeOf, parseAddonId } from './stremio.ids.ts';

/** What the titles are read from. */
export interface TitleDeps {
  catalogue: CatalogueSource;
  /** Finds a title by its IMDb id (the local tables). */
  lookup: TitleLookup;
  /** Whether a kids' profile may see a title (PROFILE-7). */
  gate: RatingGate;
}

/** A catalogue title, or one of its episodes, an addon id named. */
export interface AddonTitle {
  type: MediaType;
  id: number;
  /** Both set for an episode. */
  season?: number;
  episode?: number;
}

/**
 * The title (or episode) the addon id `addonId` of Stremio type `addonType` names, when the
 * catalogue knows it and the request's profile may see it: a `tt` id is looked up among the
 * catalogue's IMDb ids (the type's title). A movie's id names no episode.
 * @returns undefined for an id of no such shape, a type it is not, a title the catalogue does
 *   not know, or one above a kids' profile's limit (PROFILE-7).
 * @throws the catalogue source's errors.
 */
export async function titleOf(
  deps: TitleDeps,
  req: AddonRequest,
  addonType: string,
  addonId: string,
): Promise<AddonTitle | undefined> {
  const type = mediaTypeOf(addonType);
  const ref = parseAddonId(addonId);
  if (!type || !ref) return undefined;
  let id: number | undefined;
  if (ref.kind === 'tmdb') {
    if (ref.type !== type) return undefined;
    id = ref.id;
  } else {
    const found = await deps.lookup.byImdbIds([ref.imdbId]);
    id = found.find((t) => t.type === type)?.id;
  }
  if (id === undefined || (type === 'movie' && ref.season !== undefined)) return undefined;
  if ((await deps.gate.standing(type, id, req.profile.ceiling)) !== 'shown') return undefined;
  return ref.season === undefined
    ? { type, id }
    : { type, id, season: ref.season, episode: ref.episode ?? 1 };
}

/** `YYYY-MM-DD` as an ISO 8601 time at midnight UTC, or undefined. */
function isoDate(date: string | null | undefined): string | undefined {
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00.000Z` : undefined;
}

/** The year, or for a show its years: `2008-2013` when it ended, `2016-` while it runs. */
function releaseInfoOf(details: MediaDetails, type: MediaType): string | undefined {
  const start = (details.release_date ?? details.first_air_date ?? '').slice(0, 4);
  if (!/^\d{4}$/.test(start)) return undefined;
  if (type === 'movie') return start;
  const end = (details.last_air_date ?? '').slice(0, 4);
  const ended = details.status === 'Ended' || details.status === 'Canceled';
  return ended && /^\d{4}$/.test(end) ? (end === start ? start : `${start}-${end}`) : `${start}-`;
}

/** A show's episodes as videos of the meta `metaId`, by season then episode. */
async function videosOf(
  deps: TitleDeps,
  req: AddonRequest,
  showId: number,
  metaId: string,
): Promise<MetaVideo[]> {
  const guides = await deps.catalogue.episodeGuides([showId], (numbers) => numbers);
  return (guides.get(showId) ?? []).map((e) => ({
    id: `${metaId}:${String(e.season_number)}:${String(e.episode_number)}`,
    title: e.name === '' ? `Episode ${String(e.episode_number)}` : e.name,
    season: e.season_number,
    episode: e.episode_number,
    released: isoDate(e.air_date),
    thumbnail: absoluteImage(req.origin, e.still_path, 'w300'),
  }));
}

/**
 * The meta object of the title `addonId` of Stremio type `addonType` (STREMIO-5), under the id
 * it was asked by: a movie, or a show with its episodes as videos.
 * @returns undefined when {@link titleOf} finds none, or for an episode's id.
 * @throws the catalogue source's errors (UpstreamError from TMDB).
 */
export async function metaOf(
  deps: TitleDeps,
  req: AddonRequest,
  addonType: AddonType,
  addonId: string,
): Promise<MetaDetail | undefined> {
  const title = await titleOf(deps, req, addonType, addonId);
  if (!title || title.season !== undefined) return undefined;
  let details: MediaDetails;
  try {
    details = await deps.catalogue.details(title.type, title.id);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
  const minutes = title.type === 'movie' ? details.runtime : details.episode_run_time?.[0];
  const trailers = details.videos.results
    .filter((v) => v.site === 'YouTube' && v.type === 'Trailer')
    .slice(0, 3)
    .map((v) => ({ source: v.key, type: 'Trailer' as const }));
  const directors = details.credits.crew.filter((c) => c.job === 'Director').map((c) => c.name);
  return {
    id: addonId,
    type: addonType,
    name: details.title ?? details.name ?? '',
    poster: absoluteImage(req.origin, details.poster_path, 'w342'),
    background: absoluteImage(req.origin, details.backdrop_path, 'w1280'),
    description: details.overview === '' ? undefined : details.overview,
    releaseInfo: releaseInfoOf(details, title.type),
    genres: details.genres.map((g) => g.name),
    imdbRating: ratingText(details.vote_average, details.vote_count),
    released: isoDate(details.release_date ?? details.first_air_date),
    runtime: minutes ? `${String(minutes)} min` : undefined,
    cast: details.credits.cast.slice(0, 5).map((c) => c.name),
    director: directors.length > 0 ? directors : undefined,
    trailers: trailers.length > 0 ? trailers : undefined,
    videos: title.type === 'tv' ? await videosOf(deps, req, title.id, addonId) : undefined,
  };
}
