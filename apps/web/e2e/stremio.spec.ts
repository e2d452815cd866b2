/**
 * The Stremio addon page (STREMIO-1, STREMIO-8 in docs/requirements.md), at phone and laptop size:
 * reached from the menu, it makes an addon link and shows it once (Install in Stremio, the
 * manifest URL, which answers the addon's manifest, with Copy), lists the profile's links, and
 * revokes one after asking, after which its manifest URL answers 404. Each test has an account of
 * its own (support/profiles-page.ts): a profile holds at most 5 links.
 */
import { addonManifestSchema, MAX_STREMIO_TOKENS } from '@pigostream/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openMenu, VIEWPORTS } from './support/home-page.ts';
import { confirmDialog } from './support/library-page.ts';
import { household } from './support/profiles-page.ts';
import { sameOrigin } from './support/same-origin.ts';

/** A manifest URL as the server answers it: `{origin}/pigo-stream/stremio/{token}/manifest.json`. */
const MANIFEST_URL = /^http:\/\/[^/]+\/pigo-stream\/stremio\/[A-Za-z0-9_-]{43}\/manifest\.json$/;

/** The page's heading. */
function heading(page: Page) {
  return page.getByRole('heading', { level: 1, name: 'Stremio addon' });
}

/** The new link's panel, shown once after 'Create addon link'. */
function newLink(page: Page) {
  return page.getByRole('region', { name: 'Your new addon link' });
}

/** The list of the profile's addon links. */
function links(page: Page) {
  return page.getByRole('list', { name: 'Addon links' }).getByRole('listitem');
}

/** Makes an addon link of the session's active profile through the API. */
async function createByApi(request: APIRequestContext): Promise<string> {
  const response = await request.post('/pigo-stream/stremio/tokens/create', {
    headers: sameOrigin(),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { manifestUrl: string }).manifestUrl;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('makes an addon link from the menu, copies its manifest URL, and revokes it', async ({
      browser,
      request,
    }, testInfo) => {
      const home = await household(browser, testInfo, {
        viewport,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      try {
        const { page } = home;
        await page.goto('/index');
        const menu = await openMenu(page);
        await menu.getByRole('link', { name: 'Stremio addon' }).click();
        await expect(page).toHaveURL(/\/stremio$/);
        await expect(heading(page)).toBeVisible();
        await expect(page).toHaveTitle('Stremio addon · PigoStream');
        await expect(page.getByText('No addon links yet.')).toBeVisible();
        await expect(page.getByText(/over https only, except at 127\.0\.0\.1/)).toBeVisible();
        await expectNoSeriousA11yViolations(page);

        await page.getByRole('button', { name: 'Create addon link' }).click();
        const panel = newLink(page);
        await expect(panel).toBeVisible();
        await expect(panel.getByRole('heading', { name: 'Your new addon link' })).toBeFocused();
        const field = panel.getByRole('textbox', { name: 'Manifest URL' });
        await expect(field).toHaveValue(MANIFEST_URL);
        await expect(field).toHaveAttribute('readonly', '');
        const manifestUrl = await field.inputValue();
        // The install link is the same address with Stremio's scheme.
        await expect(panel.getByRole('link', { name: 'Install in Stremio' })).toHaveAttribute(
          'href',
          manifestUrl.replace(/^https?:/, 'stremio:'),
        );
        // The test server is plain http at localhost: the page says Stremio will not take it.
        await expect(panel.getByText(/This address is plain http/)).toBeVisible();
        await expect(links(page)).toHaveCount(1);
        await expect(links(page).first()).toContainText('New');
        await expect(links(page).first()).toContainText('Not used yet');
        await expectNoSeriousA11yViolations(page);

        // What the field shows is the addon: its manifest, as Stremio reads it, with no cookie.
        const manifest = await request.get(manifestUrl);
        expect(manifest.status()).toBe(200);
        expect(manifest.headers()['access-control-allow-origin']).toBe('*');
        const parsed = addonManifestSchema.parse(await manifest.json());
        expect(parsed.resources).toEqual(
          expect.arrayContaining(['catalog', 'meta', 'stream', 'subtitles']),
        );
        expect(parsed.catalogs.length).toBeGreaterThan(0);

        await panel.getByRole('button', { name: 'Copy' }).click();
        await expect(panel.getByRole('status')).toHaveText('Copied to the clipboard.');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(manifestUrl);

        // Shown once: a new visit lists the link, now used by the manifest's fetch, and not its
        // address.
        await page.reload();
        await expect(heading(page)).toBeVisible();
        await expect(newLink(page)).toHaveCount(0);
        await expect(links(page)).toHaveCount(1);
        await expect(links(page).first()).toContainText('Last used');
        await expect(page.getByText(manifestUrl)).toHaveCount(0);

        await links(page)
          .first()
          .getByRole('button', { name: /^Revoke the link made / })
          .click();
        const dialog = confirmDialog(page);
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText('Stremio can no longer reach PigoStream through it.');
        await expectNoSeriousA11yViolations(page);
        await dialog.getByRole('button', { name: 'Revoke' }).click();
        await expect(dialog).toBeHidden();
        await expect(
          page.getByRole('status').filter({ hasText: 'Addon link revoked.' }),
        ).toBeVisible();
        await expect(page.getByText('No addon links yet.')).toBeVisible();
        await expect(page.getByRole('heading', { name: /^Addon links/ })).toBeFocused();

        // Revoked: the addon no longer answers through it.
        const gone = await request.get(manifestUrl);
        expect(gone.status()).toBe(404);
      } finally {
        await home.context.close();
      }
    });
  });
}

test('without a clipboard Copy selects the address; at 5 links Create says why it is off', async ({
  browser,
}, testInfo) => {
  const home = await household(browser, testInfo);
  try {
    const { page, request } = home;
    // A page that is not a secure context has no clipboard.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
    });
    await page.goto('/stremio');
    await page.getByRole('button', { name: 'Create addon link' }).click();
    const panel = newLink(page);
    await panel.getByRole('button', { name: 'Copy' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      'The address is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
    );
    const field = panel.getByRole('textbox', { name: 'Manifest URL' });
    await expect(field).toBeFocused();
    expect(
      await field.evaluate(
        (input: HTMLInputElement) =>
          input.selectionStart === 0 && input.selectionEnd === input.value.length,
      ),
    ).toBe(true);
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(panel).toHaveCount(0);

    for (let made = 1; made < MAX_STREMIO_TOKENS; made++) await createByApi(request);
    await page.reload();
    await expect(links(page)).toHaveCount(MAX_STREMIO_TOKENS);
    await expect(page.getByRole('button', { name: 'Create addon link' })).toBeDisabled();
    await expect(
      page.getByText('A profile holds at most 5 addon links. Revoke one first.'),
    ).toBeVisible();
  } finally {
    await home.context.close();
  }
});
