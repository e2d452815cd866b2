/**
 * The security headers every answer carries (QUAL-6 in docs/requirements.md, "Headers"): helmet's
 * policy, worked out once at start and then copied onto each reply. `@fastify/helmet` rebuilt the
 * helmet middleware, CSP parsing included, on every request, and set each header on the raw
 * response, where Node checks it again; under load that was a quarter of a cached catalogue call's
 * cost. {@link securityHeadersPlugin} is the policy the server sends.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
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
 * The headers of API answers (JSON, drawn art, media files): nothing in them may run, load or be
 * framed by another site (OWASP REST Security Cheat Sheet: `default-src 'none'`, nosniff, frame
 * rules). Helmet's other headers (opener policy, origin-agent-cluster, DNS prefetch, legacy XSS,
 * download and cross-domain switches) only mean something for a document, so API answers skip
 * them: 6 headers and about 250 bytes instead of 12 and about 750 on every call. Worked out by
 * helmet too, so the headers both sets share keep the same values.
 */
export const API_SECURITY_HEADERS: HeaderSet = securityHeadersOf({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'self'"] },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** Where API answers are: their path prefix, and the pages under it that are documents. */
export interface ApiPaths {
  /** Path prefix of the API, e.g. `/pigo-stream` (answers under `${prefix}/`). */
  prefix: string;
  /** Path prefixes under `prefix` that serve HTML pages (the API docs), which get page headers. */
  pages: readonly string[];
}

/**
 * Adds helmet's headers for `options` to every answer of `app` (an `onRequest` hook, so routes
 * may still set their own); with `api`, answers under the API prefix get
 * {@link API_SECURITY_HEADERS} instead, except its `pages`. @throws Error when helmet refuses
 * the options.
 */
export function addSecurityHeaders(
  app: FastifyInstance,
  options: Readonly<HelmetOptions>,
  api?: ApiPaths,
): void {
  const headers = securityHeadersOf(options);
  const plainHttpHeaders = withoutOpenerPolicy(headers);
  const apiStart = api ? `${api.prefix}/` : undefined;
  const pages = api?.pages ?? [];
  const isApi = (url: string) =>
    apiStart !== undefined &&
    url.startsWith(apiStart) &&
    !pages.some((page) => url === page || url.startsWith(`${page}/`));
  app.addHook('onRequest', (req, reply, done) => {
    if (isApi(req.url)) reply.headers(API_SECURITY_HEADERS);
    else {
      reply.headers(
        req.protocol === 'https' || isLoopbackName(req.hostname) ? headers : plainHttpHeaders,
      );
    }
    done();
  });
}

/**
 * `headers` without `Cross-Origin-Opener-Policy`, for pages served over plain http at a name
 * that is not loopback (the machine's LAN address, `nas.local`: ADDR-1 of docs/addresses.md).
 * Browsers ignore the header on such an untrustworthy origin and Chromium reports it as a
 * console error on every page load; it means nothing there.
 */
function withoutOpenerPolicy(headers: HeaderSet): HeaderSet {
  const rest = Object.fromEntries(
    Object.entries(headers).filter(([name]) => name !== 'cross-origin-opener-policy'),
  );
  return Object.freeze(rest);
}

/**
 * Whether a host name is a potentially trustworthy origin's over plain http (W3C Secure
 * Contexts): `localhost`, `*.localhost`, 127.0.0.0/8 or `[::1]`.
 */
export function isLoopbackName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/:\d+$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  );
}

/** Where AniList serves anime cover images (`coverImage.large`). */
const ANILIST_IMAGE_ORIGIN = 'https://s4.anilist.co';

export interface SecurityHeadersOptions {
  /** Path prefix of the API, `/pigo-stream`; its docs page is `${apiPrefix}/docs`. */
  apiPrefix: string;
  /** IMAGE_BASE_URL (`https://image.tmdb.org/t/p`): its host serves the posters pages load. */
  imageBaseUrl: string;
  /** The CSP source of the first screen's inline boot script, its `'sha256-...'` hash. */
  bootScript: string;
}

/**
 * The security headers of every answer (QUAL-2, QUAL-6 in docs/requirements.md): pages get a
 * CSP without inline script but the first screen's boot script (by its hash, PERF-1), images
 * from the site, `data:`, TMDB's image host and AniList's, frames from anywhere (the players'
 * embeds), media over https, and helmet's other headers but the embedder policy; API answers get
 * {@link API_SECURITY_HEADERS}, except the API docs, which are a page. Worked out once by helmet
 * ({@link addSecurityHeaders}). Register on the root app (not encapsulated).
 * @throws Error at registration when helmet refuses the policy.
 */
const securityHeaders: FastifyPluginAsync<SecurityHeadersOptions> = async (
  app,
  { apiPrefix, imageBaseUrl, bootScript },
) => {
  addSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          // TMDB's image host for posters, and AniList's for anime covers (live AniList answers
          // and imported AniList dumps both point there).
          'img-src': ["'self'", 'data:', imageBaseUrl.replace(/\/t\/p$/, ''), ANILIST_IMAGE_ORIGIN],
          // The inline script of pages with a server-rendered first screen, by its hash alone
          // (modules/web/first-screen.ts, PERF-1).
          'script-src': ["'self'", bootScript],
          'frame-src': ['*'],
          'media-src': ["'self'", 'https:', 'blob:'],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
    // API answers get the short set for answers nothing runs in; the API docs are a page.
    { prefix: apiPrefix, pages: [`${apiPrefix}/docs`] },
  );
};

/** The security headers' plugin ({@link securityHeaders}). */
export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
