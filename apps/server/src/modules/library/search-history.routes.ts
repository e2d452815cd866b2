/**
 * Search history calls of API-SEARCH-1..3, API-GEN-1 in docs/requirements.md under `/pigo-stream`
 * (VALID-6: a query is saved only when it differs from the latest saved one). Registered by
 * library.routes.ts, whose `onRequest` guard answers 401 without a verified session; a call naming
 * another user answers
 * 403. Bad input answers 400 `{ error }`.
 */
import {
  REMOVE_SEARCH_HISTORY,
  SAVE_SEARCH_HISTORY,
  SEARCH_HISTORY,
  routePath,
} from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  okSchema,
  removeSearchParamsSchema,
  saveSearchBodySchema,
  savedSearchSchema,
  searchHistoryEntrySchema,
  uidParamsSchema,
} from '@pigostream/contracts';
import { z } from 'zod';
import { actingUser } from './library.auth.ts';
import type { LibraryService } from './library.service.ts';

/** The library service the search-history calls share with library.routes.ts. */
export interface SearchHistoryRoutesOptions {
  service: LibraryService;
}

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Registers save, fetch and remove of the search history. */
export const searchHistoryRoutes: FastifyPluginAsyncZod<SearchHistoryRoutesOptions> = async (
  app,
  { service },
) => {
  const tags = ['search history'];

  /**
   * API-SEARCH-1: `{ userUID, searchQuery }`. The query is trimmed, 1 to 200 characters, without
   * control characters; it is saved only when it differs from the latest saved query (atomic
   * under concurrent saves). Answers the latest entry `{ id, query, saved }`.
   */
  app.post(
    routePath.post(SAVE_SEARCH_HISTORY),
    {
      schema: {
        tags,
        summary: 'Save a search query unless it equals the latest one',
        body: saveSearchBodySchema,
        response: { 200: savedSearchSchema, ...errors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.body.userUID);
      return service.saveSearch(user.profileId, req.body.searchQuery);
    },
  );

  /** API-SEARCH-2: `[{ id, query }]`, newest first, at most 50. */
  app.get(
    routePath.get(SEARCH_HISTORY),
    {
      schema: {
        tags,
        summary: 'The saved searches, newest first',
        params: uidParamsSchema,
        response: { 200: z.array(searchHistoryEntrySchema), ...errors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.params.uid);
      return service.searchHistory(user.profileId);
    },
  );

  /** API-SEARCH-3: removes one saved search by id; 404 when the user has no such entry. */
  app.delete(
    routePath.delete(REMOVE_SEARCH_HISTORY),
    {
      schema: {
        tags,
        summary: 'Remove a saved search',
        params: removeSearchParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.params.uid);
      await service.removeSearch(user.profileId, req.params.historyId);
      return { ok: true as const };
    },
  );
};
