/**
 * Catalogue calls of API-CAT-1..7, API-GEN-1 in docs/requirements.md under `/pigo-stream`,
 * validated by the schemas in `@pigostream/contracts`. Errors: 400 `{ error }` for bad input, 404
 * `{ error }` for an unknown title or season. A kids' profile (PROFILE-7) is answered only titles
 * within its rating limit: the lists are filtered, and a title above it (or unrated, unless the
 * profile shows unrated titles) answers 403 `{ error: 'Not available on this profile' }` on the
 * details, media-info, trailer and season calls. The limit comes with the session
 * (`ratingCeilingOf`); signed-out visitors and adult profiles are answered as before.
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
  ratingAgeOf,
  searchQuerySchema,
  seasonDetailsSchema,
  showNumberQuerySchema,
  trailerSchema,
  withinCeiling,
  type MediaDetails,
  type RatingCeiling,
} from '@pigostream/contracts';
import { ratingCeilingOf } from '../identity/index.ts';
import { artPath } from '../images/index.ts';
import {
  NotAvailableOnProfileError,
  NotFoundError,
  type CatalogueSource,
} from './catalogue.source.ts';

const typeParams = z.object({ type: mediaTypeSchema });
const pageQuery = z.object({ page: pageSchema });
const idTypeQuery = z.object({ id: idSchema, type: mediaTypeSchema });
const errors = { 400: errorSchema, 404: errorSchema };
/** The answers of a call about one title: also 403 for a title above a kids' profile's limit. */
const titleErrors = { ...errors, 403: errorSchema };
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

/**
 * `details` when the profile whose limit is `ceiling` (undefined: none) may see the title: its
 * certification read on the one age scale (DEC-31 in docs/decisions.md, `ratingAgeOf`), none
 * known counting as unrated, which only a profile that shows unrated titles sees (PROFILE-7).
 * @throws NotAvailableOnProfileError (403 `{ error: 'Not available on this profile' }`)
 */
function onProfile(details: MediaDetails, ceiling: RatingCeiling | undefined): MediaDetails {
  if (!withinCeiling(ratingAgeOf(details.certification), ceiling)) {
    throw new NotAvailableOnProfileError();
  }
  return details;
}

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
    async (req) => source.trending(req.params.type, req.query.page, await ratingCeilingOf(req)),
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
    async (req) => source.popular(req.params.type, req.query.page, await ratingCeilingOf(req)),
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
    async (req) => {
      const ceiling = await ratingCeilingOf(req);
      return inSlowLane(() =>
        source.search(req.params.type, req.query.query, req.query.page, ceiling),
      );
    },
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
      const ceiling = await ratingCeilingOf(req);
      return source.byProvider(req.params.type, provider.id, region, req.query.page, ceiling);
    },
  );

  app.get(
    routePath.get(HERO_DETAILS),
    {
      schema: {
        tags,
        summary: 'Hero media details',
        querystring: idTypeQuery,
        response: { 200: mediaDetailsSchema, ...titleErrors },
      },
    },
    async (req) =>
      onProfile(await source.details(req.query.type, req.query.id), await ratingCeilingOf(req)),
  );

  app.get(
    routePath.get(MEDIA_DETAILS),
    {
      schema: {
        tags,
        summary: 'Media details; a missing type means movie, then tv',
        querystring: z.object({ id: idSchema, type: z.optional(mediaTypeSchema) }),
        response: { 200: mediaDetailsSchema, ...titleErrors },
      },
    },
    async (req) => {
      const ceiling = await ratingCeilingOf(req);
      if (req.query.type) {
        return onProfile(await source.details(req.query.type, req.query.id), ceiling);
      }
      let details: MediaDetails;
      try {
        details = await source.details('movie', req.query.id);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        details = await source.details('tv', req.query.id);
      }
      return onProfile(details, ceiling);
    },
  );

  app.get(
    routePath.get(MEDIA_INFO),
    {
      schema: {
        tags,
        summary: 'The play page media item with credits, seasons and videos',
        querystring: idTypeQuery,
        response: { 200: mediaDetailsSchema, ...titleErrors },
      },
    },
    async (req) =>
      onProfile(await source.details(req.query.type, req.query.id), await ratingCeilingOf(req)),
  );

  app.get(
    routePath.get(MEDIA_TRAILER),
    {
      schema: {
        tags,
        summary: 'The YouTube trailer link, or null',
        querystring: idTypeQuery,
        response: { 200: trailerSchema, ...titleErrors },
      },
    },
    async (req) => {
      const details = onProfile(
        await source.details(req.query.type, req.query.id),
        await ratingCeilingOf(req),
      );
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
        response: { 200: seasonDetailsSchema, ...titleErrors },
      },
    },
    async (req) => {
      // Under a limit the show's rating is read first (its details; no cost without one).
      const ceiling = await ratingCeilingOf(req);
      if (ceiling) onProfile(await source.details('tv', req.query.id), ceiling);
      return source.season(req.query.id, req.query.seasonNumber);
    },
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
