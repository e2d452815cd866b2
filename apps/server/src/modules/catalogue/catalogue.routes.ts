/**
 * Catalogue calls of API-CAT-1..7, API-GEN-1 in docs/requirements.md under `/pigo-stream`,
 * validated by the schemas in `@pigostream/contracts`. Errors: 400 `{ error }` for bad input, 404
 * `{ error }` for an unknown title or season.
 */
import {
  BY_PROVIDER,
  HERO_DETAILS,
  MEDIA_DETAILS,
  MEDIA_INFO,
  MEDIA_TRAILER,
  POPULAR,
  PROVIDER_LIST,
  SEARCH,
  SEASON,
  TRENDING,
  routePath,
} from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inSlowLane } from '@pigostream/db';
import {
  errorSchema,
  findProvider,
  idSchema,
  mediaDetailsSchema,
  mediaPageSchema,
  mediaTypeSchema,
  pageSchema,
  PROVIDERS,
  providerSchema,
  searchQuerySchema,
  seasonDetailsSchema,
  showNumberQuerySchema,
  trailerSchema,
} from '@pigostream/contracts';
import { artPath } from '../images/index.ts';
import { NotFoundError, type CatalogueSource } from './catalogue.source.ts';

const typeParams = z.object({ type: mediaTypeSchema });
const pageQuery = z.object({ page: pageSchema });
const idTypeQuery = z.object({ id: idSchema, type: mediaTypeSchema });
const errors = { 400: errorSchema, 404: errorSchema };
/** `?seasonNumber=`: 0 (specials) to 9999 (ROB-1 of docs/robustness.md). */
const seasonNumberSchema = showNumberQuerySchema(0, 'seasonNumber must be a whole number');
const regionSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'region must be a two-letter country code')
  .transform((r) => r.toUpperCase())
  .optional();
const providerIdSchema = z
  .string({ error: 'provider is required' })
  .regex(/^\d{1,6}$/, 'provider must be a provider id')
  .transform(Number);

/**
 * The fixed streaming-provider list with drawn logo marks (DEC-5 in docs/decisions.md: no trademark
 * images).
 */
const providerList = PROVIDERS.map((p) => ({
  ...p,
  logo: artPath('logo', `provider-${p.id}-${p.bg}`, p.name),
}));

export interface CatalogueRoutesOptions {
  source: CatalogueSource;
}

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (
  app,
  { source },
) => {
  const tags = ['catalogue'];

  app.get(
    routePath.get(TRENDING),
    {
      schema: {
        tags,
        summary: 'Titles trending this week, 20 per page',
        params: typeParams,
        querystring: pageQuery,
        response: { 200: mediaPageSchema, ...errors },
      },
    },
    (req) => source.trending(req.params.type, req.query.page),
  );

  app.get(
    routePath.get(POPULAR),
    {
      schema: {
        tags,
        summary: 'Titles by popularity, 20 per page',
        params: typeParams,
        querystring: pageQuery,
        response: { 200: mediaPageSchema, ...errors },
      },
    },
    (req) => source.popular(req.params.type, req.query.page),
  );

  app.get(
    routePath.get(SEARCH),
    {
      schema: {
        tags,
        summary: 'Typo-tolerant search over titles and original titles, 20 per page',
        params: typeParams,
        querystring: z.object({ query: searchQuerySchema, page: pageSchema }),
        response: { 200: mediaPageSchema, ...errors },
      },
    },
    // A search over a large catalogue is the slowest common call: on the embedded database it
    // waits while cheaper calls' statements are queued (PERF-8).
    (req) => inSlowLane(() => source.search(req.params.type, req.query.query, req.query.page)),
  );

  app.get(
    routePath.get(BY_PROVIDER),
    {
      schema: {
        tags,
        summary:
          "Titles on a provider (12 is Crunchyroll's alias of 283); region defaults to the provider's",
        params: typeParams,
        querystring: z.object({
          provider: providerIdSchema,
          region: regionSchema,
          page: pageSchema,
        }),
        response: { 200: mediaPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      const provider = findProvider(req.query.provider);
      if (!provider) {
        return reply.code(400).send({ error: `Unknown provider ${req.query.provider}` });
      }
      const region = req.query.region ?? provider.region;
      return source.byProvider(req.params.type, provider.id, region, req.query.page);
    },
  );

  app.get(
    routePath.get(HERO_DETAILS),
    {
      schema: {
        tags,
        summary: 'Hero media details',
        querystring: idTypeQuery,
        response: { 200: mediaDetailsSchema, ...errors },
      },
    },
    (req) => source.details(req.query.type, req.query.id),
  );

  app.get(
    routePath.get(MEDIA_DETAILS),
    {
      schema: {
        tags,
        summary: 'Media details; a missing type means movie, then tv',
        querystring: z.object({ id: idSchema, type: z.optional(mediaTypeSchema) }),
        response: { 200: mediaDetailsSchema, ...errors },
      },
    },
    async (req) => {
      if (req.query.type) return source.details(req.query.type, req.query.id);
      try {
        return await source.details('movie', req.query.id);
      } catch (error) {
        if (error instanceof NotFoundError) return source.details('tv', req.query.id);
        throw error;
      }
    },
  );

  app.get(
    routePath.get(MEDIA_INFO),
    {
      schema: {
        tags,
        summary: 'The play page media item with credits, seasons and videos',
        querystring: idTypeQuery,
        response: { 200: mediaDetailsSchema, ...errors },
      },
    },
    (req) => source.details(req.query.type, req.query.id),
  );

  app.get(
    routePath.get(MEDIA_TRAILER),
    {
      schema: {
        tags,
        summary: 'The YouTube trailer link, or null',
        querystring: idTypeQuery,
        response: { 200: trailerSchema, ...errors },
      },
    },
    async (req) => {
      const details = await source.details(req.query.type, req.query.id);
      const video =
        details.videos.results.find((v) => v.site === 'YouTube' && v.type === 'Trailer') ??
        details.videos.results.find((v) => v.site === 'YouTube');
      return { youtubeTrailer: video ? `https://www.youtube.com/watch?v=${video.key}` : null };
    },
  );

  app.get(
    routePath.get(SEASON),
    {
      schema: {
        tags,
        summary: 'A season of a show with its episodes',
        querystring: z.object({ id: idSchema, seasonNumber: seasonNumberSchema }),
        response: { 200: seasonDetailsSchema, ...errors },
      },
    },
    (req) => source.season(req.query.id, req.query.seasonNumber),
  );

  app.get(
    routePath.get(PROVIDER_LIST),
    {
      schema: {
        tags,
        summary: 'The fixed list of streaming providers',
        response: { 200: z.array(providerSchema) },
      },
    },
    () => providerList,
  );
};
