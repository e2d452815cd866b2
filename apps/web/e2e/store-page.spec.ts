/**
 * /pigostore (STORE-1 in docs/requirements.md, STORE-6) under each platform's user agent, against
 * the test server's release manifest (releases.e2e.json: windows and android 2.4.0, linux
 * 2.3.1; macos and ios have none).
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

const AGENTS = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macos:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
} as const;

const LABELS = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
} as const;

const CASES = [
  {
    platform: 'windows',
    version: 'Version 2.4.0',
    mark: 'Supported',
    url: 'https://downloads.example.org/pigoplayer-windows-2.4.0.zip',
  },
  {
    platform: 'android',
    version: 'Version 2.4.0',
    mark: 'Supported',
    url: 'https://downloads.example.org/pigoplayer-android-2.4.0.apk',
  },
  {
    platform: 'linux',
    version: 'Version 2.3.1',
    mark: 'Not supported',
    url: 'https://downloads.example.org/pigoplayer-linux-2.3.1.tar.gz',
  },
  { platform: 'macos', version: 'Not Available for macos', mark: 'Not supported', url: null },
  { platform: 'ios', version: 'Not Available for ios', mark: 'Not supported', url: null },
] as const;

function platformItems(page: Page) {
  return page.getByRole('region', { name: 'Platforms' }).getByRole('listitem');
}

for (const { platform, version, mark, url } of CASES) {
  test.describe(`as a ${platform} user`, () => {
    test.use({ userAgent: AGENTS[platform] });

    test(`shows ${version}, the ${mark.toLowerCase()} mark and the Download state`, async ({
      page,
    }) => {
      // No failed request (UI-3): the link is asked for only when there is a release.
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${String(response.status())} ${response.url()}`);
      });
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/pigostore/download-app')) asked.push(request.url());
      });
      await page.goto('/pigostore');
      await expect(
        page.getByRole('heading', { level: 1, name: 'PigoStream Player' }),
      ).toBeVisible();
      await expect(page.getByTestId('store-version')).toHaveText(version);

      const items = platformItems(page);
      await expect(items).toHaveText([/^Windows/, /^macOS/, /^Linux/, /^Android/, /^iOS/]);
      const detected = items.filter({ hasText: 'Your device' });
      await expect(detected).toHaveCount(1);
      await expect(detected).toHaveText(`${LABELS[platform]}Your device${mark}`);
      await expect(detected).toHaveAttribute('aria-current', 'true');

      const download = page.getByRole('button', { name: 'Download' });
      if (url) {
        await expect(download).toBeEnabled();
      } else {
        await expect(download).toBeDisabled();
      }
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      expect(failed).toEqual([]);
      expect(asked).toHaveLength(url ? 1 : 0);

      if (url) {
        // The download host is outside the test: answer the navigation here.
        await page.route(url, (route) =>
          route.fulfill({ status: 200, contentType: 'text/plain', body: 'player' }),
        );
        await download.click();
        await expect(page).toHaveURL(url);
      }
    });
  });
}

test.describe('on an unknown platform', () => {
  test.use({ userAgent: 'PigoTestAgent/1.0' });

  test("shows 'Not Available for unknown' without asking the server", async ({ page }) => {
    const storeCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/pigo-stream/pigostore/')) storeCalls.push(request.url());
    });
    await page.goto('/pigostore');
    await expect(page.getByTestId('store-version')).toHaveText('Not Available for unknown');
    await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
    await expect(platformItems(page)).toHaveCount(5);
    await expect(platformItems(page).filter({ hasText: 'Your device' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(storeCalls).toEqual([]);
  });
});

test('the install steps are listed', async ({ page }) => {
  await page.goto('/pigostore');
  await expect(
    page.getByRole('region', { name: 'How to install' }).getByRole('listitem'),
  ).toHaveText([
    'Click Download to get the .zip file.',
    'Extract it and run the installer.',
    'If needed, disable antivirus or ignore warnings.',
  ]);
});

test.describe('a link failure', () => {
  test.use({ userAgent: AGENTS.windows });

  test('is shown as an error notice and Download stays disabled', async ({ page }) => {
    await page.route('**/pigo-stream/pigostore/download-app*', (route) =>
      route.fulfill({ status: 400, json: { error: 'bad platform' } }),
    );
    await page.goto('/pigostore');
    await expect(page.getByTestId('store-version')).toHaveText('Version 2.4.0');
    await expect(page.getByRole('alert')).toContainText(
      'Unable to fetch data. Please try again later.',
    );
    await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
  });
});

test('Back goes one page back', async ({ page }) => {
  await page.goto('/watch-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Watch History' })).toBeVisible();
  await page.goto('/pigostore');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/watch-history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Watch History' })).toBeVisible();
});

test('Back in a tab with nothing to go back to opens Home', async ({ page }) => {
  // A new tab holds one page; Playwright's own tabs start with an extra about:blank entry.
  await page.addInitScript(() => {
    Object.defineProperty(History.prototype, 'length', { get: () => 1 });
  });
  await page.goto('/pigostore');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Trending: Movies' })).toBeVisible();
});
