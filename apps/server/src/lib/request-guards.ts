/**
 * Checks every API request passes before any route or rule sees it (SEC-1 in docs/requirements.md:
 * security rules hold on what the code acts on, not on what the request spelled):
 * - {@link refuseNonCanonicalPaths}: a path the router and the identity library could read
 *   differently (dot segments, doubled slashes, backslashes, encoded slashes, bad escapes,
 *   control characters) answers 400;
 * - {@link refuseCrossOriginWrites}: a state-changing request sent from another origin, to a
 *   host name the server does not know, or naming no site at all answers 403 (Origin, else
 *   Referer, else Fetch Metadata);
 * - {@link parseJsonBody}: JSON bodies nested deeper than {@link MAX_JSON_DEPTH}, carrying a
 *   NUL character or a prototype key answer 400.
 * Refusals under `/identity/` use better-auth's `{ code, message }` shape, the rest `{ error }`.
 * {@link requestGuardsPlugin} adds all three to the app.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import { parseOrigin, refererOrigin, type TrustedOrigins } from './trusted-origins.ts';

/** The message of a refused path. */
export const INVALID_PATH_MESSAGE = 'Invalid request path.';
/** The message of a refused cross-origin write. */
export const FOREIGN_ORIGIN_MESSAGE = 'Requests from another site are not accepted.';
/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

/** What makes a path worth a closer look: `%`, `\`, a segment starting with `.`, `//`, controls. */
// eslint-disable-next-line no-control-regex
const SUSPECT_PATH = /[%\\\u0000-\u001f\u007f]|\/\.|\/\//;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const ENCODED_SEPARATOR = /%(2f|5c)/i;

/**
 * Whether `path` (no query) is the one spelling the router, better-auth's URL parser and the
 * file system all read the same way: no `.`/`..` segment (literal or `%2e`), no empty segment
 * except one trailing slash, no `\`, no `%2f`/`%5c`, no control character, valid escapes.
 */
export function isCanonicalPath(path: string): boolean {
  if (!SUSPECT_PATH.test(path)) return true;
  if (ENCODED_SEPARATOR.test(path) || path.includes('\\')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (CONTROL.test(decoded) || decoded.includes('\\')) return false;
  const segments = decoded.split('/').slice(1);
  if (segments.at(-1) === '') segments.pop();
  return segments.every((s) => s !== '' && s !== '.' && s !== '..');
}

/** The path of a request URL, without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * A refusal's body in the shape of the call's family: `{ code, message }` under
 * `{prefix}/identity/` (better-auth's shape), `{ error }` elsewhere.
 */
export function refusalBody(
  url: string,
  prefix: string,
  code: string,
  message: string,
): { code: string; message: string } | { error: string } {
  return url.startsWith(`${prefix}/identity/`) ? { code, message } : { error: message };
}

/** The 400 body for a refused path ({@link refusalBody} with `INVALID_PATH`). */
export function invalidPathBody(url: string, prefix: string) {
  return refusalBody(url, prefix, 'INVALID_PATH', INVALID_PATH_MESSAGE);
}

/**
 * Answers 400 (`INVALID_PATH`, 'Invalid request path.') for a request under `prefix` whose path
 * is not canonical ({@link isCanonicalPath}), before routing acts on it.
 */
export function refuseNonCanonicalPaths(app: FastifyInstance, prefix: string): void {
  app.addHook('onRequest', (req, reply, done) => {
    const path = pathOf(req.url);
    if ((path === prefix || path.startsWith(`${prefix}/`)) && !isCanonicalPath(path)) {
      void reply.code(400).send(invalidPathBody(req.url, prefix));
      return;
    }
    done();
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The message of a write that names none of Origin, Referer and Sec-Fetch-Site. */
export const UNNAMED_SITE_MESSAGE =
  'This request does not say which site sent it (no Origin, Referer or Sec-Fetch-Site header), so it is not accepted.';

/**
 * The message of a write sent to a host name the server does not know (ADDR-3 of
 * docs/addresses.md): it names the origin to add to ALLOWED_ORIGINS. `origin` is the
 * normalised origin the request was sent to.
 */
export function unknownHostMessage(origin: string): string {
  return `This server does not know the address ${origin}, so it takes no changes there. Add ${origin} to ALLOWED_ORIGINS in the server's settings and restart it.`;
}

/** Where a state-changing request says it comes from, as {@link writeSourceOf} reads it. */
export type WriteSource = 'trusted' | 'foreign' | 'unnamed';

/**
 * Where a state-changing request comes from (ADDR-2 of docs/addresses.md): its `Origin` decides
 * when present (`null`, a list, anything but one trusted origin is foreign); without it, the
 * origin of its `Referer`; with neither, Fetch Metadata (`Sec-Fetch-Site: same-origin` or
 * `none` is trusted, any other value foreign). With none of the three it is `unnamed`.
 */
export function writeSourceOf(req: FastifyRequest, trusted: TrustedOrigins): WriteSource {
  const origin = req.headers.origin;
  if (origin !== undefined) return trusted.has(origin) ? 'trusted' : 'foreign';
  if (req.headers.referer !== undefined) {
    const from = refererOrigin(req.headers.referer);
    return from !== undefined && trusted.has(from) ? 'trusted' : 'foreign';
  }
  const site = req.headers['sec-fetch-site'];
  if (site === undefined) return 'unnamed';
  return site === 'same-origin' || site === 'none' ? 'trusted' : 'foreign';
}

/**
 * The origin a request was sent to, normalised: `req.protocol` and `req.host` (which honour
 * `X-Forwarded-Proto` and `X-Forwarded-Host` only with TRUST_PROXY), or undefined when the
 * `Host` is missing or malformed.
 */
export function requestOriginOf(req: FastifyRequest): string | undefined {
  return parseOrigin(`${req.protocol}://${req.host}`);
}

/**
 * Whether a request naming no site may still write: only one without a cookie. It cannot act
 * for any browser's session (a non-browser client: the player app with its bearer token, a
 * script); browsers send `Origin` on every write, so a cookie with no site named is refused.
 */
function isCookieless(req: FastifyRequest): boolean {
  return !req.headers.cookie;
}

/**
 * Refuses a POST, PUT, PATCH or DELETE under `prefix` (ADDR-2, ADDR-3 of docs/addresses.md):
 * - 403 (`UNKNOWN_HOST`, {@link unknownHostMessage}) when the host name it was sent to is none
 *   of the trusted names (DNS rebinding, or an address to add to ALLOWED_ORIGINS);
 * - 403 (`FORBIDDEN_ORIGIN`, 'Requests from another site are not accepted.') when it comes from
 *   an origin that is not trusted ({@link writeSourceOf});
 * - 403 (`FORBIDDEN_ORIGIN`, {@link UNNAMED_SITE_MESSAGE}) when it names no site at all but
 *   carries a cookie.
 * Reads (GET, HEAD, OPTIONS) are never refused here: pages and catalogue answers work at any
 * host name.
 */
export function refuseCrossOriginWrites(
  app: FastifyInstance,
  prefix: string,
  trusted: TrustedOrigins,
): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith(`${prefix}/`)) {
      done();
      return;
    }
    const target = requestOriginOf(req);
    const refuse = (code: string, message: string) =>
      void reply.code(403).send(refusalBody(req.url, prefix, code, message));
    if (target === undefined || !trusted.hasName(target)) {
      refuse('UNKNOWN_HOST', unknownHostMessage(target ?? 'this address'));
      return;
    }
    const source = writeSourceOf(req, trusted);
    if (source === 'foreign') {
      refuse('FORBIDDEN_ORIGIN', FOREIGN_ORIGIN_MESSAGE);
      return;
    }
    if (source === 'unnamed' && !isCookieless(req)) {
      refuse('FORBIDDEN_ORIGIN', UNNAMED_SITE_MESSAGE);
      return;
    }
    done();
  });
}

/**
 * The origin links that leave the page start with (ADDR-4 of docs/addresses.md): the page's
 * origin (`Origin`, else the origin of `Referer`) when trusted, else the origin the request was
 * sent to when trusted, else `fallback` (PUBLIC_URL). Never an untrusted `Host`,
 * `X-Forwarded-Host`, `Forwarded` or `Origin`.
 */
export function linkOriginOf(
  req: FastifyRequest,
  trusted: TrustedOrigins,
  fallback: string,
): string {
  const candidates: (string | undefined)[] = [];
  const origin = req.headers.origin;
  if (origin !== undefined) candidates.push(parseOrigin(origin));
  else candidates.push(refererOrigin(req.headers.referer));
  candidates.push(requestOriginOf(req));
  for (const candidate of candidates) {
    if (candidate !== undefined && trusted.has(candidate)) return candidate;
  }
  return fallback;
}

const NUL_MESSAGE = 'Text may not contain NUL characters';

/** A 400 for a body the server will not act on. */
function badBody(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/**
 * Throws unless `value` nests at most {@link MAX_JSON_DEPTH} levels (counting from `depth`)
 * and holds no NUL in its strings or keys.
 * @throws Error with `statusCode` 400 saying what is wrong.
 */
export function checkValue(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw badBody(NUL_MESSAGE);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth >= MAX_JSON_DEPTH) throw badBody(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (Array.isArray(value)) {
    for (const item of value) checkValue(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) throw badBody(NUL_MESSAGE);
    checkValue(item, depth + 1);
  }
}

/**
 * Parses a JSON body with secure-json-parse (prototype keys refused, as Fastify's own parser
 * does), then refuses nesting deeper than {@link MAX_JSON_DEPTH} and NUL characters.
 * @throws Error with `statusCode` 400: 'Invalid JSON body', or what is wrong with it.
 */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, {
      protoAction: 'error',
      constructorAction: 'error',
    });
  } catch {
    throw badBody('Invalid JSON body');
  }
  checkValue(value, 0);
  return value;
}

/**
 * Replaces `scope`'s JSON parser with {@link parseJsonBody}. An empty body is `undefined` when
 * `allowEmpty`, else 400 as Fastify answers it.
 */
export function useSafeJsonParser(scope: FastifyInstance, allowEmpty: boolean): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      if (allowEmpty) done(null, undefined);
      else done(badBody("Body cannot be empty when content-type is set to 'application/json'"));
      return;
    }
    try {
      done(null, parseJsonBody(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

export interface RequestGuardsOptions {
  /** Path prefix of the API, `/pigo-stream`. */
  apiPrefix: string;
  /** The origins the site is reached at (trusted-origins.ts). */
  trusted: TrustedOrigins;
}

/**
 * The checks of this file on every request of the app, before any route (SEC-1 in
 * docs/requirements.md; ADDR-2, ADDR-3 of docs/addresses.md): non-canonical API paths answer
 * 400, writes from another origin or to an unknown host name 403 (both before any later
 * `onRequest` hook), and JSON bodies too deep or carrying NUL characters 400. Register on the
 * root app (not encapsulated).
 */
const requestGuards: FastifyPluginAsync<RequestGuardsOptions> = async (
  app,
  { apiPrefix, trusted },
) => {
  refuseNonCanonicalPaths(app, apiPrefix);
  refuseCrossOriginWrites(app, apiPrefix, trusted);
  useSafeJsonParser(app, false);
};

/** The request guards' plugin ({@link requestGuards}). */
export const requestGuardsPlugin = fp(requestGuards, { name: 'request-guards' });
