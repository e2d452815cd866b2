/**
 * The catalogue answered from TMDB v3 (CATALOG_SOURCE=tmdb): the same CatalogueSource calls as
 * the local source, through the shared cache with a freshness suited to each call.
 */
import type { z } from 'zod';
import type { MediaType } from '@pigostream/contracts';
import type { CachedLoader } from '../../../lib/shared-cache.ts';
import { NotFoundError, type CatalogueSource } from '../catalogue.source.ts';
import { UpstreamError } from '../upstream-error.ts';
import type { TmdbGet } from './tmdb.client.ts';
import { toDetails, toPage, toSeason } from './tmdb.mapper.ts';
import { tmdbDetailsSchema, tmdbPageSchema, tmdbSeasonSchema } from './tmdb.schemas.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** How long each kind of answer counts as fresh, in ms. */
export const FRESH_MS = {
  trending: 10 * MINUTE_MS,
  popular: 30 * MINUTE_MS,
  search: 5 * MINUTE_MS,
  discover: 30 * MINUTE_MS,
  details: 6 * HOUR_MS,
  season: 6 * HOUR_MS,
} as const;

async function read<T>(schema: z.ZodType<T>, answer: Promise<unknown>): Promise<T> {
  const parsed = schema.safeParse(await answer);
  if (!parsed.success) throw new UpstreamError('The catalogue service sent an unexpected answer.');
  return parsed.data;
}

/** Builds the TMDB source over a client and a cache. */
export function createTmdbSource(get: TmdbGet, loader: CachedLoader): CatalogueSource {
  const page = (
    key: string,
    fresh: number,
    path: string,
    params: Record<string, string | number>,
  ) => loader.load(key, fresh, () => read(tmdbPageSchema, get(path, params)));

  const details = async (type: MediaType, id: number) =>
    toDetails(
      await loader.load(`details:${type}:${id}`, FRESH_MS.details, () =>
        read(tmdbDetailsSchema, get(`${type}/${id}`, { append_to_response: 'credits,videos' })),
      ),
      type,
    );

  return {
    async trending(type, p) {
      return toPage(
        await page(`trending:${type}:${p}`, FRESH_MS.trending, `trending/${type}/week`, {
          page: p,
        }),
        type,
      );
    },
    async popular(type, p) {
      return toPage(
        await page(`popular:${type}:${p}`, FRESH_MS.popular, `${type}/popular`, { page: p }),
        type,
      );
    },
    async search(type, query, p) {
      const key = `search:${type}:${p}:${query.toLowerCase()}`;
      return toPage(await page(key, FRESH_MS.search, `search/${type}`, { query, page: p }), type);
    },
    async byProvider(type, providerId, region, p) {
      const key = `discover:${type}:${providerId}:${region}:${p}`;
      return toPage(
        await page(key, FRESH_MS.discover, `discover/${type}`, {
          with_watch_providers: providerId,
          watch_region: region,
          sort_by: 'popularity.desc',
          page: p,
        }),
        type,
      );
    },
    details,
    async summaries(type, ids) {
      // Details are cached for hours, so lists cost TMDB little after the first look.
      const found = await Promise.all(
        ids.map((id) =>
          details(type, id).then(
            (d) => d,
            (error: unknown) => {
              if (error instanceof NotFoundError) return undefined;
              throw error;
            },
          ),
        ),
      );
      return found.flatMap((d) =>
        d
          ? [
              {
                id: d.id,
                type,
                ...(type === 'movie' ? { title: d.title ?? '' } : { name: d.name ?? '' }),
                poster_path: d.poster_path,
                vote_average: d.vote_average,
                genres: d.genres.map((g) => ({ name: g.name })),
              },
            ]
          : [],
      );
    },
    async season(showId, seasonNumber) {
      const season = await loader.load(`season:${showId}:${seasonNumber}`, FRESH_MS.season, () =>
        read(tmdbSeasonSchema, get(`tv/${showId}/season/${seasonNumber}`)),
      );
      return toSeason(season, showId);
    },
  };
}
