/**
 * `GET /pigo-stream/app-config`: what the app shows from the server's configuration:
 * `{ chatUrl, sourceUrl }` (the sidebar's chat channel and source repository links, null when
 * unset; DEC-7 in docs/decisions.md). No session needed.
 */
import { APP_CONFIG, routePath } from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigSchema } from '@pigostream/contracts';
import type { Config } from '../../config.ts';

export const appConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get(
    routePath.get(APP_CONFIG),
    {
      schema: {
        tags: ['health'],
        summary: 'Sidebar links from configuration (null when unset)',
        response: { 200: appConfigSchema },
      },
    },
    () => config.links,
  );
};
