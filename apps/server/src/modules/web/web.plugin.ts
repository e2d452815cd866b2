/**
 * Serves the built single-page app: hashed assets under `/assets` with a one-year immutable cache,
 * `index.html` (never cached) for `/` and the spec's routes (history fallback), the installable
 * app's service worker and manifest (apps/web/pwa.config.ts; see {@link staticCacheControl}), and a
 * JSON 404 for unknown API paths. Each route's `index.html` carries `<link>` hints in `<head>`
 * (route-hints.ts, QUAL-2 in docs/requirements.md): module preloads of its lazy chunks and, with a
 * session cookie, the answers of its first data calls in the page (first-answers.ts, PERF-1), or
 * preloads of those the page does not carry; for a verified visitor of Home or the play page, the
 * first screen itself, rendered by the server (first-screen.ts, PERF-1).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { PAGES } from '@pigostream/contracts/pages';
import { collectFirstAnswers, firstAnswersBlock, type FirstAnswers } from './first-answers.ts';
import { firstAnswerFollowUps } from './follow-ups.ts';
import {
  answerValues,
  firstScreenShell,
  loadFirstScreenRenderer,
  pageWithFirstScreen,
  type RenderFirstScreen,
  viewportWidthFor,
} from './first-screen.ts';
import { createRouteHints, largestImagePreload, type RouteHints } from './route-hints.ts';
import { manifestFileOf, readViteManifest, type AppRoute } from './vite-manifest.ts';

/** The pages the app handles itself: every path of the table of pages (contracts' pages.ts). */
export const APP_ROUTES = Object.keys(PAGES) as readonly AppRoute[];

/**
 * The `Cache-Control` of a file of the build, by its path in the build folder with `/` between
 * folders (`assets/x.js`, `sw.js`):
 * - hashed files (`assets/*`, and Workbox's runtime `workbox-<content hash>.js`): one year,
 *   immutable;
 * - the service worker `sw.js`, the web app manifest `manifest.webmanifest` and the static shell
 *   `index.html`: `no-cache`, so a new build's worker (and the update prompt) is found on the
 *   next load, and a cache in between never serves a shell naming files the build no longer has;
 * - anything else (icons, the favicon): one hour.
 */
export function staticCacheControl(file: string): string {
  if (file.startsWith('assets/') || /^workbox-[\da-f]{8,}\.js$/.test(file)) {
    return 'public, max-age=31536000, immutable';
  }
  if (file === 'sw.js' || file === 'manifest.webmanifest' || file === 'index.html') {
    return 'no-cache';
  }
  return 'public, max-age=3600';
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>PigoStream</title>
<p>The web app is not built yet. Run <code>npm start</code> (it builds first) or <code>npm run build</code>.</p>`;

const webPlugin: FastifyPluginAsync<{ webDist: string; apiPrefix: string }> = async (
  app,
  { webDist, apiPrefix },
) => {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT;
  // Hints go just before `</head>` (on its own line); without a manifest or a `</head>`, none.
  const headEnd = built ? indexHtml.search(/[ \t]*<\/head>/i) : -1;
  let hints: RouteHints | undefined;
  if (headEnd >= 0 && existsSync(manifestFileOf(webDist))) {
    try {
      hints = createRouteHints(readViteManifest(webDist), apiPrefix);
    } catch (error) {
      app.log.warn({ err: error }, "The web build's manifest is unusable; serving no route hints");
    }
  }
  // The web build's server render of the first screen, loaded at the first page it renders
  // (about 20 MB of memory a server that serves none does without); without one, or when it
  // cannot be loaded (logged once), pages are served as before.
  let renderer: Promise<RenderFirstScreen | undefined> | undefined;
  const firstScreenRenderer = () =>
    (renderer ??= loadFirstScreenRenderer(webDist).catch((error: unknown) => {
      app.log.warn(
        { err: error },
        "The web build's server render is unusable; pages are served unrendered",
      );
      return undefined;
    }));
  const headHtml = indexHtml.slice(0, headEnd);
  const restHtml = indexHtml.slice(headEnd);
  const shell = hints ? firstScreenShell(headHtml, restHtml) : undefined;

  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      setHeaders(reply, file) {
        const inBuild = path.relative(webDist, file).split(path.sep).join('/');
        reply.header('cache-control', staticCacheControl(inBuild));
      },
    });
  }

  /**
   * The page of `url` (of `route`, asked by a browser saying `userAgent`) with its first screen
   * rendered from `answers` for its kind of screen (first-screen.ts), its head
   * holding `extra` and the data preloads of `preload` but no module preloads; undefined when
   * there is no render (no server entry, a screen the server does not render, no verified
   * user, a render that threw: logged).
   */
  const renderedPage = async (
    url: string,
    userAgent: string | undefined,
    route: AppRoute,
    answers: FirstAnswers,
    preload: { me: string | undefined; screen: string[] },
    extra: string,
  ): Promise<string | undefined> => {
    if (!hints || !shell || answers.size === 0) return undefined;
    const renderFirstScreen = await firstScreenRenderer();
    if (!renderFirstScreen) return undefined;
    const random = Math.random();
    let markup: string | undefined;
    try {
      markup = renderFirstScreen({
        url,
        answers: answerValues(answers),
        random,
        viewportWidth: viewportWidthFor(userAgent),
      });
    } catch (error) {
      app.log.warn({ err: error, url }, 'The first screen did not render; served unrendered');
    }
    if (markup === undefined) return undefined;
    return pageWithFirstScreen(shell, {
      headExtra: hints.linksFor(route, preload, { modules: false }) + extra,
      markup,
      random,
      modules: hints.modulesFor(route),
    });
  };

  for (const route of APP_ROUTES) {
    app.get(route, { schema: { hide: true } }, async (req, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (!hints) return reply.send(indexHtml);
      const query = req.url.indexOf('?');
      const request = {
        cookie: req.headers.cookie,
        search: query < 0 ? '' : req.url.slice(query + 1),
      };
      if (hints.variesByCookie(route)) reply.header('vary', 'cookie');
      const { me, screen } = hints.dataPathsFor(route, request);
      const answers: FirstAnswers =
        me === undefined
          ? new Map<string, string>()
          : await collectFirstAnswers(app, req, apiPrefix, me, screen, firstAnswerFollowUps);
      // The page now carries this visitor's data: no cache may keep it.
      if (answers.size > 0) reply.header('cache-control', 'no-store');
      // What the page does not carry is preloaded, but for a signed-out visitor, who is sent to
      // sign in: the screen's calls will not be made.
      const signedOut = me !== undefined && answers.get(me) === 'null';
      const preload = {
        me: me !== undefined && answers.has(me) ? undefined : me,
        screen: signedOut ? [] : screen.filter((path) => !answers.has(path)),
      };
      const extra = largestImagePreload(route, answers) + firstAnswersBlock(answers);
      const rendered = signedOut
        ? undefined
        : await renderedPage(req.url, req.headers['user-agent'], route, answers, preload, extra);
      if (rendered !== undefined) return reply.send(rendered);
      return reply.send(headHtml + hints.linksFor(route, preload) + extra + restHtml);
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '';
    if (urlPath.startsWith(apiPrefix) || req.method !== 'GET' || urlPath.startsWith('/assets/')) {
      return reply.code(404).send({ error: `No route ${req.method} ${urlPath}` });
    }
    // Unknown app path: the app renders its own not-found screen.
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
};

export default fp(webPlugin, { name: 'web' });
