/**
 * The server puts the first screen's answers into the page (issue 19: the sign-in check, Home's
 * trending rows and providers, the play page's title; apps/server/src/modules/web/
 * first-answers.ts), so the app does not ask for them on a full load. A test that answers those
 * calls itself with `page.route` takes them out first: the app then asks, as it does when it
 * opens the screen from another one, or when the server did not wait for a slow answer.
 */
import { FIRST_ANSWERS_ID } from '@pigostream/contracts/constants';
import type { Page } from '@playwright/test';
import { APP_URL } from './e2e-env.ts';

const DATA_BLOCK = new RegExp(
  `\\s*<script type="application/json" id="${FIRST_ANSWERS_ID}">[^<]*</script>`,
);

/** Pages already served without their answers. */
const stripped = new WeakSet<Page>();

/**
 * Serves `page`'s app pages (from the server at `origin`, default the main test server) from
 * now on without the answers the server put into them; once per page, however many helpers ask.
 */
export async function withoutFirstAnswers(page: Page, origin = APP_URL): Promise<void> {
  if (stripped.has(page)) return;
  stripped.add(page);
  await page.route(
    (url) => url.origin === origin && !url.pathname.startsWith('/pigo-stream/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(DATA_BLOCK, '');
      await route.fulfill({ response, body });
    },
  );
}
