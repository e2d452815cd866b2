/**
 * Health and app configuration (OPS-3 in docs/requirements.md; HOME-2 sidebar links, DEC-7 in
 * docs/decisions.md): no session needed. Built with zod/mini: `/app-config` is read on every app
 * screen.
 */
import { z } from './zod.ts';

/**
 * `GET /app-config`: the sidebar's chat channel and source repository links, null when unset
 * (the app shows only absolute http(s) URLs).
 */
export const appConfigSchema = z.object({
  chatUrl: z.nullable(z.string()),
  sourceUrl: z.nullable(z.string()),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

const databaseKindSchema = z.enum(['pglite', 'postgres']);

/** `GET /health`: the process is alive and answering (always 200). */
export const aliveSchema = z.object({ status: z.literal('ok'), databaseKind: databaseKindSchema });

const partStatusSchema = z.enum(['up', 'down']);

/**
 * `GET /health/ready`: 200 `status: 'ready'` or 503 `'unavailable'` with the failing parts named;
 * `message` says why a part is down. `redis` only with REDIS_URL, never failing.
 */
export const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  failing: z.array(z.enum(['database', 'mail'])),
  database: z.object({
    status: partStatusSchema,
    kind: databaseKindSchema,
    message: z.optional(z.string()),
  }),
  mail: z.object({
    status: partStatusSchema,
    kind: z.enum(['smtp', 'outbox', 'memory']),
    pending: z.int().check(z.minimum(0)),
    message: z.optional(z.string()),
  }),
  redis: z.optional(z.object({ status: partStatusSchema, message: z.optional(z.string()) })),
});
export type ReadyReport = z.infer<typeof readySchema>;
