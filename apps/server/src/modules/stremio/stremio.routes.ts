/**
 * The Stremio addon's calls under `/pigo-stream` (STREMIO-1..9 in docs/requirements.md): the
 * token calls of the session's active profile, and the addon (stremio.addon.ts). Token calls
 * need a verified session (401) and send writes from the site's own origin only (ADDR-2):
 * - `GET /stremio/tokens` -> `{ tokens: [{ id, createdAt, lastUsedAt }] }`, oldest first (never
 *   a token);
 * - `POST /stremio/tokens/create` -> `{ id, token, manifestUrl, installUrl }`: the token, shown
 *   this once; `manifestUrl` is absolute, at the page's origin when trusted (else the request's
 *   when trusted, else PUBLIC_URL: ADDR-4), `installUrl` the same as `stremio://host[:port]/...`;
 *   409 `{ error }` when the profile holds 5;
 * - `POST /stremio/tokens/revoke { id }` -> `{ tokens }`: the addon stops answering through it at
 *   once, on every server; 404 `{ error }` for an id not of the active profile's tokens.
 * Errors: 400 `{ error }` for bad input, 401 without a verified session, 415 for bodies that are
 * not JSON.
 */
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdStremioTokenSchema,
  errorSchema,
  revokeStremioTokenBodySchema,
  stremioTokensSchema,
} from '@pigostream/contracts';
import {
  CREATE_STREMIO_TOKEN,
  REVOKE_STREMIO_TOKEN,
  STREMIO_TOKENS,
  routePath,
} from '@pigostream/contracts/endpoints';
import { linkOriginOf } from '../../lib/request-guards.ts';
import { requireVerifiedSession } from '../identity/index.ts';
import { addonRoutes, type AddonRoutesOptions } from './stremio.addon.ts';
import { AddonTokens } from './stremio.tokens.ts';

/** What the token calls and the addon run on. */
export type StremioRoutesOptions = AddonRoutesOptions;

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** The addon's links for a token: its manifest at `origin`, and Stremio's install link. */
export function addonLinks(
  origin: string,
  apiPrefix: string,
  token: string,
): { manifestUrl: string; installUrl: string } {
  const manifestUrl = `${origin}${apiPrefix}/stremio/${token}/manifest.json`;
  const url = new URL(manifestUrl);
  return { manifestUrl, installUrl: `stremio://${url.host}${url.pathname}` };
}

/** Registers the token calls (STREMIO-1) and the addon (STREMIO-2..9). */
export const stremioRoutes: FastifyPluginAsyncZod<StremioRoutesOptions> = async (app, opts) => {
  const tokens = new AddonTokens(opts.db);
  await app.register(async (scope) => {
    const calls = scope.withTypeProvider<ZodTypeProvider>();
    // Anonymous callers get 401 whatever they send.
    calls.addHook('onRequest', async (req) => {
      await requireVerifiedSession(req);
    });
    // Bodies are JSON only: anything else answers 415 (Fastify also parses text/plain).
    calls.removeContentTypeParser('text/plain');
    const tags = ['stremio addon'];

    /** STREMIO-1: the active profile's addon tokens. */
    calls.get(
      routePath.get(STREMIO_TOKENS),
      {
        schema: {
          tags,
          summary: "The active profile's addon tokens (never the token itself)",
          response: { 200: stremioTokensSchema, ...errors },
        },
      },
      async (req) => {
        const { user } = await requireVerifiedSession(req);
        return { tokens: await tokens.list(user.profileId) };
      },
    );

    /** STREMIO-1: a new token for the active profile, with its addon links; shown once. */
    calls.post(
      routePath.post(CREATE_STREMIO_TOKEN),
      {
        schema: {
          tags,
          summary: 'Make an addon token: { id, token, manifestUrl, installUrl }',
          response: { 200: createdStremioTokenSchema, ...errors },
        },
      },
      async (req) => {
        const { user } = await requireVerifiedSession(req);
        const { id, token } = await tokens.create(user.profileId);
        const origin = linkOriginOf(req, opts.trustedOrigins, opts.publicUrl);
        return { id, token, ...addonLinks(origin, opts.apiPrefix, token) };
      },
    );

    /** STREMIO-1: revokes a token of the active profile. */
    calls.post(
      routePath.post(REVOKE_STREMIO_TOKEN),
      {
        schema: {
          tags,
          summary: 'Revoke an addon token: { tokens }',
          body: revokeStremioTokenBodySchema,
          response: { 200: stremioTokensSchema, ...errors },
        },
      },
      async (req) => {
        const { user } = await requireVerifiedSession(req);
        return { tokens: await tokens.revoke(user.profileId, req.body.id) };
      },
    );
  });
  await app.register(addonRoutes, opts);
};
