/**
 * Import and export calls under `/pigo-stream/transfer` (TRANSFER-7 in docs/requirements.md; not in
 * API-*, so shaped like its library calls). Every call needs a verified session (401
 * `{ error: 'User is not authenticated' }`) and must name the signed-in user (403). Errors: 400
 * `{ error }` for bad input or a file the import cannot read (naming the line), 413 for a file over
 * 20 MB, 415 for bodies that are not JSON. Nothing is written until apply-import.
 */
import { APPLY_IMPORT, EXPORT, PREVIEW_IMPORT, routePath } from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  exportQuerySchema,
  importApplyBodySchema,
  importPreviewBodySchema,
  importPreviewSchema,
  importResultSchema,
  IMPORT_MAX_BYTES,
  userIdParamsSchema,
} from '@pigostream/contracts';
import type { DatabaseHandle } from '@pigostream/db';
import type { TitleLookup } from '../catalogue/index.ts';
import { actingUser, libraryErrors, requireSignedIn } from '../library/index.ts';
import { TransferService } from './transfer.service.ts';

/** What the transfer calls run on. */
export interface TransferRoutesOptions {
  database: DatabaseHandle;
  /** Finds titles; with CATALOG_SOURCE=tmdb also through the live source's search. */
  lookup: TitleLookup;
}

/**
 * The body limit of an upload, in bytes: the file's 20 MB as a JSON string (quotes and line
 * breaks escaped) and the call's other fields. The file's own size is checked after parsing.
 */
const UPLOAD_BODY_LIMIT = Math.ceil(IMPORT_MAX_BYTES * 1.25);

/** Registers the import and export calls. */
export const transferRoutes: FastifyPluginAsyncZod<TransferRoutesOptions> = async (
  app,
  { database, lookup },
) => {
  const service = new TransferService(database, lookup);
  app.addHook('onRequest', requireSignedIn);
  app.removeContentTypeParser('text/plain');
  const tags = ['import and export'];
  const errors = { ...libraryErrors, 413: errorSchema };

  /**
   * Reads an uploaded export (Letterboxd, IMDb, Trakt, PigoStream) and answers what it holds
   * and how each title matched the catalogue (matched, uncertain with candidates, not found);
   * writes nothing. A kids' profile's titles above its rating limit are not found (PROFILE-7).
   */
  app.post(
    routePath.post(PREVIEW_IMPORT),
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Preview an import: the titles of the file and their matches',
        body: importPreviewBodySchema,
        response: { 200: importPreviewSchema, ...errors },
      },
    },
    async (req) => {
      const { userUID, fileName, content } = req.body;
      const user = await actingUser(req, userUID);
      return service.preview(fileName, content, user.ceiling);
    },
  );

  /**
   * Writes the titles the user confirmed (`entries`) into My List and Watch History in one
   * transaction, keeping their dates; importing the same entries again adds nothing. A kids'
   * profile naming a title above its rating limit: 403, nothing written (PROFILE-7).
   */
  app.post(
    routePath.post(APPLY_IMPORT),
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Apply an import: { ok, myList, watchHistory, episodes } counts',
        body: importApplyBodySchema,
        response: { 200: importResultSchema, ...errors },
      },
    },
    async (req) => {
      const { userUID, entries } = req.body;
      const user = await actingUser(req, userUID);
      return service.apply(user.profileId, entries, user.ceiling);
    },
  );

  /**
   * The user's My List and Watch History (and watch progress) as a file to download:
   * `?format=pigostream` (our JSON), `letterboxd` (diary CSV), `letterboxd-watchlist` (CSV),
   * `trakt` (Trakt-shaped JSON). A kids' profile's holds only titles within its rating limit
   * (PROFILE-7).
   */
  app.get(
    routePath.get(EXPORT),
    {
      schema: {
        tags,
        summary: "Export the user's lists as a file",
        params: userIdParamsSchema,
        querystring: exportQuerySchema,
        // The 200 answer is the file itself (CSV or JSON text); errors are `{ error }`.
      },
    },
    async (req, reply) => {
      const user = await actingUser(req, req.params.userId);
      const file = await service.export(user.uid, user.profileId, req.query.format, user.ceiling);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
