/**
 * `GET /pigo-stream/images/{size}/{path}`: the one image base the app uses, `{size}` one of {@link
 * ART_SIZES} (API-IMG-1 in docs/requirements.md's sizes and those of the web app's srcsets).
 * Drawn-art paths (`/art/{kind}/{seed}.svg?t=&y=&bg=`) are drawn here at that size; any other
 * `*_path` is redirected to TMDB's image host (`IMAGE_BASE_URL/{size}/{path}`). Errors: 400 for an
 * unknown size or kind, a path that is not one file name, or a seed that is not valid
 * percent-encoding.
 */
import { IMAGE, routePath } from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@pigostream/contracts';
import { ART_SIZES, drawArt } from './art.ts';

const ONE_YEAR_S = 31_536_000;
const ONE_DAY_S = 86_400;

export const imagesRoutes: FastifyPluginAsyncZod<{ imageBaseUrl: string }> = async (
  app,
  { imageBaseUrl },
) => {
  app.get(
    routePath.get(IMAGE),
    {
      schema: {
        tags: ['images'],
        summary: 'Poster, backdrop, still, profile and logo images in TMDB sizes',
        params: z.object({
          size: z.enum(ART_SIZES, { error: `size must be one of ${ART_SIZES.join(', ')}` }),
          '*': z.string(),
        }),
        querystring: z.object({
          t: z.string().max(200).optional(),
          y: z
            .string()
            .regex(/^\d{4}$/)
            .optional(),
          bg: z.enum(['dark', 'white']).optional(),
        }),
        response: { 400: errorSchema, 301: z.unknown(), 200: z.string() },
      },
    },
    async (req, reply) => {
      const rest = req.params['*'];
      const art = /^art\/(poster|backdrop|still|profile|logo)\/([^/]{1,120})\.svg$/.exec(rest);
      if (art?.[1] && art[2]) {
        const kind = art[1] as 'poster' | 'backdrop' | 'still' | 'profile' | 'logo';
        let seed: string;
        try {
          seed = decodeURIComponent(art[2]);
        } catch {
          return reply.code(400).send({ error: 'Unknown image path' });
        }
        const bg = req.query.bg ?? (seed.endsWith('-white') ? 'white' : undefined);
        const svg = drawArt({
          kind,
          size: req.params.size,
          seed,
          label: req.query.t ?? '',
          year: req.query.y,
          bg,
        });
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', `public, max-age=${ONE_YEAR_S}, immutable`)
          .send(svg);
      }
      if (rest.startsWith('art/') || rest.includes('..') || !/^[\w.-]+$/.test(rest)) {
        return reply.code(400).send({ error: 'Unknown image path' });
      }
      return reply
        .header('cache-control', `public, max-age=${ONE_DAY_S}`)
        .redirect(`${imageBaseUrl}/${req.params.size}/${rest}`, 301);
    },
  );
};
