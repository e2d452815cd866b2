/**
 * Watch history and My List calls of API-LIST-1..4, API-GEN-1, API-HIST-1..4 in
 * docs/requirements.md under `/pigo-stream` (search history: see search-history.routes.ts,
 * registered here too). Every call needs a verified session (401
 * `{ error: 'User is not authenticated' }`) and must name the signed-in user (403). Errors: 400
 * `{ error }` for bad input (fields, limits), 403 `{ error: 'Not available on this profile' }` for
 * a kids' profile saving a title above its rating limit (PROFILE-7), 404 for an unknown title or
 * an entry that is not there, 413 for bodies over the app's limit, 415 for bodies that are not
 * JSON. Nothing is written when a call fails.
 */
import {
  CLEAR_WATCH_HISTORY,
  IN_MY_LIST,
  MY_LIST,
  REMOVE_MY_LIST,
  REMOVE_WATCH_HISTORY,
  SAVE_MY_LIST,
  SAVE_WATCH_HISTORY,
  WATCH_HISTORY,
  routePath,
} from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  inListQuerySchema,
  inListSchema,
  libraryItemBodySchema,
  listLimitsQuerySchema,
  myListSchema,
  removedSchema,
  savedSchema,
  uidParamsSchema,
  userBodySchema,
  userIdParamsSchema,
  watchHistorySchema,
} from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import type { CatalogueSource } from '../catalogue/index.ts';
import { actingUser, requireSignedIn } from './library.auth.ts';
import { LibraryService } from './library.service.ts';
import { searchHistoryRoutes } from './search-history.routes.ts';

/** What the library calls run on. */
export interface LibraryRoutesOptions {
  db: Database;
  /** Checks titles and describes list items. */
  catalogue: CatalogueSource;
}

/** Error answers of every library call. */
export const libraryErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
} as const;

/** Registers the watch history, My List and search history calls. */
export const libraryRoutes: FastifyPluginAsyncZod<LibraryRoutesOptions> = async (
  app,
  { db, catalogue },
) => {
  const service = new LibraryService(db, catalogue);
  app.addHook('onRequest', requireSignedIn);
  // Bodies are JSON only: anything else answers 415 (Fastify also parses text/plain).
  app.removeContentTypeParser('text/plain');
  await app.register(searchHistoryRoutes, { service });

  const history = ['watch history'];
  const myList = ['my list'];

  /**
   * API-HIST-1: the user's watch history, newest first, movies and shows apart (default 12 each);
   * a kids' profile's only within its rating limit (PROFILE-7).
   */
  app.get(
    routePath.get(WATCH_HISTORY),
    {
      schema: {
        tags: history,
        summary: 'Watch history: { moviesHistory, showsHistory }, newest first',
        params: userIdParamsSchema,
        querystring: listLimitsQuerySchema,
        response: { 200: watchHistorySchema, ...libraryErrors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.params.userId);
      return service.watchHistory(user.profileId, req.query, user.ceiling);
    },
  );

  /**
   * API-HIST-2: records a watched title; a title already there moves to the front. A kids'
   * profile saving a title above its limit: 403 (PROFILE-7).
   */
  app.post(
    routePath.post(SAVE_WATCH_HISTORY),
    {
      schema: {
        tags: history,
        summary: 'Save a title to the watch history (moves it to the front if there)',
        body: libraryItemBodySchema,
        response: { 200: savedSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const { userUID, id, type } = req.body;
      const user = await actingUser(req, userUID);
      return {
        ok: true as const,
        added: await service.save('watch_history', user.profileId, type, id, user.ceiling),
      };
    },
  );

  /** API-HIST-3: removes one title from the watch history; 404 when it is not there. */
  app.delete(
    routePath.delete(REMOVE_WATCH_HISTORY),
    {
      schema: {
        tags: history,
        summary: 'Remove a title from the watch history',
        body: libraryItemBodySchema,
        response: { 200: removedSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const { userUID, id, type } = req.body;
      const user = await actingUser(req, userUID);
      await service.remove('watch_history', user.profileId, type, id);
      return { ok: true as const, removed: 1 };
    },
  );

  /** API-HIST-4: empties both watch-history lists; `removed` counts the titles removed. */
  app.delete(
    routePath.delete(CLEAR_WATCH_HISTORY),
    {
      schema: {
        tags: history,
        summary: 'Clear the watch history (movies and shows)',
        body: userBodySchema,
        response: { 200: removedSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.body.userUID);
      return { ok: true as const, removed: await service.clearHistory(user.profileId) };
    },
  );

  /**
   * API-LIST-1: adds a title to My List; a title already there is left as it is. A kids' profile
   * saving a title above its limit: 403 (PROFILE-7).
   */
  app.post(
    routePath.post(SAVE_MY_LIST),
    {
      schema: {
        tags: myList,
        summary: 'Add a title to My List (no change if it is there)',
        body: libraryItemBodySchema,
        response: { 200: savedSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const { userUID, id, type } = req.body;
      const user = await actingUser(req, userUID);
      return {
        ok: true as const,
        added: await service.save('my_list', user.profileId, type, id, user.ceiling),
      };
    },
  );

  /** API-LIST-2: removes a title from My List; 404 when it is not there. */
  app.delete(
    routePath.delete(REMOVE_MY_LIST),
    {
      schema: {
        tags: myList,
        summary: 'Remove a title from My List',
        body: libraryItemBodySchema,
        response: { 200: removedSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const { userUID, id, type } = req.body;
      const user = await actingUser(req, userUID);
      await service.remove('my_list', user.profileId, type, id);
      return { ok: true as const, removed: 1 };
    },
  );

  /**
   * API-LIST-3: My List, newest first, movies and shows apart (default 12 each); a kids'
   * profile's only within its rating limit (PROFILE-7).
   */
  app.get(
    routePath.get(MY_LIST),
    {
      schema: {
        tags: myList,
        summary: 'My List: { moviesList, showsList }, newest first',
        params: uidParamsSchema,
        querystring: listLimitsQuerySchema,
        response: { 200: myListSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.params.uid);
      return service.myList(user.profileId, req.query, user.ceiling);
    },
  );

  /**
   * The play page's in-list check (PLAY-12; its request is not shown, so this is ours):
   * `?id=&type=` answers `{ inList }`; without `type` the id matches a movie or a show. For a
   * kids' profile a title above its limit is not in the list (PROFILE-7).
   */
  app.get(
    routePath.get(IN_MY_LIST),
    {
      schema: {
        tags: myList,
        summary: 'Whether a title is in My List: { inList }',
        params: uidParamsSchema,
        querystring: inListQuerySchema,
        response: { 200: inListSchema, ...libraryErrors },
      },
    },
    async (req) => {
      const user = await actingUser(req, req.params.uid);
      const { id, type } = req.query;
      return { inList: await service.inMyList(user.profileId, id, type, user.ceiling) };
    },
  );
};
