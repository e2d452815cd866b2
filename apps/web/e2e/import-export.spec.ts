/**
 * The Import & export page (TRANSFER-6 in docs/requirements.md): a Letterboxd watchlist uploaded
 * through the file input is previewed (matched, uncertain with candidates, not found) with nothing
 * written, imported after the user chose a candidate, and shows on My List; the same file again
 * adds nothing. A broken file names its line; a file over 20 MB is refused without a call. The
 * exports download the user's titles. Each test uses a fresh account, so its lists are known.
 */
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/client-address.ts';
import { VIEWPORTS } from './support/home-page.ts';
import { addToMyList, card, freshUser, section, watch } from './support/library-page.ts';
import { fixtureBytes, IMPORT_FIXTURES } from '../../server/test/helpers/import-fixtures.ts';

/** What the page calls each format and status (transfer-rules.ts' labels, as the user reads them). */
const FORMAT_NAMES = {
  letterboxd: 'Letterboxd',
  imdb: 'IMDb',
  trakt: 'Trakt',
  pigostream: 'PigoStream',
} as const;
const STATUS_NAMES = {
  matched: 'Matched',
  uncertain: 'Uncertain',
  'not-found': 'Not found',
} as const;

/** Starter-catalogue titles. */
const MATRIX = { id: 603, type: 'movie', title: 'The Matrix' } as const;
const INCEPTION = { id: 27205, type: 'movie', title: 'Inception' } as const;
const SINTEL = { id: 45745, type: 'movie', title: 'Sintel' } as const;
const GLADIATOR = { id: 98, type: 'movie', title: 'Gladiator' } as const;

/**
 * A Letterboxd watchlist: three titles the catalogue has, one misspelled ('Gladiatr', 2000:
 * uncertain, Gladiator offered) and one it does not have.
 */
const WATCHLIST = [
  'Date,Name,Year,Letterboxd URI',
  '2024-01-05,The Matrix,1999,https://boxd.it/2a1m',
  '2024-01-06,Inception,2010,https://boxd.it/1skk',
  '2024-01-07,Sintel,2010,https://boxd.it/1vq8',
  '2024-01-08,Gladiatr,2000,https://boxd.it/2aq2',
  '2024-01-09,Zqxj Vorpal Expanse,2003,https://boxd.it/zzzz',
].join('\n');

/** Chooses `content` as the file `name` in the page's file input. */
async function upload(page: Page, name: string, content: string | Buffer): Promise<void> {
  await page.getByLabel('Choose a file').setInputFiles({
    name,
    mimeType: name.endsWith('.json') ? 'application/json' : 'text/csv',
    buffer: typeof content === 'string' ? Buffer.from(content) : content,
  });
}

/** `text` as a regular expression matching it literally. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The preview's table of titles. */
function previewTable(page: Page): Locator {
  return page.getByRole('table');
}

/** The table row of the file's title `name` (its row header, 'Title (year)'). */
function row(page: Page, name: string): Locator {
  return previewTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(name)}`) }) });
}

/** Console errors and page errors of `page` from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a Letterboxd watchlist is previewed, imported after a choice, and again adds nothing', async ({
  browser,
}, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  const errors = consoleErrors(page);
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/transfer/apply-import')) writes.push(request.url());
  });
  await page.goto('/import-export');
  await expect(page.getByRole('heading', { level: 1, name: 'Import & export' })).toBeVisible();
  await expect(page).toHaveTitle('Import & export · PigoStream');

  await upload(page, 'watchlist.csv', WATCHLIST);
  await expect(page.getByRole('heading', { name: 'Preview of watchlist.csv' })).toBeFocused();
  await expect(page.getByText('Read as a Letterboxd export: 5 rows, 5 titles.')).toBeVisible();
  await expect(page.getByTestId('count-matched')).toContainText('3');
  await expect(page.getByTestId('count-uncertain')).toContainText('1');
  await expect(page.getByTestId('count-not-found')).toContainText('1');
  await expect(previewTable(page).getByRole('row')).toHaveCount(6);
  // Each matched row names the catalogue title it matched.
  for (const name of ['The Matrix (1999)', 'Inception (2010)', 'Sintel (2010)']) {
    await expect(row(page, name)).toContainText('My List');
    await expect(row(page, name)).toContainText('Matched');
    await expect(row(page, name).getByRole('cell').last()).toHaveText(name);
  }
  await expect(row(page, 'Zqxj Vorpal Expanse')).toContainText('Not found');
  await expect(row(page, 'Zqxj Vorpal Expanse')).toContainText('Not in the catalogue');
  const choice = row(page, 'Gladiatr').getByRole('combobox', {
    name: 'Catalogue title for Gladiatr (2000)',
  });
  await expect(row(page, 'Gladiatr')).toContainText('Uncertain');
  // Nothing is guessed: Skip until the user chooses.
  await expect(choice).toHaveValue('');
  await expect(choice.getByRole('option', { name: /^Gladiator \(2000\) · movie/ })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Import 3 titles' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  // Previewing wrote nothing.
  expect(writes).toEqual([]);
  const before = await user.request.get(
    `/pigo-stream/my-list/${user.uid}/fetch-my-list?movieLimit=20&showLimit=20`,
  );
  expect(((await before.json()) as { moviesList: unknown[] }).moviesList).toEqual([]);

  await choice.selectOption(`movie:${String(GLADIATOR.id)}`);
  await page.getByRole('button', { name: 'Import 4 titles' }).click();
  await expect(page.getByTestId('import-result')).toHaveText(
    'Added 4 to My List, 0 to Watch History; 0 already there',
  );
  await expect(page.getByRole('heading', { name: 'Imported watchlist.csv' })).toBeFocused();

  await page.getByRole('link', { name: 'Open My List' }).click();
  await expect(page).toHaveURL(/\/my-list$/);
  for (const title of [MATRIX, INCEPTION, SINTEL, GLADIATOR]) {
    await expect(card(page, 'My List: Movies', title)).toBeVisible();
  }
  await expect(section(page, 'My List: Movies').getByRole('list').getByRole('link')).toHaveCount(4);

  // The same file again: the matched titles are all there already.
  await page.goto('/import-export');
  await upload(page, 'watchlist.csv', WATCHLIST);
  await page.getByRole('button', { name: 'Import 3 titles' }).click();
  await expect(page.getByTestId('import-result')).toHaveText(
    'Added 0 to My List, 0 to Watch History; 3 already there',
  );
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByLabel('Choose a file')).toBeFocused();
  expect(errors).toEqual([]);
  await user.context.close();
});

test('every layout and encoding of the fixtures previews with its counts, its titles as written and their matches; a Windows-1252 file imports', async ({
  browser,
}, testInfo) => {
  // Sixteen previews, then an import: longer than one upload's test.
  test.setTimeout(120_000);
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  const errors = consoleErrors(page);
  await page.goto('/import-export');
  for (const fixture of IMPORT_FIXTURES) {
    // The file's own bytes, as the browser reads them from disk.
    await upload(page, fixture.file, fixtureBytes(fixture.file));
    await expect(page.getByRole('heading', { name: `Preview of ${fixture.file}` })).toBeFocused();
    const items = fixture.titles.reduce((n, t) => n + (t.items ?? 1), 0);
    await expect(
      page.getByText(
        `Read as a ${FORMAT_NAMES[fixture.format]} export: ${String(fixture.rows)} rows, ${String(items)} titles.`,
      ),
    ).toBeVisible();
    await expect(page.getByTestId('count-matched')).toContainText(String(fixture.counts.matched));
    await expect(page.getByTestId('count-uncertain')).toContainText(
      String(fixture.counts.uncertain),
    );
    await expect(page.getByTestId('count-not-found')).toContainText(
      String(fixture.counts.notFound),
    );
    for (const title of fixture.titles) {
      // The title as the file writes it, accents and all (no U+FFFD, no mojibake).
      const rows = row(page, `${title.title} (${String(title.year)})`);
      await expect(rows, title.title).toHaveCount(title.items ?? 1);
      await expect(rows.first()).toContainText(STATUS_NAMES[title.status]);
      if (title.shows) await expect(rows.first().getByRole('cell').last()).toHaveText(title.shows);
    }
    await expect(previewTable(page)).not.toContainText('\ufffd');
    if (fixture.encoding === 'windows-1252') {
      await page
        .getByRole('button', { name: `Import ${String(fixture.counts.matched)} titles` })
        .click();
      await expect(page.getByTestId('import-result')).toHaveText(
        `Added 0 to My List, ${String(fixture.counts.matched)} to Watch History; 0 already there`,
      );
    }
    await page.getByRole('button', { name: 'Start over' }).click();
    await expect(page.getByLabel('Choose a file')).toBeFocused();
  }
  // The Windows-1252 file's titles are in Watch History, under the catalogue's names.
  await page.goto('/watch-history');
  for (const title of [
    { id: 101, type: 'movie', title: 'Léon: The Professional' },
    { id: 637, type: 'movie', title: 'Life Is Beautiful' },
    { id: 13310, type: 'movie', title: 'Let the Right One In' },
  ] as const) {
    await expect(card(page, 'Watch History: Movies', title)).toBeVisible();
  }
  expect(errors).toEqual([]);
  await user.context.close();
});

test("a broken file shows the server's message naming its line; Start over clears the preview", async ({
  browser,
}, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  await page.goto('/import-export');
  await upload(page, 'watchlist.csv', `${WATCHLIST}\n2024-01-10,"Unclosed,2001,x`);
  await expect(page.getByRole('alert')).toContainText(/^watchlist\.csv line 7: /);
  // The file can be chosen again at once.
  await upload(page, 'watchlist.csv', WATCHLIST);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import 3 titles' })).toBeVisible();
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByLabel('Choose a file')).toBeFocused();
  await user.context.close();
});

test('a file dropped on the zone is read like a chosen one', async ({ browser }, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  await page.goto('/import-export');
  const zone = page.getByTestId('import-drop-zone');
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'watchlist.csv', { type: 'text/csv' }));
    return transfer;
  }, WATCHLIST);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByRole('heading', { name: 'Preview of watchlist.csv' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 3 titles' })).toBeVisible();
  await user.context.close();
});

test('a file that is not text (an image named .csv) is refused, naming it, without sending it', async ({
  browser,
}, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/transfer/')) sent.push(request.url());
  });
  await page.goto('/import-export');
  await upload(
    page,
    'poster.csv',
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
  );
  await expect(page.getByRole('alert')).toHaveText(
    'poster.csv is not a text file. Choose the .csv or .json file of your export (unzip it first).',
  );
  expect(sent).toEqual([]);
  // The next file is read as usual.
  await upload(page, 'watchlist.csv', WATCHLIST);
  await expect(page.getByRole('button', { name: 'Import 3 titles' })).toBeVisible();
  await user.context.close();
});

test('a file over 20 MB is refused without sending it', async ({ browser }, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/transfer/')) sent.push(request.url());
  });
  await page.goto('/import-export');
  await upload(page, 'diary.csv', Buffer.alloc(20 * 1024 * 1024 + 1, 'a'));
  await expect(page.getByRole('alert')).toHaveText('The file is larger than 20 MB.');
  expect(sent).toEqual([]);
  await user.context.close();
});

test("the export links download the user's titles in each format", async ({
  browser,
}, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  await addToMyList(user, [MATRIX, INCEPTION]);
  await watch(user, [SINTEL]);
  await page.goto('/import-export');
  const exports = page.getByRole('region', { name: 'Export' });
  const expected = [
    {
      name: /^PigoStream JSON/,
      format: 'pigostream',
      titles: ['The Matrix', 'Inception', 'Sintel'],
    },
    { name: /^Letterboxd diary CSV/, format: 'letterboxd', titles: ['Sintel'] },
    {
      name: /^Letterboxd watchlist CSV/,
      format: 'letterboxd-watchlist',
      titles: ['The Matrix', 'Inception'],
    },
    { name: /^Trakt JSON/, format: 'trakt', titles: ['The Matrix', 'Inception', 'Sintel'] },
  ];
  for (const { name, format, titles } of expected) {
    const link = exports.getByRole('link', { name });
    await expect(link).toHaveAttribute('download', '');
    const href = await link.getAttribute('href');
    expect(href).toBe(`/pigo-stream/transfer/${user.uid}/export?format=${format}`);
    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="/);
    const body = await response.text();
    for (const title of titles) expect(body).toContain(title);
  }
  // The diary holds the history only; the watchlist My List only.
  const diary = await page.request.get(
    `/pigo-stream/transfer/${user.uid}/export?format=letterboxd`,
  );
  expect(await diary.text()).not.toContain('The Matrix');

  // A click downloads the file under the server's name.
  const download = page.waitForEvent('download');
  await exports.getByRole('link', { name: /^Letterboxd watchlist CSV/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  await user.context.close();
});

for (const { name, viewport } of VIEWPORTS) {
  test(`${name}: the page and its preview keep clear of the screen's edges`, async ({
    browser,
  }, testInfo) => {
    const user = await freshUser(browser, testInfo, { viewport });
    const { page } = user;
    await page.goto('/import-export');
    // Keyboard: the file input is reached with Tab and shows its focus on its label.
    const input = page.getByLabel('Choose a file');
    for (let i = 0; i < 30 && !(await input.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(input).toBeFocused();
    await upload(page, 'watchlist.csv', WATCHLIST);
    await expect(page.getByRole('table')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    for (const part of [
      page.getByRole('heading', { level: 1 }),
      page.getByRole('table'),
      page.getByRole('button', { name: /^Import \d+ titles?$/ }),
      page.getByRole('region', { name: 'Export' }).getByRole('link').first(),
    ]) {
      const box = await part.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(16);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width - 16);
    }
    await user.context.close();
  });
}

test('the menu links to the page', async ({ browser }, testInfo) => {
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  await page.goto('/index');
  await page.getByRole('button', { name: /^Open menu/ }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Import & export' }).click();
  await expect(page).toHaveURL(/\/import-export$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import & export' })).toBeVisible();
  await user.context.close();
});
