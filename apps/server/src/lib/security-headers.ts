/**
 * The security headers every answer carries (issue 9, "Headers"): helmet's policy, worked out
 * once at start and then copied onto each reply. `@fastify/helmet` rebuilt the helmet middleware,
 * CSP parsing included, on every request, and set each header on the raw response, where Node
 * checks it again; under load that was a quarter of a cached catalogue call's cost.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Header name (lower case) to value. */
export type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers helmet sets with `options`, recorded from one run of its middleware against a
 * stand-in response. CSP directive values must be strings (functions of the request would be
 * worked out once, without one).
 * @throws Error when helmet refuses the options (it checks them when built).
 */
export function securityHeadersOf(options: Readonly<HelmetOptions>): HeaderSet {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      Reflect.deleteProperty(headers, name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure !== undefined) {
    throw failure instanceof Error ? failure : new Error('helmet refused the options');
  }
  return Object.freeze(headers);
}

/**
 * Adds helmet's headers for `options` to every answer of `app` (an `onRequest` hook, so routes
 * may still set their own). @throws Error when helmet refuses the options.
 */
export function addSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
