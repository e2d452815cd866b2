/**
 * TMDB images for a test: the starter catalogue's images are drawn art, which the app draws in
 * the page (apps/web/src/components/art-image.tsx), so the `<img>` path (srcset, sizes, lazy
 * loading, a failing image host) is met only with TMDB image paths. {@link withTmdbImages}
 * gives a page those: every drawn-art path in the API's answers becomes a TMDB-style file name,
 * which the server's images route sends on to TMDB's image host (`IMAGE_BASE_URL`, outside this
 * machine); the page gets a small PNG for it here, as TMDB's host would send a JPEG.
 */
import type { Page } from '@playwright/test';
import { withoutFirstAnswers } from './first-answers.ts';

/** A 200x300 px PNG (603 bytes): real pixels at any density a 160 px card asks for. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAMgAAAEsCAIAAAAJmGvpAAACIklEQVR42u3SQQkAAAwDsUqrtEmficE+gSg4LtPCuUiAsTAWxgJjYSyMBcbCWBgLjIWxMBYYC2NhLDAWxsJYYCyMhbHAWBgLY4GxMBbGAmNhLIwFxsJYGAuMhbEwFhgLY2EsMBbGwlhgLIyFscBYGAtjgbEwFsYCY2EsjAXGwlgYC4yFsTAWGAtjYSwwFsbCWGAsjIWxwFgYC2OBsTAWxgJjYSyMBcbCWBgLjIWxMBYYC2NhLIylAsbCWBgLjIWxMBYYC2NhLDAWxsJYYCyMhbHAWBgLY4GxMBbGAmNhLIwFxsJYGAuMhbEwFhgLY2EsMBbGwlhgLIyFscBYGAtjgbEwFsYCY2EsjAXGwlgYC4yFsTAWGAtjYSwwFsbCWGAsjIWxwFgYC2OBsTAWxgJjYSyMBcbCWBgLjIWxMBYYC2NhLDAWxsJYGEsFjIWxMBYYC2NhLDAWxsJYYCyMhbHAWBgLY4GxMBbGAmNhLIwFxsJYGAuMhbEwFhgLY2EsMBbGwlhgLIyFscBYGAtjgbEwFsYCY2EsjAXGwlgYC4yFsTAWGAtjYSwwFsbCWGAsjIWxwFgYC2OBsTAWxgJjYSyMBcbCWBgLjIWxMBYYC2NhLDAWxsJYYCyMhbEwlgQYC2NhLDAWxsJYYCyMhbHAWBgLY4GxMBbGAmNhLIwFxsJYGAuMhbEwFhgLY2EsMBbGwlhgLIyFscBYGAtjgbEwFsYCY/FvAb0gbbfKBU8kAAAAAElFTkSuQmCC',
  'base64',
);

/** `"/art/poster/movie-603.svg?t=..."` -> `"/tmdb-poster-movie-603.jpg"`, in JSON text. */
const DRAWN_ART_PATH = /"\/art\/(poster|backdrop|still|profile|logo)\/([^"/?]+)\.svg(?:\?[^"]*)?"/g;

/**
 * From now on `page`'s API answers name TMDB image files instead of drawn art (the screen's
 * first answers are asked of the server, not read from the page), and TMDB's image host
 * answers with a PNG; with `hostFails`, the image host fails every image instead.
 */
export async function withTmdbImages(page: Page, { hostFails = false } = {}): Promise<void> {
  await withoutFirstAnswers(page);
  await page.route(
    (url) => url.pathname.startsWith('/pigo-stream/') && !url.pathname.includes('/images/'),
    async (route) => {
      try {
        const response = await route.fetch();
        const type = response.headers()['content-type'] ?? '';
        if (!type.includes('application/json')) {
          await route.fulfill({ response });
          return;
        }
        const body = (await response.text()).replace(
          DRAWN_ART_PATH,
          (_, kind: string, seed: string) => `"/tmdb-${kind}-${seed.replace(/[^\w.-]/g, '_')}.jpg"`,
        );
        await route.fulfill({ response, body });
      } catch (error) {
        // A call still on its way when the test ends has no one left to answer.
        if (/Test ended|disposed|closed/i.test(String(error))) return;
        throw error;
      }
    },
  );
  // The server sends these on to TMDB's host with a 301 (images.spec.ts checks that), and a
  // browser route sees only the first request of a redirect: the image is answered here.
  await page.route('**/pigo-stream/images/*/tmdb-*', (route) =>
    hostFails
      ? route.abort()
      : route.fulfill({
          status: 200,
          contentType: 'image/png',
          headers: { 'cache-control': 'public, max-age=86400' },
          body: PNG,
        }),
  );
}
