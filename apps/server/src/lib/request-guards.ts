/**
 * Checks every API request passes before any route or rule sees it (issue 14: security rules
 * hold on what the code acts on, not on what the request spelled):
 * - {@link refuseNonCanonicalPaths}: a path the router and the identity library could read
 *   differently (dot segments, doubled slashes, backslashes, encoded slashes, bad escapes,
 *   control characters) answers 400;
 * - {@link refuseCrossOriginWrites}: a state-changing request sent from another origin answers
 *   403 (Origin, or Fetch Metadata when there is no Origin);
 * - {@link parseJsonBody}: JSON bodies nested deeper than {@link MAX_JSON_DEPTH}, carrying a
 *   NUL character or a prototype key answer 400.
 * Refusals under `/identity/` use better-auth's `{ code, message }` shape, the rest `{ error }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';

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

/**
 * Whether a state-changing request came from one of `trusted` origins (exact serialised
 * origins, e.g. `https://pigo.example.com`). `Origin` decides when present (`null`, a list
 * or any other origin is foreign); without it, `Sec-Fetch-Site: cross-site|same-site` is
 * foreign; with neither (not a browser), the request is let through.
 */
export function isSameOriginWrite(req: FastifyRequest, trusted: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) return trusted.has(origin);
  const site = req.headers['sec-fetch-site'];
  return site !== 'cross-site' && site !== 'same-site';
}

/**
 * Answers 403 (`FORBIDDEN_ORIGIN`, 'Requests from another site are not accepted.') for a
 * POST, PUT, PATCH or DELETE under `prefix` from an origin not in `trustedOrigins` (PUBLIC_URL
 * and, without it, the local development origins).
 */
export function refuseCrossOriginWrites(
  app: FastifyInstance,
  prefix: string,
  trustedOrigins: readonly string[],
): void {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', (req, reply, done) => {
    if (
      !SAFE_METHODS.has(req.method) &&
      req.url.startsWith(`${prefix}/`) &&
      !isSameOriginWrite(req, trusted)
    ) {
      void reply
        .code(403)
        .send(refusalBody(req.url, prefix, 'FORBIDDEN_ORIGIN', FOREIGN_ORIGIN_MESSAGE));
      return;
    }
    done();
  });
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
