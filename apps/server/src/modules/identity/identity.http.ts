/**
 * Bridges Fastify and better-auth's web `Request`/`Response` handler: a Fastify request becomes
 * a `Request` at the same path under PUBLIC_URL, and the `Response` (status, headers, every
 * `Set-Cookie`, body) is sent back through the Fastify reply.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Request headers that describe the original connection or body, not the forwarded one. */
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'expect',
]);

/** Response headers Fastify sets itself for the body it sends. */
const DROPPED_RESPONSE_HEADERS = new Set(['content-length', 'set-cookie', 'transfer-encoding']);

/** Node's incoming headers as web `Headers`. */
export function toWebHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || DROPPED_REQUEST_HEADERS.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** How a Fastify request is turned into better-auth's `Request`. */
export interface ForwardOptions {
  /** Origin better-auth serves (PUBLIC_URL). */
  publicUrl: string;
  /** Path (and query) to forward to; defaults to the request's own URL. */
  url?: string;
  /** JSON body to forward; defaults to the parsed request body. */
  body?: unknown;
  /** Extra headers, replacing any of the same name (e.g. the client IP). */
  headers?: Record<string, string>;
}

/** The web `Request` better-auth's handler takes for a Fastify request. */
export function toWebRequest(req: FastifyRequest, options: ForwardOptions): Request {
  const headers = toWebHeaders(req.headers);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const body = options.body !== undefined ? options.body : req.body;
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(new URL(options.url ?? req.url, options.publicUrl), {
    method: req.method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

/**
 * Sends a web `Response` through the Fastify reply (return what this returns). `amend`, when
 * given, rewrites a JSON object answer (its content-length is recomputed).
 */
export async function sendWebResponse(
  reply: FastifyReply,
  response: Response,
  amend?: (answer: Record<string, unknown>) => Record<string, unknown>,
): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE_HEADERS.has(name) && !(amend && name === 'content-length')) {
      reply.header(name, value);
    }
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  let body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  if (amend && body && response.headers.get('content-type')?.includes('application/json')) {
    const answer = JSON.parse(body.toString('utf8')) as unknown;
    if (typeof answer === 'object' && answer !== null && !Array.isArray(answer)) {
      body = Buffer.from(JSON.stringify(amend(answer as Record<string, unknown>)));
    }
  }
  return reply.send(body);
}
