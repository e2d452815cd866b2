/**
 * Health in two parts (OPS-3 in docs/requirements.md):
 * - `GET /pigo-stream/health`: the process is alive and answering. Always 200
 *   `{ status: 'ok', databaseKind }`; for a liveness probe (restart when it stops answering).
 * - `GET /pigo-stream/health/ready`: the server can do its work. 200 with
 *   `{ status: 'ready', failing: [], database, mail }`, or 503 with `status: 'unavailable'` and the
 *   failing parts named (`failing: ['database' | 'mail']`, each part's `message`): the database
 *   takes a write (and the embedded database's disk has room), the mail transport (SMTP server or
 *   outbox folder) takes a message. With REDIS_URL, `redis` says whether Redis answers; without it
 *   servers go on alone, so it is reported but never failing (SCALE-5, SCALE-6). For a readiness
 *   probe or a load balancer.
 */
import { HEALTH, HEALTH_READY, routePath } from '@pigostream/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aliveSchema, readySchema } from '@pigostream/contracts';
import type { DatabaseHandle } from '@pigostream/db';
import type { Readiness } from './readiness.ts';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  readiness: Readiness;
}> = async (app, { database, readiness }) => {
  app.get(
    routePath.get(HEALTH),
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server process is alive',
        response: { 200: aliveSchema },
      },
    },
    () => ({ status: 'ok' as const, databaseKind: database.kind }),
  );

  app.get(
    routePath.get(HEALTH_READY),
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the database takes writes and mail can be sent',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_req, reply) => {
      const report = await readiness.check();
      return reply
        .code(report.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(report);
    },
  );
};
