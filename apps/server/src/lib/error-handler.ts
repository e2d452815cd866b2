/**
 * How the server answers what went wrong, in one place: requests the HTTP parser or the router
 * refuse (ROB-3 in docs/robustness.md), a request that fails its schema (ROB-1), a module's
 * {@link DomainError}, any other error with a 4xx `statusCode`, a database that cannot carry the
 * request out (ROB-4), and everything else as a 500 that tells nothing of the server's insides.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { answerClientError } from './client-errors.ts';
import { unavailableAnswer } from './database-unavailable.ts';
import { DomainError } from './domain-error.ts';
import { invalidPathBody } from './request-guards.ts';

/** The message of a 500: nothing of the server's insides. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * The Fastify server options for requests that never reach a route, answered in the API's shape
 * (under `apiPrefix`, `{ code, message }` for identity calls, `{ error }` elsewhere):
 * - `clientErrorHandler`: requests Node's HTTP parser refuses (headers too large, raw bytes in
 *   the path) answer 431, 400 or 408 with `Connection: close`, without a body for HEAD (ROB-3);
 * - `frameworkErrors`: a URL the router cannot decode answers 400 'Invalid request path.' like
 *   any other non-canonical path (request-guards.ts), other router refusals (a malformed content
 *   type) 400 `{ error: message }`.
 */
export function requestErrorOptions(
  apiPrefix: string,
): Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors'> {
  return {
    clientErrorHandler: answerClientError(apiPrefix),
    frameworkErrors: (error, req, reply) => {
      if ((error as { code?: string }).code === 'FST_ERR_BAD_URL') {
        void (reply as FastifyReply).code(400).send(invalidPathBody(req.url, apiPrefix));
        return;
      }
      void (reply as FastifyReply).code(400).send({ error: error.message });
    },
  };
}

/** What the errors plugin tells the readiness checker (modules/health/readiness.ts). */
export interface OutageReporter {
  /** A request failed because the database could not be reached (ROB-4). */
  connectionLost(error: unknown): void;
  /** A request failed because the database refused the work: re-check soon. */
  nudge(): void;
}

export interface ErrorHandlerOptions {
  /**
   * The readiness checker, once there is one (it is built after the identity plugin, whose mail
   * outbox it checks); undefined before.
   */
  readiness: () => OutageReporter | undefined;
}

/**
 * Sets the app's error handler (registered on the root app, before any route). Answers, in
 * this order:
 * - a request that fails its zod schema: 400 `{ error: '<field path>: <message>' }` (ROB-1);
 * - a {@link DomainError} of 500 or more (an upstream such as TMDB failed): its `statusCode`
 *   with `{ error: message }`, logged as the warning 'upstream failed' (LIVE-1 in
 *   docs/requirements.md);
 * - any error with a numeric `statusCode` from 400 to 499 (every other {@link DomainError},
 *   Fastify's own refusals): that status with `{ error: message }`, and a DomainError's own
 *   `headers` (`Retry-After` on a 429);
 * - an error of the database that could not carry the request out: 503 with the message the
 *   app shows (ROB-4); a lost connection is reported to the readiness checker, which logs it
 *   once per outage, any other such error is logged and makes it re-check soon;
 * - anything else: logged as 'request failed', 500 `{ error: INTERNAL_ERROR_MESSAGE }`.
 */
const errorHandler: FastifyPluginAsync<ErrorHandlerOptions> = async (app, { readiness }) => {
  app.setErrorHandler((error, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = first?.message ?? 'Invalid request';
      return reply.code(400).send({ error: field ? `${field}: ${message}` : message });
    }
    if (error instanceof DomainError && error.statusCode >= 500) {
      req.log.warn({ err: error }, 'upstream failed');
      return reply.code(error.statusCode).send({ error: error.message });
    }
    const status =
      typeof error === 'object' && error !== null && 'statusCode' in error
        ? Number(error.statusCode)
        : 500;
    if (status >= 400 && status < 500) {
      if (error instanceof DomainError && error.headers) void reply.headers(error.headers);
      const message = error instanceof Error ? error.message : 'Bad request';
      return reply.code(status).send({ error: message });
    }
    const unavailable = unavailableAnswer(error, req.method);
    if (unavailable) {
      const checker = readiness();
      if (unavailable.cause === 'connection' && checker) {
        checker.connectionLost(error);
      } else {
        req.log.error({ err: error }, 'request failed: the database cannot take it');
        checker?.nudge();
      }
      return reply.code(503).send(unavailable.body);
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: INTERNAL_ERROR_MESSAGE });
  });
};

/** Register on the root app, first (not encapsulated, so every route's errors come here). */
export const errorHandlerPlugin = fp(errorHandler, { name: 'errors' });
