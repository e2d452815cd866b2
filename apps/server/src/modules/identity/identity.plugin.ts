/**
 * The identity module as a Fastify plugin (ARCH-23 in docs/architecture.md): resolves the secret,
 * builds the mailer and better-auth, decorates the app with `identity` (read by
 * identity.guard.ts from any route), and mounts `/pigo-stream/identity/*` (better-auth) and
 * `/pigo-stream/auth/*` (product calls). Register it before modules that guard user calls.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '@pigostream/db';
import type { Config } from '../../config.ts';
import type { ClusterBus } from '../../lib/cluster-bus.ts';
import { isConnectionError } from '../../lib/database-unavailable.ts';
import type { TrustedOrigins } from '../../lib/trusted-origins.ts';
import { createMailer, createMailOutbox } from '../mail/index.ts';
import { createIdentityAuth } from './identity.auth.ts';
import { identityProxyRoutes } from './identity.proxy.ts';
import { identityRoutes } from './identity.routes.ts';
import { resolveAuthSecret } from './identity.secret.ts';
import { IdentityService } from './identity.service.ts';

/** What the identity plugin needs from the app. */
export interface IdentityPluginOptions {
  config: Config;
  database: DatabaseHandle;
  /** The API prefix, `/pigo-stream`. */
  apiPrefix: string;
  /** Shares session revocation with the other servers (cluster-bus.ts). */
  bus: ClusterBus;
  /** The origins the site is reached at (lib/trusted-origins.ts). */
  trustedOrigins: TrustedOrigins;
}

const identityPlugin: FastifyPluginAsync<IdentityPluginOptions> = async (
  app,
  { config, database, apiPrefix, bus, trustedOrigins },
) => {
  const secret = await resolveAuthSecret(config.identity.secret, config.dataDir);
  const mailer = createMailer({
    config: config.mail,
    dataDir: config.dataDir,
    log: (details, message) => {
      app.log.info(details, message);
    },
  });
  const mail = createMailOutbox({ mailer, db: database.db, log: app.log });
  const basePath = `${apiPrefix}/identity`;
  /** When better-auth last failed because the database could not be reached, ms (ROB-4). */
  let connectionLostAt = 0;
  const makeAuth = (secureCookies: boolean) =>
    createIdentityAuth({
      db: database.db,
      config: config.identity,
      publicUrl: config.publicUrl,
      trustedOrigins,
      secureCookies,
      basePath,
      secret,
      mail,
      log: (level, message, details) => {
        const [first] = details;
        // A database that cannot be reached fails the request with 503 and is logged once per
        // outage by the readiness checker (ROB-4 of docs/robustness.md), not per request.
        // better-auth also announces a failed session join before it throws the query's error,
        // naming only the model; the error itself is answered and logged where it lands.
        const lost = level === 'error' && isConnectionError(first);
        const quiet =
          lost || (level === 'error' && message.startsWith('Failed to query fallback join'));
        if (lost) connectionLostAt = Date.now();
        app.log[quiet ? 'debug' : level](
          first instanceof Error ? { err: first } : { details },
          message,
        );
      },
    });
  const service = new IdentityService(
    makeAuth(false),
    () => makeAuth(true),
    mail,
    database.db,
    config.identity,
    bus,
  );
  app.decorate('identity', service);
  app.addHook('onClose', async () => {
    await mail.close();
    mailer.close();
  });

  const rules = {
    allowedEmailDomains: config.identity.allowedEmailDomains,
    passwordMinLength: config.identity.passwordMinLength,
  };
  await app.register(identityProxyRoutes, {
    prefix: apiPrefix,
    service,
    // Counters in the database, or in Redis when REDIS_URL is set: shared and kept on restart.
    limits: {
      db: database.db,
      redisUrl: config.redisUrl,
      onRedisError: (err) => {
        app.log.warn({ err }, 'Redis unavailable for the identity attempt counters');
      },
    },
    rules,
    publicUrl: config.publicUrl,
    trustedOrigins,
    basePath,
    databaseLost: () => Date.now() - connectionLostAt < 2_000,
  });
  await app.register(identityRoutes, { prefix: apiPrefix, service });
};

/** Register on the root app (not encapsulated, so every route sees `app.identity`). */
export default fp(identityPlugin, { name: 'identity' });
