/**
 * `POST /pigo-stream/playground/anime-info` (API-ANIME-1 in docs/requirements.md): AniList's
 * GraphQL protocol, answered from the local catalogue or forwarded to AniList (`source`), whose
 * answers are re-read against the local schema: unreadable fields answer null (anilist.reread.ts).
 * Errors: 400 `{ error }` for a bad body, 400 `{ errors, data: null }` for a query outside the
 * schema (either source), 429 `{ error }` when AniList limits the rate, 502
 * `{ error: 'Fetch failed: <status>' }` when AniList fails or times out. A kids' profile
 * (PROFILE-7) is answered only the entries within its rating limit (anime.service.ts); its
 * limit comes with the session (`ratingCeilingOf`), signed-out visitors and adults see all.
 */
import { ANIME_INFO, routePath } from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { animeInfoRequestSchema, errorSchema, graphqlResponseSchema } from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import type { CachedLoader } from '../../lib/shared-cache.ts';
import { ratingCeilingOf } from '../identity/index.ts';
import { createAnimeService } from './anime.service.ts';

export interface AnimeRoutesOptions {
  db: Database;
  /** `local`: answer from `anime_media`; `anilist`: forward to `anilistUrl`. */
  source: 'local' | 'anilist';
  anilistUrl: string;
  /** Bound of a whole AniList call, in ms. */
  timeoutMs: number;
  /** The shared upstream cache (live source answers are cached and shared through it). */
  loader: CachedLoader;
}

/** Registers the anime-info call; mount under the API prefix (the images route's sibling). */
export const animeRoutes: FastifyPluginAsyncZod<AnimeRoutesOptions> = async (app, options) => {
  const service = createAnimeService({
    ...options,
    imagesBase: `${app.prefix}/images`,
    // Drift in live answers: one warning per field and AniList call (lib/upstream-drift.ts).
    log: (details, message) => {
      app.log.warn(details, message);
    },
  });

  app.post(
    routePath.post(ANIME_INFO),
    {
      schema: {
        tags: ['anime'],
        summary:
          "AniList's GraphQL API for anime info: { query, variables: { search } } -> { data: { Page: { media } } }",
        body: animeInfoRequestSchema,
        response: {
          200: graphqlResponseSchema,
          '4xx': z.union([errorSchema, graphqlResponseSchema]),
          502: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const { query, variables, operationName } = req.body;
      const ceiling = await ratingCeilingOf(req);
      const answer = await service.answer({ query, variables, operationName }, ceiling);
      if (answer.status >= 500) req.log.warn({ answer: answer.body }, 'anime service failed');
      return reply
        .code(answer.status)
        .headers(answer.headers ?? {})
        .send(answer.body);
    },
  );
};
