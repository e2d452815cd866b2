/**
 * The server puts the first screen's answers into the page (PERF-1 in docs/requirements.md: the
 * sign-in check, Home's trending rows and providers, the play page's title;
 * apps/server/src/modules/web/ first-answers.ts), so the app does not ask for them on a full load,
 * and renders Home and the play page from them (first-screen.ts), inert until the app takes the
 * page over. A test that answers those calls itself with `page.route` takes them out first: the app
 * then asks, as it does when it opens the screen from another one, or when the server did not wait
 * for a slow answer. A test of what the app does waits for it ({@link appReady}).
 */
import { FIRST_ANSWERS_ID } from '@pigostream/contracts/constants';
import { expect, type Page } from '@playwright/test';
import { APP_URL } from './e2e-env.ts';

const DATA_BLOCK = new RegExp(
  `\\s*<script type="application/json" id="${FIRST_ANSWERS_ID}">[^<]*</script>`,
);

/** `#root` holding a server-rendered screen, and the boot script after it (first-screen.ts). */
const RENDERED_ROOT =
  /<div id="root"[^>]*data-app="([^"]+)"[^>]*>[\s\S]*?<\/div>\s*<script>\(\(\)=>[\s\S]*?<\/script>/;

/**
 * `html` as the server sends it without a render of the first screen: an empty `#root` and the
 * app's module script in `<head>` in place of the rendered screen and its boot script.
 */
export function withoutFirstScreen(html: string): string {
  const app = RENDERED_ROOT.exec(html)?.[1];
  if (app === undefined) return html;
  return html
    .replace(RENDERED_ROOT, '<div id="root"></div>')
    .replace('</head>', `<script type="module" crossorigin src="${app}"></script></head>`);
}

/**
 * Waits until the app has taken `page` over: a screen the server rendered is inert until then
 * (keys and taps do nothing on it), and the app's first render replaces it.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('#root > [inert]')).toHaveCount(0, { timeout: 15_000 });
}

/** Pages already served without their answers. */
const stripped = new WeakSet<Page>();

/**
 * Serves `page`'s app pages (from the server at `origin`, default the main test server) from
 * now on without the answers the server put into them, nor the screen it rendered from them;
 * once per page, however many helpers ask.
 */
export async function withoutFirstAnswers(page: Page, origin = APP_URL): Promise<void> {
  if (stripped.has(page)) return;
  stripped.add(page);
  await page.route(
    (url) => url.origin === origin && !url.pathname.startsWith('/pigo-stream/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = withoutFirstScreen((await response.text()).replace(DATA_BLOCK, ''));
      await route.fulfill({ response, body });
    },
  );
}
