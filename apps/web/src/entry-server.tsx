/**
 * The server's render of the first screen (PERF-2 in docs/requirements.md): Home (`/index`) and the
 * play page (`/play`) as HTML, from the answers the server puts into the page (first-answers.ts),
 * so the screen is painted before the app's scripts arrive. Built on its own by `vite build --ssr`
 * into `dist/.server/entry-server.js` and loaded by the server's web module
 * (apps/server/src/modules/web/first-screen.ts). The app does not hydrate this HTML: once it has
 * started, its own first render replaces it (the same screen from the same answers).
 */
import type { AuthUser } from '@pigostream/contracts/identity';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { AppLayout } from './app/app-layout.tsx';
import { Component as Home } from './app/routes/home.tsx';
import { Component as Play } from './app/routes/play.tsx';
import { setMe } from './features/auth/api/get-me.ts';
import { setFirstRandom } from './features/home/recommend.ts';
import { provideFirstAnswers } from './lib/first-answers.ts';
import { setServerWidth } from './lib/use-card-window.ts';
import { queryClient } from './lib/query-client.ts';

/** The screens the server renders, by path. */
export const FIRST_SCREEN_PATHS = ['/index', '/play'] as const;

/** What {@link renderFirstScreen} renders from. */
export interface FirstScreenInput {
  /** The page's path and query as requested (`/play?id=603&type=movie`). */
  url: string;
  /** The page's first answers by path (the JSON values the API sent), `/auth/me` among them. */
  answers: ReadonlyMap<string, unknown>;
  /** A number in [0, 1) for Home's random hero pick; the page carries it for the app. */
  random: number;
  /** The viewport width to assume, in px (default 1280): how many cards each row renders. */
  viewportWidth?: number;
}

/**
 * The first screen of `url` as HTML (the app frame with the screen in it), or undefined when
 * the page is not one the server renders: another path, or no verified user in the answers
 * (the app's route guard then decides). Synchronous in effect: the answers, the sign-in state
 * and the query cache are set for one render and cleared after it, so renders never mix.
 * @throws what a screen throws while rendering (the caller serves the page unrendered).
 */
export function renderFirstScreen({
  url,
  answers,
  random,
  viewportWidth = 1280,
}: FirstScreenInput): string | undefined {
  const path = url.split('?')[0];
  if (!FIRST_SCREEN_PATHS.some((screen) => screen === path)) return undefined;
  const user = answers.get('/auth/me') as AuthUser | null | undefined;
  if (!user?.emailVerified) return undefined;
  provideFirstAnswers(new Map(answers));
  setMe(user);
  setFirstRandom(random);
  setServerWidth(viewportWidth);
  try {
    return renderToString(
      <StaticRouter location={url}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/index" element={<Home />} />
            <Route path="/play" element={<Play />} />
          </Route>
        </Routes>
      </StaticRouter>,
    );
  } finally {
    queryClient.clear();
    provideFirstAnswers(new Map());
    setMe(null);
    setFirstRandom(undefined);
  }
}
